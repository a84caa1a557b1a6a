import { fuelTypes, gearboxes, type FuelType, type Gearbox } from "~/modules/catalogue/car-enums";
import { searchText } from "~/modules/forms/text";
import { rowIdParam } from "~/utils/row-id";
import { availabilities, type Availability } from "./car-form";

/** The fleet list's search and filters as kept in the URL (a GET form), read leniently: a bad value is no filter. */
export type CarListQuery = {
  /** Part of the car's name, as typed (at most 120 characters). */
  text: string;
  supplier: number | null;
  availability: Availability | null;
  fuelType: FuelType | null;
  gearbox: Gearbox | null;
  page: number;
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  values.includes(value as T) ? (value as T) : null;

const positive = (value: string | null) => {
  const n = Number(value);
  return value && Number.isSafeInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** `supplier` is an admin's filter: staff see their own supplier's cars whatever the URL says. */
export function readCarListQuery(params: URLSearchParams, { admin }: { admin: boolean }): CarListQuery {
  return {
    text: searchText(params.get("q") ?? "", 120),
    supplier: admin ? rowIdParam(params.get("supplier")) : null,
    availability: oneOf(availabilities, params.get("availability")),
    fuelType: oneOf(fuelTypes, params.get("fuel")),
    gearbox: oneOf(gearboxes, params.get("gearbox")),
    page: positive(params.get("page")) ?? 1,
  };
}

export const hasCarFilters = (query: CarListQuery) =>
  Boolean(query.text || query.supplier || query.availability || query.fuelType || query.gearbox);

/** The list's URL for `query` at `page`, keeping the filters. */
export function carListHref(query: CarListQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.text) params.set("q", query.text);
  if (query.supplier) params.set("supplier", String(query.supplier));
  if (query.availability) params.set("availability", query.availability);
  if (query.fuelType) params.set("fuel", query.fuelType);
  if (query.gearbox) params.set("gearbox", query.gearbox);
  if (page > 1) params.set("page", String(page));
  const search = params.toString();
  return search ? `/admin/cars?${search}` : "/admin/cars";
}

/** A LIKE pattern matching `text` anywhere, its own `%`, `_` and `\` taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
