import { rowIdParam } from "~/utils/row-id";
import { messages } from "~/modules/forms/messages";
import { defaultPeriod, parseRentalPeriod, type RentalPeriod } from "~/modules/availability/period";
import { normalizeLocal } from "~/modules/time/zoned-time";
import {
  filtersToParams,
  parseFilters,
  parseSort,
  SORT_PARAM,
  sortOrders,
  type SearchFilters,
  type SortOrder,
} from "./filters";

/** Cars 15 per page (docs/domain.md#limits). */
export const CARS_PER_PAGE = 15;
/** The most cars an API client may ask for in one page: the count's cost grows with it (result-count.ts). */
export const MAX_CARS_PER_PAGE = 50;
/** Deep pages cost a long index walk and nobody reads them; the pager stops here. */
export const MAX_PAGE = 200;

export const searchParamNames = {
  pickup: "pickup",
  dropoff: "dropoff",
  same: "same",
  from: "from",
  to: "to",
  page: "page",
} as const;

/** What the form shows: the values as typed, so a wrong one is shown back with its message. */
export type SearchFormValues = { pickup: string; dropoff: string; same: boolean; from: string; to: string };
export type SearchErrors = Partial<Record<"pickup" | "dropoff" | "from" | "to", string>>;

export type SearchQuery = {
  pickupId: number;
  dropoffId: number;
  period: RentalPeriod;
  /** The pick-up place's zone, which dates the rental's days for seasons (docs/domain.md#seasons). */
  timeZone: string;
  filters: SearchFilters;
  sort: SortOrder;
  page: number;
  /** Cars a page; CARS_PER_PAGE when absent (the API's `pageSize`). */
  pageSize?: number;
};

export type ParsedSearch = {
  values: SearchFormValues;
  filters: SearchFilters;
  sort: SortOrder;
  page: number;
  errors: SearchErrors;
  /** Set when every parameter is valid: the search to run. */
  query: SearchQuery | null;
};

export type KnownLocation = { id: number; timeZone: string };

export const DEFAULT_TIME_ZONE = "America/Caracas";

function locationId(raw: string | null, known: Map<number, KnownLocation>): number | null {
  const id = rowIdParam(raw);
  return id !== null && known.has(id) ? id : null;
}

/**
 * Reads /search's query string. The drop-off place is the pick-up place when "return to
 * the same location" is ticked or no drop-off is given. Dates are read on the pick-up
 * location's clock.
 */
export function parseSearchParams(params: URLSearchParams, known: Map<number, KnownLocation>, now: Date): ParsedSearch {
  const rawPickup = params.get(searchParamNames.pickup)?.trim() ?? "";
  const rawDropoff = params.get(searchParamNames.dropoff)?.trim() ?? "";
  const same = params.has(searchParamNames.same) || !rawDropoff;
  const values: SearchFormValues = {
    pickup: rawPickup.slice(0, 12),
    dropoff: rawDropoff.slice(0, 12),
    same,
    from: (params.get(searchParamNames.from) ?? "").slice(0, 40),
    to: (params.get(searchParamNames.to) ?? "").slice(0, 40),
  };
  const filters = parseFilters(params);
  const sort = parseSort(params);
  const pageNumber = Number(params.get(searchParamNames.page) ?? "1");
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? Math.min(pageNumber, MAX_PAGE) : 1;

  const errors: SearchErrors = {};
  const pickupId = locationId(rawPickup, known);
  if (!rawPickup) errors.pickup = messages.required;
  else if (pickupId === null) errors.pickup = "catalogue:errors.unknownLocation";
  let dropoffId = pickupId;
  if (!same) {
    dropoffId = locationId(rawDropoff, known);
    if (dropoffId === null) errors.dropoff = "catalogue:errors.unknownLocation";
  }
  const zone = (pickupId !== null ? known.get(pickupId)?.timeZone : undefined) ?? DEFAULT_TIME_ZONE;
  const period = parseRentalPeriod({ from: values.from, to: values.to }, zone, now);
  if (!period.ok) Object.assign(errors, period.errors);

  const query =
    pickupId !== null && dropoffId !== null && period.ok && Object.keys(errors).length === 0
      ? { pickupId, dropoffId, period: period.period, timeZone: zone, filters, sort, page }
      : null;
  return { values, filters, sort, page, errors, query };
}

