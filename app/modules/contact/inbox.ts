/** The contact inbox's filter and page as kept in the URL (docs/domain.md#contact-inbox). */
export const inboxFilters = ["unhandled", "handled"] as const;
export type InboxFilter = (typeof inboxFilters)[number];

export type InboxQuery = { filter: InboxFilter | null; page: number };

/** Read leniently: an unknown filter shows every message, a bad page the first. */
export function readInboxQuery(params: URLSearchParams): InboxQuery {
  const filter = params.get("show");
  const page = Number(params.get("page"));
  return {
    filter: (inboxFilters as readonly string[]).includes(filter ?? "") ? (filter as InboxFilter) : null,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The inbox's URL for a query, without the defaults. */
export function inboxHref(query: InboxQuery, page = query.page): string {
  const params = new URLSearchParams();
  if (query.filter) params.set("show", query.filter);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/contact?${search}` : "/admin/contact";
}
