import { sql, type SQL } from "drizzle-orm";
import { schema } from "~/utils/db.server";
import type { SearchFilters } from "./filters";
import { SCORE_MIN_REVIEWS } from "./supplier-score";

const { suppliers } = schema;

/*
 * The search's filters (filters.ts) as the conditions of its statement (search-found.server.ts),
 * and the values bound to them.
 */

const ph = (name: string) => sql.placeholder(name);

/** Values are bound as PostgreSQL array literals (safe: each was whitelisted); none is null, the filter off. */
const arrayLiteral = (values: ReadonlyArray<string | number>) => (values.length ? `{${values.join(",")}}` : null);

/**
 * Every filter as one condition that a null (or false) value turns off, so that one statement
 * per order serves every combination of filters. With a statement per combination, a search
 * planned its statement far more often than it reused one (about half the executions under
 * random filters, ~4 ms of planning each: a quarter of PostgreSQL's time per search), since a
 * connection plans a statement the first five times it runs it
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md#addendum-2026-11-27-evening-one-statement-for-every-filter).
 * The filter columns live in `car_locations_search`, so these are tests on the rows walked, not
 * index conditions: a value that turns one off costs a comparison, not another plan.
 */
export const filterConditions: SQL[] = [
  sql`(${ph("suppliers")}::int[] is null or cl.supplier_id = any(${ph("suppliers")}::int[]))`,
  sql`(not ${ph("aircon")}::boolean or cl.aircon)`,
  sql`(not ${ph("doors4")}::boolean or cl.doors >= 4)`,
  sql`(not ${ph("seats5")}::boolean or cl.seats >= 5)`,
  sql`(${ph("fuel")}::fuel_type[] is null or cl.fuel_type = any(${ph("fuel")}::fuel_type[]))`,
  sql`(${ph("gearbox")}::gearbox[] is null or cl.gearbox = any(${ph("gearbox")}::gearbox[]))`,
  // One kind of the two: the other would restrict nothing.
  sql`(${ph("unlimited")}::boolean is null or (cl.mileage < 0) = ${ph("unlimited")}::boolean)`,
  sql`(${ph("policy")}::fuel_policy[] is null or cl.fuel_policy = any(${ph("policy")}::fuel_policy[]))`,
  sql`(${ph("deposit")}::int is null or cl.deposit_cents <= ${ph("deposit")}::int)`,
  sql`(${ph("category")}::car_category[] is null or cl.category = any(${ph("category")}::car_category[]))`,
  sql`(${ph("bags")}::int is null or cl.bags >= ${ph("bags")}::int)`,
  // docs/domain.md#reviews: the supplier's score reads `rating` or more, rounded to one decimal as
  // it shows (sum / count ≥ rating − 0.05, in integers), from SCORE_MIN_REVIEWS reviews on.
  sql`(${ph("rating")}::int is null or exists (select 1 from ${suppliers} rs where rs.id = cl.supplier_id
    and rs.review_count >= ${SCORE_MIN_REVIEWS} and rs.review_sum * 20 >= (${ph("rating")}::int * 20 - 1) * rs.review_count))`,
];

/** The values of `filterConditions`' placeholders for these filters. */
export function filterValues(filters: SearchFilters): Record<string, unknown> {
  return {
    suppliers: arrayLiteral(filters.suppliers),
    aircon: filters.specs.includes("aircon"),
    doors4: filters.specs.includes("doors4"),
    seats5: filters.specs.includes("seats5"),
    fuel: arrayLiteral(filters.fuel),
    gearbox: arrayLiteral(filters.gearbox),
    unlimited: filters.mileage.length === 1 ? filters.mileage[0] === "unlimited" : null,
    policy: arrayLiteral(filters.fuelPolicy),
    deposit: filters.deposit === null ? null : filters.deposit * 100,
    category: arrayLiteral(filters.category),
    bags: filters.bags,
    rating: filters.rating,
  };
}
