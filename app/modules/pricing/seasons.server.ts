import { and, gte, inArray, lte, type SQL } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";
import type { RateSpan } from "./pricing";
import { rentalDateRange, rentalRates, type CarRates, type SeasonRule } from "./rates";

const { seasons, seasonCarPrices } = schema;

/** A season that has at least one of the calendar dates `first`..`last` (both included). */
export function seasonTouches({ first, last }: { first: string; last: string }): SQL {
  return and(lte(seasons.firstDay, last), gte(seasons.lastDay, first))!;
}

/** A car as its rates are worked out: its supplier (whose seasons apply) and its daily prices. */
export type RatedCar = CarRates & { id: number; supplierId: number };

/**
 * The seasons that touch the calendar dates `first`..`last` for each of these cars: their
 * supplier's, each with the car's fixed price when the season sets one (docs/domain.md#seasons).
 * Two queries whatever the number of cars, none when no supplier has a season then.
 */
async function seasonRules(
  executor: Executor,
  cars: readonly RatedCar[],
  range: { first: string; last: string },
): Promise<Map<number, SeasonRule[]>> {
  const byCar = new Map<number, SeasonRule[]>(cars.map((car) => [car.id, []]));
  const supplierIds = [...new Set(cars.map((car) => car.supplierId))];
  if (supplierIds.length === 0) return byCar;
  const found = await executor
    .select({
      id: seasons.id,
      supplierId: seasons.supplierId,
      name: seasons.name,
      firstDay: seasons.firstDay,
      lastDay: seasons.lastDay,
      percent: seasons.percent,
    })
    .from(seasons)
    .where(and(inArray(seasons.supplierId, supplierIds), seasonTouches(range)));
  if (found.length === 0) return byCar;
  const fixed = await executor
    .select()
    .from(seasonCarPrices)
    .where(
      and(
        inArray(
          seasonCarPrices.seasonId,
          found.map((season) => season.id),
        ),
        inArray(
          seasonCarPrices.carId,
          cars.map((car) => car.id),
        ),
      ),
    );
  for (const car of cars) {
    const rules = byCar.get(car.id)!;
    for (const season of found) {
      if (season.supplierId !== car.supplierId) continue;
      const price = fixed.find((row) => row.seasonId === season.id && row.carId === car.id);
      rules.push({ ...season, fixedDailyPriceCents: price?.dailyPriceCents ?? null });
    }
  }
  return byCar;
}

/**
 * How each car's days are charged for a rental from `pickUp` of `days` days at a place in
 * `timeZone` (docs/domain.md#seasons): what checkout, amendments, the search and the API pass to
 * `priceRental`, so they agree to the cent.
 */
export async function ratesForCars(
  executor: Executor,
  cars: readonly RatedCar[],
  rental: { pickUp: Date; days: number; timeZone: string },
): Promise<Map<number, RateSpan[]>> {
  const rules = await seasonRules(executor, cars, rentalDateRange(rental.pickUp, rental.days, rental.timeZone));
  return new Map(cars.map((car) => [car.id, rentalRates({ car, ...rental, seasons: rules.get(car.id) ?? [] })]));
}

/** `ratesForCars` for one car. */
export async function ratesForCar(
  executor: Executor,
  car: RatedCar,
  rental: { pickUp: Date; days: number; timeZone: string },
): Promise<RateSpan[]> {
  return (await ratesForCars(executor, [car], rental)).get(car.id)!;
}
