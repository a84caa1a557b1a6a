/** General lists show 30 entries a page (docs/domain.md#limits). */
export const LIST_PAGE_SIZE = 30;

/** The requested page of a list, clamped to the pages that exist. */
export function pageOf<T>(items: T[], rawPage: string | null, size = LIST_PAGE_SIZE): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const requested = Number(rawPage ?? "1");
  const page = Number.isInteger(requested) ? Math.min(Math.max(requested, 1), pages) : 1;
  return { items: items.slice((page - 1) * size, page * size), page, pages };
}
