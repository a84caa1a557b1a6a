const BASE = "http://rueda.invalid";
/** Pages that make no sense to come back to after signing in. */
const authPages = ["/sign-in", "/sign-up", "/sign-out", "/activate", "/forgot-password", "/reset-password"];

/** A path on this site that no browser can read as another origin: one leading slash, no backslash or control characters. */
function isSameSitePath(path: string): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !/[\\\u0000-\u001f\u007f]/.test(path);
}

/**
 * A redirect target taken from user input, reduced to a path on this site
 * (docs/security.md#redirects). The input is normalised first (dot segments, percent-
 * encoded dots, backslashes) and the RESULT is what gets checked, because it is what the
 * Location header carries: "/.//evil.example" normalises to "//evil.example", which a
 * browser reads as another origin. Anything that is not a same-site path falls back.
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 1000) return fallback;
  if (!isSameSitePath(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (!isSameSitePath(target)) return fallback;
  if (authPages.includes(url.pathname)) return fallback;
  return target;
}

/**
 * Where an account lands after signing in when nothing asked for another page
 * (docs/domain.md#roles): staff and admins in the back office, drivers on the home page.
 */
export function homeFor(userType: string): string {
  return userType === "admin" || userType === "supplier" ? "/admin" : "/";
}

/** The place to send a signed-out visitor: the sign-in page, remembering where they were going. */
export function signInPath(url: URL): string {
  const params = new URLSearchParams(url.search);
  // Remix adds these to data requests; they are not part of the page's address.
  params.delete("_routes");
  params.delete("index");
  const query = params.toString();
  const target = safeRedirect(`${url.pathname}${query ? `?${query}` : ""}`, "");
  return target && target !== "/" ? `/sign-in?redirectTo=${encodeURIComponent(target)}` : "/sign-in";
}
