/*
 * CORS for the JSON API (docs/security.md#api-origins): browser and hybrid apps served from an
 * origin the operator lists in API_CORS_ORIGINS may call /api with credentials; every other
 * origin gets no CORS header at all, so a browser hides the answer from its page. The list is
 * exact (no wildcard): the answers carry credentials, so `*` is never sent.
 */

/** The methods of the API's operations (HEAD as GET). */
export const CORS_METHODS = "GET, HEAD, POST, DELETE";
/** What a page may send besides the CORS-safelisted headers. */
export const CORS_REQUEST_HEADERS = "Authorization, Content-Type, Accept-Language";
/** What a page may read besides the CORS-safelisted answer headers. */
const CORS_EXPOSED_HEADERS = "Content-Language, Retry-After, Allow";
/** How long a browser may keep a preflight's answer (10 minutes). */
const CORS_MAX_AGE = "600";

/** Whether `origin` is one the operator listed (compared as browsers send it: lower-case, no slash). */
export function isListedOrigin(origin: string | null, listed: readonly string[]): origin is string {
  return origin !== null && listed.includes(origin.toLowerCase());
}

/** The headers every API answer to a listed origin carries; none for any other. */
export function corsHeaders(origin: string | null, listed: readonly string[]): Record<string, string> {
  if (!isListedOrigin(origin, listed)) return {};
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Credentials": "true",
    "Access-Control-Expose-Headers": CORS_EXPOSED_HEADERS,
  };
}

export type PreflightAnswer =
  | { status: 204; headers: Record<string, string> }
  /** From an origin not listed: the API's `crossSite` refusal. */
  | { status: 403 };

/**
 * The answer to `OPTIONS` on an API path. A browser's preflight (it sends `Origin`) from a
 * listed origin: 204 with the methods and headers allowed; from any other origin: 403. An
 * OPTIONS without `Origin` (no browser page asks): 204 with `Allow`.
 */
export function preflight(origin: string | null, listed: readonly string[]): PreflightAnswer {
  const allow = { Allow: `${CORS_METHODS}, OPTIONS` };
  if (origin === null) return { status: 204, headers: allow };
  if (!isListedOrigin(origin, listed)) return { status: 403 };
  return {
    status: 204,
    headers: {
      ...allow,
      ...corsHeaders(origin, listed),
      "Access-Control-Allow-Methods": CORS_METHODS,
      "Access-Control-Allow-Headers": CORS_REQUEST_HEADERS,
      "Access-Control-Max-Age": CORS_MAX_AGE,
    },
  };
}
