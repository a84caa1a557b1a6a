import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadImage } from "~/modules/images/images.server";
import { etagOf, ifNoneMatchHits, keyFromMediaName } from "~/modules/images/media-url";

/** A media URL names its bytes, so a copy is good for a year and never needs checking. */
const CACHE_FOREVER = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Not Found", {
    status: 404,
    // The same name may be stored again later: nobody should remember the miss.
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Stored images (avatars), served from the database by every web process (docs/operations.md#uploads). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const key = keyFromMediaName(params.name);
  const image = key ? await loadImage(key) : null;
  if (!key || !image) return notFound();
  const etag = etagOf(key);
  const headers = new Headers({ "Cache-Control": CACHE_FOREVER, ETag: etag, "X-Content-Type-Options": "nosniff" });
  if (ifNoneMatchHits(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", image.contentType);
  headers.set("Content-Length", String(image.bytes.byteLength));
  // Both database drivers return bytes over a plain ArrayBuffer, which is what BodyInit's type asks for.
  return new Response(image.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
