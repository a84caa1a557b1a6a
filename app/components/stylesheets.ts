import type { LinksFunction } from "@remix-run/node";

/**
 * A route's `links` for the style sheets it renders with (docs/architecture.md#styles): each a
 * `?url` import of `app/styles/<sheet>.css`, linked after root's app.css and shared.css and its
 * layouts' sheets, in the order given, which is their order in the cascade.
 */
export const stylesheets =
  (...hrefs: string[]): LinksFunction =>
  () =>
    hrefs.map((href) => ({ rel: "stylesheet", href }));
