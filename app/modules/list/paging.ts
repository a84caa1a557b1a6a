/** General lists show 30 entries a page (docs/domain.md#limits). */
export const LIST_PAGE_SIZE = 30;

/** The most entries an API client may ask for in one page with `pageSize` (docs/architecture.md#api-contract). */
export const MAX_PAGE_SIZE = 100;

/**
 * The requested page of a list of `total` entries, clamped to the pages that exist (a list with
 * no entries has one, empty, page; a missing or malformed page is the first), and what a query
 * needs for its LIMIT and OFFSET when the list is too long to load whole. `requested` is the
 * page as parsed (a number) or as found in the URL (a string, or null when absent).
 */
export function pageQuery(
  total: number,
  requested: number | string | null,
  size = LIST_PAGE_SIZE,
): { page: number; pages: number; offset: number; limit: number } {
  const pages = Math.max(1, Math.ceil(total / size));
  const wanted = typeof requested === "number" ? requested : Number(requested ?? "1");
  const page = Number.isInteger(wanted) ? Math.min(Math.max(wanted, 1), pages) : 1;
  return { page, pages, offset: (page - 1) * size, limit: size };
}

/** The requested page of a list, clamped to the pages that exist. */
export function pageOf<T>(
  items: T[],
  rawPage: string | null,
  size = LIST_PAGE_SIZE,
): { items: T[]; page: number; pages: number } {
  const { page, pages, offset } = pageQuery(items.length, rawPage, size);
  return { items: items.slice(offset, offset + size), page, pages };
}
