const BASE = "http://rueda.invalid";
/** Pages that make no sense to come back to after signing in. */
const authPages = ["/sign-in", "/sign-up", "/sign-out", "/activate", "/forgot-password", "/reset-password"];

/**
 * A redirect target taken from user input, reduced to a path on this site: anything
 * absolute, protocol-relative (`//evil`), backslashed or otherwise odd falls back, so a
 * sign-in link can never send someone to another origin.
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 1000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return fallback;
  // Control characters (tabs, newlines) are dropped by URL parsers and could turn "/\t/evil" into "//evil".
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  if (authPages.includes(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
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
