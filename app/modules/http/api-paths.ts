/** Paths of the JSON API (docs/architecture.md#api): errors there are JSON, never an HTML page. */
export function isApiPath(pathname: string): boolean {
  return pathname === "/api" || pathname.startsWith("/api/");
}

/**
 * A URL as it may be written to a log: `/api/check-password/{id}/{password}` carries a
 * password in its path (the spec's call), so that segment and the query are replaced.
 */
export function loggableUrl(url: string): string {
  return url.replace(/^(\/api\/check-password\/[^/?#]*)\/[^?#]*(?:[?#].*)?$/i, "$1/[redacted]");
}

/**
 * Whether every segment of a path percent-decodes. The router warns about one that does not,
 * quoting the whole path in the log, which must never happen to a check-password URL.
 */
export function isDecodablePath(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}
