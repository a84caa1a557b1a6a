/** General lists show 30 entries a page (docs/domain.md#limits). */
export const LIST_PAGE_SIZE = 30;

/**
 * The requested page of a list of `total` entries, clamped to the pages that exist, and where it
 * starts: what a query needs for its OFFSET when the list is too long to load whole.
 */
export function pageBounds(
  total: number,
  rawPage: string | null,
  size = LIST_PAGE_SIZE,
): { page: number; pages: number; offset: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  const requested = Number(rawPage ?? "1");
  const page = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
  return { page, pages, offset: (page - 1) * size };
}

/** The requested page of a list, clamped to the pages that exist. */
export function pageOf<T>(
  items: T[],
  rawPage: string | null,
  size = LIST_PAGE_SIZE,
): { items: T[]; page: number; pages: number } {
  const { page, pages, offset } = pageBounds(items.length, rawPage, size);
  return { items: items.slice(offset, offset + size), page, pages };
}
