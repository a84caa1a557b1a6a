/*
 * Stored images are served at `/media/<key>.webp`, where the key is the SHA-256 of the
 * bytes: a URL always names the same bytes, so browsers and CDNs may keep a response for
 * good (docs/operations.md#uploads).
 */
const MEDIA_PREFIX = "/media/";
const MEDIA_NAME = /^([0-9a-f]{64})\.webp$/;

export function mediaPath(key: string): string {
  return `${MEDIA_PREFIX}${key}.webp`;
}

/** The key in a `/media/` file name, or null when the name is not exactly one. */
export function keyFromMediaName(name: string | undefined): string | null {
  const match = name === undefined ? null : MEDIA_NAME.exec(name);
  return match ? match[1] : null;
}

/** The key of a stored image's public path; null for any other path (the demo pictures under /images). */
export function keyFromMediaPath(path: string): string | null {
  return path.startsWith(MEDIA_PREFIX) ? keyFromMediaName(path.slice(MEDIA_PREFIX.length)) : null;
}

/** The image's ETag: its key, which changes whenever its bytes do. */
export function etagOf(key: string): string {
  return `"${key}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 §13.1.2 asks). */
export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}
