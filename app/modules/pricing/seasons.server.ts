import { eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";
import type { RateSpan } from "./pricing";
import { rentalDateRange, rentalDates, rentalRates, type CarRates, type SeasonRule } from "./rates";

const { seasons, seasonCarPrices, suppliers } = schema;

/** A date bound: a value, or a prepared statement's placeholder. */
type DateBound = string | Placeholder;

/**
 * The season aliased `se` has at least one of the calendar dates `first`..`last` (both included):
 * the one test of a season's dates, for the search's totals, `carSeasons` and the overlap check of
 * a new season (each reads `seasons` as `se`).
 */
export function seasonTouches({ first, last }: { first: DateBound; last: DateBound }): SQL {
  return sql`se.first_day <= ${last}::date and se.last_day >= ${first}::date`;
}

/** A season as `carSeasons` reads it: name, first and last day, percent, the car's fixed daily price or null. */
type SeasonTuple = [name: string, firstDay: string, lastDay: string, percent: number, fixed: number | null];

/**
 * The seasons of car `carId` (of supplier `supplierId`) that have one of the dates `first`..`last`,
 * each with the car's fixed price when the season sets one (docs/domain.md#seasons): one column of
 * the query that reads the car, so its rates cost no query of their own. The search reads its
 * page's cars' seasons through it, checkout, bookings, amendments and the car's page one car's
 * (`ratesForCar`). Its own aliases: drizzle leaves a one-table query's columns unqualified, which
 * inside this subquery would name the seasons' own.
 */
export function carSeasons(
  carId: AnyColumn | SQL,
  supplierId: AnyColumn | SQL,
  dates: { first: DateBound; last: DateBound },
): SQL<SeasonTuple[] | null> {
  return sql`(select json_agg(json_build_array(se.name, se.first_day, se.last_day, se.percent, scp.daily_price_cents))
    from ${seasons} se left join ${seasonCarPrices} scp on scp.season_id = se.id and scp.car_id = ${carId}
    where se.supplier_id = ${supplierId} and ${seasonTouches(dates)})`;
}

/** `carSeasons`' column as `rentalRates` takes it. */
export function seasonRules(tuples: SeasonTuple[] | null): SeasonRule[] {
  return (tuples ?? []).map(([name, firstDay, lastDay, percent, fixed]) => ({
    name,
    firstDay,
    lastDay,
    percent,
    fixedDailyPriceCents: fixed,
  }));
}

/** A car as its rates are worked out: its supplier (whose seasons apply) and its daily prices. */
export type RatedCar = CarRates & { id: number; supplierId: number };

/**
 * How the car's days are charged for a rental from `pickUp` of `days` days at a place in
 * `timeZone` (docs/domain.md#seasons): what checkout, bookings, amendments and the car's page pass
 * to `priceRental`, as the search does for its cards, so they agree to the cent. One query.
 */
export async function ratesForCar(
  executor: Executor,
  car: RatedCar,
  rental: { pickUp: Date; days: number; timeZone: string },
): Promise<RateSpan[]> {
  const dates = rentalDates(rental.pickUp, rental.days, rental.timeZone);
  const [row] = await executor
    .select({ seasons: carSeasons(sql`${car.id}::int`, sql`${car.supplierId}::int`, rentalDateRange(dates)) })
    .from(suppliers)
    .where(eq(suppliers.id, car.supplierId));
  return rentalRates({ car, dates, seasons: seasonRules(row?.seasons ?? null) });
}
