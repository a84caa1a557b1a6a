import type { AppLoadContext } from "@remix-run/node";

/*
 * A page's HTML, handed from the render (entry.server.tsx) to the adapter that writes it
 * (express-remix.server.ts) beside its Response rather than inside it. A Response built with a
 * body wraps it in a web ReadableStream that the adapter then reads back chunk by chunk; the
 * page is one finished Buffer (renderToString), so the adapter writes it at once. A profile of a
 * layout-only page put that round trip at about 6 % of its CPU
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md). Kept by the request's
 * load context, which Remix hands to the render as it is (it may rebuild the Response); a
 * response with a body of its own (data, resources) is written from it as before.
 */

/**
 * Where the context holds it: a registered symbol, since the render and the adapter are built
 * into two bundles (the app's and the server's), each with its own copy of this module.
 */
const BODY = Symbol.for("rueda.documentBody");
type Holder = { [BODY]?: Buffer };

/** A page's response: the status and headers; its HTML kept for the request's `takeDocumentBody`. */
export function documentResponse(context: AppLoadContext, html: Buffer, init: ResponseInit): Response {
  (context as Holder)[BODY] = html;
  return new Response(null, init);
}

/** The HTML the request's render made, if it made a page; taken once. */
export function takeDocumentBody(context: AppLoadContext): Buffer | undefined {
  const holder = context as Holder;
  const html = holder[BODY];
  delete holder[BODY];
  return html;
}