/** The form's starting values before anything was searched: sensible dates, no place yet. */
export function initialSearchValues(now: Date, pickup?: number, zone = DEFAULT_TIME_ZONE): SearchFormValues {
  const { from, to } = defaultPeriod(zone, now);
  return { pickup: pickup ? String(pickup) : "", dropoff: "", same: true, from, to };
}

/**
 * The names of the "Set as pick-up / drop-off" buttons (the home page's list and map). They
 * are submit buttons of the search form, so without JavaScript the dates and places typed
 * before pressing one travel with the chosen place.
 */
export const placeChoiceNames = { pickup: "setPickup", dropoff: "setDropoff" } as const;

/**
 * The home form read back from its own query string: what was typed, with the place a
 * "Set as…" button chose. Unknown places are left blank and unreadable dates replaced by
 * the defaults (on the pick-up place's clock): this form only pre-fills, /search validates.
 */
export function readHomeForm(params: URLSearchParams, known: Map<number, KnownLocation>, now: Date): SearchFormValues {
  const place = (name: string) => {
    const id = locationId(params.get(name), known);
    return id === null ? "" : String(id);
  };
  const chosenDropoff = place(placeChoiceNames.dropoff);
  const pickup = place(placeChoiceNames.pickup) || place(searchParamNames.pickup);
  const dropoff = chosenDropoff || place(searchParamNames.dropoff);
  const defaults = initialSearchValues(now, undefined, pickup ? known.get(Number(pickup))?.timeZone : undefined);
  return {
    pickup,
    dropoff,
    // Choosing a drop-off place means returning elsewhere.
    same: chosenDropoff ? false : params.has(searchParamNames.same) || !dropoff,
    from: normalizeLocal(params.get(searchParamNames.from) ?? "") ?? defaults.from,
    to: normalizeLocal(params.get(searchParamNames.to) ?? "") ?? defaults.to,
  };
}

/**
 * A query string as a person would write it: URLSearchParams escapes the ":" of every time
 * ("10%3A00"), which a query may hold as it is (RFC 3986 §3.4) — 4 bytes a link, on every result's two
 * links and the pager's (docs/decisions/0005).
 */
function readableQuery(params: URLSearchParams): string {
  return params.toString().replaceAll("%3A", ":");
}

/** A bookmarkable /search URL. */
export function searchHref(input: {
  pickup: number | string;
  dropoff?: number | string | null;
  from: string;
  to: string;
  filters?: SearchFilters;
  sort?: SortOrder;
  page?: number;
}): string {
  const params = new URLSearchParams();
  params.set(searchParamNames.pickup, String(input.pickup));
  if (input.dropoff != null && String(input.dropoff) !== String(input.pickup))
    params.set(searchParamNames.dropoff, String(input.dropoff));
  else params.set(searchParamNames.same, "1");
  params.set(searchParamNames.from, input.from);
  params.set(searchParamNames.to, input.to);
  for (const [k, v] of input.filters ? filtersToParams(input.filters) : []) params.append(k, v);
  if (input.sort && input.sort !== sortOrders[0]) params.set(SORT_PARAM, input.sort);
  if (input.page && input.page > 1) params.set(searchParamNames.page, String(input.page));
  return `/search?${readableQuery(params)}`;
}

/**
 * A car's page (/cars/:id). With a search's places and dates it shows the total for them and
 * books them; its query string reads like /search's (parseSearchParams), filters and page aside.
 */
export function carHref(
  carId: number,
  search?: { pickupId: number; dropoffId: number; from: string; to: string } | null,
): string {
  const path = `/cars/${carId}`;
  if (!search) return path;
  const query = searchHref({ pickup: search.pickupId, dropoff: search.dropoffId, from: search.from, to: search.to });
  return `${path}${query.slice(query.indexOf("?"))}`;
}

/**
 * The link to checkout for one car of a search (the contract with the booking flow):
 * car id, pick-up and drop-off location ids, and the period as `datetime-local` values
 * on the pick-up location's clock.
 */
export function checkoutHref(input: {
  carId: number;
  pickupId: number;
  dropoffId: number;
  from: string;
  to: string;
}): string {
  const params = new URLSearchParams({
    car: String(input.carId),
    pickup: String(input.pickupId),
    dropoff: String(input.dropoffId),
    from: input.from,
    to: input.to,
  });
  return `/checkout?${readableQuery(params)}`;
}
