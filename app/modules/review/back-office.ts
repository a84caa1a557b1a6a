import { ROW_ID_MAX } from "~/utils/row-id";

/*
 * The back office's reviews page (docs/domain.md#reviews), what the browser shares with the
 * server: its query kept in the URL, read leniently (a bad value is no filter), and its links.
 */

/** How many months the aspect averages go back, the current one included. */
export const AVERAGE_MONTHS = 6;

export type ReviewsQuery = {
  page: number;
  /** An admin's filter by supplier; staff always read their own. */
  supplierId: number | null;
  /** The review whose hiding an admin is confirming (a page state, so it works without JavaScript). */
  hide: number | null;
};

const rowId = (value: string | null) => {
  const id = Number(value);
  return value && Number.isSafeInteger(id) && id > 0 && id <= ROW_ID_MAX ? id : null;
};

export function readReviewsQuery(params: URLSearchParams): ReviewsQuery {
  const page = Number(params.get("page"));
  return {
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
    supplierId: rowId(params.get("supplier")),
    hide: rowId(params.get("hide")),
  };
}

/** The page's URL for `query` at `page`, keeping the supplier filter; `hide` asks to confirm hiding that review. */
export function reviewsHref(query: Pick<ReviewsQuery, "supplierId">, page = 1, hide: number | null = null): string {
  const params = new URLSearchParams();
  if (query.supplierId) params.set("supplier", String(query.supplierId));
  if (page > 1) params.set("page", String(page));
  if (hide) params.set("hide", String(hide));
  const search = params.toString();
  return search ? `/admin/reviews?${search}` : "/admin/reviews";
}
