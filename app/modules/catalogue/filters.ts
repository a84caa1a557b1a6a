import { rowIdParam } from "~/utils/row-id";
import {
  carCategories,
  fuelPolicies,
  fuelTypes,
  gearboxes,
  type CarCategory,
  type FuelPolicy,
  type FuelType,
  type Gearbox,
} from "./car-enums";

/**
 * Search filters, all carried in the query string so a filtered search is a plain,
 * bookmarkable GET. An empty group means "no restriction". Unknown values are dropped
 * rather than refused: a stale bookmark still gives a sensible search.
 */
export const carSpecs = ["aircon", "doors4", "seats5"] as const;
export type CarSpec = (typeof carSpecs)[number];
export const mileageKinds = ["limited", "unlimited"] as const;
export type MileageKind = (typeof mileageKinds)[number];
/** docs/domain.md#limits: deposit thresholds 250 and 500 (dollars); the third is "any". */
export const depositLimits = [250, 500] as const;
export type DepositLimit = (typeof depositLimits)[number];
/** docs/domain.md#car-categories: "at least N bags" thresholds; the last choice is "any". */
export const bagMinimums = [2, 3, 4] as const;
export type BagMinimum = (typeof bagMinimums)[number];
/** docs/domain.md#reviews: "4+ stars", the suppliers whose score reads 4.0 or more (never a "new" one). */
export const ratingMinimums = [4] as const;
export type RatingMinimum = (typeof ratingMinimums)[number];

export { carCategories, fuelPolicies, fuelTypes, gearboxes };

export type SearchFilters = {
  suppliers: number[];
  specs: CarSpec[];
  fuel: FuelType[];
  gearbox: Gearbox[];
  mileage: MileageKind[];
  fuelPolicy: FuelPolicy[];
  deposit: DepositLimit | null;
  category: CarCategory[];
  bags: BagMinimum | null;
  rating: RatingMinimum | null;
};

export const filterParams = {
  suppliers: "supplier",
  specs: "spec",
  fuel: "fuel",
  gearbox: "gearbox",
  mileage: "mileage",
  fuelPolicy: "policy",
  deposit: "deposit",
  category: "category",
  bags: "bags",
  rating: "rating",
} as const;

export const noFilters: SearchFilters = {
  suppliers: [],
  specs: [],
  fuel: [],
  gearbox: [],
  mileage: [],
  fuelPolicy: [],
  deposit: null,
  category: [],
  bags: null,
  rating: null,
};

/** Keeps the allowed values in their canonical order, once each. */
function pick<T extends string>(values: string[], allowed: readonly T[]): T[] {
  const given = new Set(values);
  return allowed.filter((v) => given.has(v));
}

export function parseFilters(params: URLSearchParams): SearchFilters {
  const supplierIds = new Set<number>();
  for (const raw of params.getAll(filterParams.suppliers).slice(0, 100)) {
    const id = rowIdParam(raw);
    if (id !== null) supplierIds.add(id);
  }
  const deposit = Number(params.get(filterParams.deposit));
  const bags = Number(params.get(filterParams.bags));
  const rating = Number(params.get(filterParams.rating));
  return {
    suppliers: [...supplierIds].sort((a, b) => a - b),
    specs: pick(params.getAll(filterParams.specs), carSpecs),
    fuel: pick(params.getAll(filterParams.fuel), fuelTypes),
    gearbox: pick(params.getAll(filterParams.gearbox), gearboxes),
    mileage: pick(params.getAll(filterParams.mileage), mileageKinds),
    fuelPolicy: pick(params.getAll(filterParams.fuelPolicy), fuelPolicies),
    deposit: (depositLimits as readonly number[]).includes(deposit) ? (deposit as DepositLimit) : null,
    category: pick(params.getAll(filterParams.category), carCategories),
    bags: (bagMinimums as readonly number[]).includes(bags) ? (bags as BagMinimum) : null,
    rating: (ratingMinimums as readonly number[]).includes(rating) ? (rating as RatingMinimum) : null,
  };
}

export function filtersToParams(filters: SearchFilters): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const id of filters.suppliers) out.push([filterParams.suppliers, String(id)]);
  for (const v of filters.specs) out.push([filterParams.specs, v]);
  for (const v of filters.fuel) out.push([filterParams.fuel, v]);
  for (const v of filters.gearbox) out.push([filterParams.gearbox, v]);
  for (const v of filters.mileage) out.push([filterParams.mileage, v]);
  for (const v of filters.fuelPolicy) out.push([filterParams.fuelPolicy, v]);
  if (filters.deposit !== null) out.push([filterParams.deposit, String(filters.deposit)]);
  for (const v of filters.category) out.push([filterParams.category, v]);
  if (filters.bags !== null) out.push([filterParams.bags, String(filters.bags)]);
  if (filters.rating !== null) out.push([filterParams.rating, String(filters.rating)]);
  return out;
}

/**
 * Groups where every value is ticked restrict nothing; dropping them keeps the SQL
 * (and its prepared statement) the same as for no filter at all.
 */
export function effectiveFilters(filters: SearchFilters): SearchFilters {
  return {
    ...filters,
    fuel: filters.fuel.length === fuelTypes.length ? [] : filters.fuel,
    gearbox: filters.gearbox.length === gearboxes.length ? [] : filters.gearbox,
    mileage: filters.mileage.length === mileageKinds.length ? [] : filters.mileage,
    fuelPolicy: filters.fuelPolicy.length === fuelPolicies.length ? [] : filters.fuelPolicy,
    category: filters.category.length === carCategories.length ? [] : filters.category,
  };
}

export function hasFilters(filters: SearchFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/** What the "Filters (N)" control counts: each ticked box, a deposit limit, a bag minimum and a rating, one each. */
export function activeFilterCount(filters: SearchFilters): number {
  return filtersToParams(filters).length;
}

/**
 * The orders a search can list its cars in (docs/domain.md#search-order), the first the default.
 * Prices are the real total of the searched period. Every result of one search rents for the same
 * days, so "total" and "perDay" (the total over the days) give the same order; they stay two
 * choices, named as renters look for them. "rating" puts the best-scored suppliers first, "new" ones
 * after every scored one, then by total (docs/domain.md#reviews).
 */
export const sortOrders = ["total", "perDay", "supplier", "seats", "rating"] as const;
export type SortOrder = (typeof sortOrders)[number];
export const SORT_PARAM = "sort";

/** An unknown or missing sort is the default (a stale bookmark still searches). */
export function parseSort(params: URLSearchParams): SortOrder {
  const raw = params.get(SORT_PARAM);
  return (sortOrders as readonly string[]).includes(raw ?? "") ? (raw as SortOrder) : sortOrders[0];
}
