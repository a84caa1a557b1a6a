const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export type WriteOrigin = {
  method: string;
  /** The browser's own verdict on where the request comes from (all current browsers send it). */
  secFetchSite: string | null;
  origin: string | null;
  /** APP_URL's origin and the origin the request was addressed to. */
  allowedOrigins: readonly string[];
  /**
   * An API call authenticated by `Authorization: Bearer` only, without the session cookie: it
   * carries no credential a browser adds by itself, so where it comes from does not matter.
   */
  bearerOnly?: boolean;
  /**
   * The request's Origin is an app origin the operator listed for the API (API_CORS_ORIGINS,
   * API paths only): its pages are trusted as the site's own (docs/security.md#api-origins).
   */
  listedOrigin?: boolean;
};

/**
 * Whether a state-changing request comes from another site and must be refused
 * (docs/security.md#cross-site-posts). The browser's Sec-Fetch-Site decides when sent;
 * otherwise the Origin header must be one of ours. A request with neither header is not
 * a browser's cross-site form post (no victim's cookies ride along), so it passes; nor is an
 * API call with a bearer token and no session cookie (a browser cannot send that header to
 * another origin without a CORS preflight, which the API never grants).
 */
export function isCrossSiteWrite({
  method,
  secFetchSite,
  origin,
  allowedOrigins,
  bearerOnly = false,
  listedOrigin = false,
}: WriteOrigin): boolean {
  if (safeMethods.has(method.toUpperCase()) || bearerOnly || listedOrigin) return false;
  if (secFetchSite) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (origin) return !allowedOrigins.includes(origin);
  return false;
}
