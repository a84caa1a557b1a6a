import type { LoaderFunctionArgs } from "@remix-run/node";
import { idOrNotFound } from "~/modules/http/not-found";
import { rentalPhotoFor } from "~/modules/counter/inspection.server";
import { requireUser } from "~/modules/user/auth.server";

/**
 * /booking/photo?p=<id>: one inspection photo of a rental (docs/domain.md#inspection), for the
 * booking's driver, its supplier's staff and admins; 404 for anyone else (docs/security.md#uploads).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const photo = await rentalPhotoFor(user, idOrNotFound(new URL(request.url).searchParams.get("p")));
  if (!photo) throw new Response(null, { status: 404 });
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType,
      "Content-Length": String(photo.bytes.byteLength),
      // Nobody but the people of the booking: no shared cache keeps it, nor a shared computer's.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
