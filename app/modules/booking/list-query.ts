import { rowIdParam } from "~/utils/row-id";
import { localToInstant } from "~/modules/time/zoned-time";
import { searchText } from "~/modules/forms/text";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { dayInRange } from "~/modules/time/date-range";
import { bookingStatuses, type BookingStatus } from "./status";

/** docs/domain.md#limits: bookings 20 a page, 10 on mobile. */
export const BOOKINGS_PER_PAGE = 20;
export const BOOKINGS_PER_PAGE_MOBILE = 10;

/** The request headers that tell a phone: the client hint first, else the User-Agent. */
export const MOBILE_HINT = "Sec-CH-UA-Mobile";

/**
 * The bookings page size for the browser that asks. Decided on the server, so the list works
 * without JavaScript: the `Sec-CH-UA-Mobile` client hint when the browser sends it (Chromium
 * does once asked with `Accept-CH`), else a mobile User-Agent ("Mobi" or "Android").
 */
export function bookingsPageSize(headers: Pick<Headers, "get">): number {
  const hint = headers.get(MOBILE_HINT)?.trim();
  const mobile = hint ? hint === "?1" : /Mobi|Android/.test(headers.get("User-Agent") ?? "");
  return mobile ? BOOKINGS_PER_PAGE_MOBILE : BOOKINGS_PER_PAGE;
}

/**
 * The bookings list's filters as kept in the URL (a GET form), read leniently: a bad value is no
 * filter. `q` searches the reference and the driver's name and email (the back office's list).
 */
export type ListQuery = {
  status: BookingStatus | null;
  from: string;
  to: string;
  /** docs/domain.md#counter: bookings picked up, or returned, on this day of their place's clock. */
  pickupOn: string;
  returnOn: string;
  supplier: number | null;
  q: string;
  sort: ListSort | null;
  dir: "asc" | "desc";
  page: number;
};

/** The columns the back office's list sorts by, from the links in their headers (docs/domain.md#counter). */
export const listSorts = ["reference", "pickup", "dropoff"] as const;
export type ListSort = (typeof listSorts)[number];

/** The longest text search kept: a reference is 16 characters, an email at most 254. */
export const SEARCH_MAX = 100;

/** A real calendar day of the range (docs/domain.md#date-range; 2026-02-30 is none), else no filter. */
const date = (value: string | null) => (value && dayInRange(value) ? value : "");
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The "Sort by" select's values (`<column>.<asc|desc>`): the same orders as the headers' links,
 * for phones, where the table's header row is not shown (docs/domain.md#counter).
 */
export const listOrders = listSorts.flatMap((sort) => [`${sort}.asc`, `${sort}.desc`] as const);

/** A `sort`/`dir` pair from an order value; anything unknown is the default order. */
function sortOf(order: string): { sort: ListSort | null; dir: "asc" | "desc" } {
  const [sort, dir] = order.split(".");
  if (!(listSorts as readonly string[]).includes(sort)) return { sort: null, dir: "asc" };
  return { sort: sort as ListSort, dir: dir === "desc" ? "desc" : "asc" };
}

export function readListQuery(params: URLSearchParams): ListQuery {
  const status = params.get("status");
  const sort = params.get("sort");
  return {
    status: (bookingStatuses as readonly string[]).includes(status ?? "") ? (status as BookingStatus) : null,
    from: date(params.get("from")),
    to: date(params.get("to")),
    pickupOn: date(params.get("pickupOn")),
    returnOn: date(params.get("returnOn")),
    supplier: rowIdParam(params.get("supplier")),
    q: searchText(params.get("q") ?? "", SEARCH_MAX),
    ...sortOf(params.get("order") ?? (sort ? `${sort}.${params.get("dir") ?? "asc"}` : "")),
    page: positive(params.get("page")) ?? 1,
  };
}

/** The filter's calendar dates are days in the app's zone (America/Caracas); `to` includes its whole day. */
export function dateRange(query: ListQuery): { from: Date | null; to: Date | null } {
  const to = query.to ? localToInstant(`${query.to}T00:00`, APP_TIME_ZONE) : null;
  return {
    from: query.from ? localToInstant(`${query.from}T00:00`, APP_TIME_ZONE) : null,
    to: to ? new Date(to.getTime() + 86_400_000) : null,
  };
}

/** The query string of `query`'s filters (no page): the list's links and its CSV export keep them. */
export function filterParams(query: ListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  if (query.pickupOn) params.set("pickupOn", query.pickupOn);
  if (query.returnOn) params.set("returnOn", query.returnOn);
  if (query.supplier) params.set("supplier", String(query.supplier));
  if (query.q) params.set("q", query.q);
  if (query.sort) {
    params.set("sort", query.sort);
    params.set("dir", query.dir);
  }
  return params;
}

/**
 * The link of a column header: sorts by `column`, ascending first, the other way when it already
 * sorts by it; back to page 1, the filters kept.
 */
export function sortHref(path: string, query: ListQuery, column: ListSort): string {
  const dir = query.sort === column && query.dir === "asc" ? "desc" : "asc";
  return listHref(path, { ...query, sort: column, dir }, 1);
}

/** What a header's aria-sort says: how the list is sorted by that column, if it is. */
export function ariaSort(query: ListQuery, column: ListSort): "ascending" | "descending" | undefined {
  if (query.sort !== column) return undefined;
  return query.dir === "asc" ? "ascending" : "descending";
}

/** The list at `path` (/bookings or /admin/bookings) for `query` with `page`, keeping the filters; `confirm` asks to confirm deleting that booking. */
export function listHref(path: string, query: ListQuery, page: number, confirm?: number): string {
  const params = filterParams(query);
  if (page > 1) params.set("page", String(page));
  if (confirm) params.set("confirm", String(confirm));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
