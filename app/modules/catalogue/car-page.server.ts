import { and, asc, eq } from "drizzle-orm";
import { excessOf } from "~/modules/pricing/cover";
import { optionPrices } from "~/modules/pricing/pricing";
import { ratesForCar, type RatedCar } from "~/modules/pricing/seasons.server";
import { getDb, schema } from "~/utils/db.server";
import type { SearchQuery } from "./search-query";
import { handoverFees, resultFees, type CarCard } from "./result-card.server";
import { scoreOf } from "./supplier-score";

/** What the car page (docs/domain.md#car-page) shows of a car, whatever the dates. */
export type CarDetails = Omit<CarCard, "payLaterFeePercent" | "supplierId" | "rates" | "fees"> & {
  minimumAge: number;
  /** The supplier's public page is /suppliers/<slug> (docs/domain.md#reviews). */
  supplierSlug: string;
  /** The places it is rented from, by id. */
  locationIds: number[];
};

/** What pricing a period needs of the car beyond what the page shows, read with it: not sent to the browser. */
export type CarRating = RatedCar & { payLaterFeePercent: number; oneWayFeeCents: number | null };

/**
 * An active car of an active supplier, with its places, and what pricing a period needs of it;
 * null otherwise (the page is then a 404). Two small reads by primary key and by
 * `car_locations_car_idx`: a page of one car.
 */
export async function loadCarDetails(carId: number): Promise<{ details: CarDetails; rating: CarRating } | null> {
  const db = await getDb();
  const { cars: c, suppliers: s, carLocations } = schema;
  const [row] = await db
    .select({
      car: c,
      supplierName: s.name,
      supplierSlug: s.slug,
      supplierLogo: s.logo,
      supplierReviewCount: s.reviewCount,
      supplierReviewSum: s.reviewSum,
      payLaterAllowed: s.payLater,
      oneWayFeeCents: s.oneWayFeeCents,
    })
    .from(c)
    .innerJoin(s, eq(s.id, c.supplierId))
    .where(and(eq(c.id, carId), eq(c.status, "active"), eq(s.active, true), eq(s.status, "active")))
    .limit(1);
  if (!row) return null;
  const places = await db
    .select({ id: carLocations.locationId })
    .from(carLocations)
    .where(eq(carLocations.carId, carId))
    .orderBy(asc(carLocations.locationId));
  const { car } = row;
  const details: CarDetails = {
    id: car.id,
    name: car.name,
    image: car.image,
    category: car.category,
    bags: car.bags,
    orSimilar: car.orSimilar,
    dailyPriceCents: car.dailyPriceCents,
    depositCents: car.depositCents,
    depositMethod: car.depositMethod,
    payLaterAllowed: row.payLaterAllowed,
    excess: excessOf(car),
    minimumAge: car.minimumAge,
    seats: car.seats,
    doors: car.doors,
    aircon: car.aircon,
    fuelType: car.fuelType,
    gearbox: car.gearbox,
    mileage: car.mileage,
    fuelPolicy: car.fuelPolicy,
    options: optionPrices(car),
    supplierName: row.supplierName,
    supplierLogo: row.supplierLogo,
    supplierSlug: row.supplierSlug,
    supplierScore: scoreOf(row.supplierReviewCount, row.supplierReviewSum),
    locationIds: places.map((p) => p.id),
  };
  return { details, rating: { ...car, oneWayFeeCents: row.oneWayFeeCents } };
}

/** What a car's price for a search is made of, beside the car's own terms (CarPriceData). */
export type CarPeriodTerms = Pick<CarCard, "payLaterFeePercent" | "rates" | "fees">;

/**
 * How the car is priced for a search's places and period, as the search prices its card
 * (docs/domain.md#search-order): its seasons and longer-rental rates, the fees checkout adds
 * (one-way, out of hours; only those charged) and the pay-later fee — so the car page shows the
 * same totals for each way of paying as the result it was opened from (docs/domain.md#car-page).
 */
export async function carPeriodTerms(car: CarRating, query: SearchQuery): Promise<CarPeriodTerms> {
  const { pickUp, days } = query.period;
  const rates = await ratesForCar(await getDb(), car, { pickUp, days, timeZone: query.timeZone });
  const fees = resultFees(await handoverFees(query), car.oneWayFeeCents ?? 0, query.dropoffId !== query.pickupId);
  return { payLaterFeePercent: car.payLaterFeePercent, rates, fees };
}
