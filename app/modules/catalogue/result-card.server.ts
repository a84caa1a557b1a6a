import type { Excess } from "~/modules/pricing/cover";
import { rentalHandovers } from "~/modules/availability/opening-hours";
import { resultHeadline, type ResultHeadline } from "~/modules/pricing/price-lines";
import { rentalFees, type DepositMethod, type FeeKey, type OptionKey, type RateSpan } from "~/modules/pricing/pricing";
import type { CarCategory, FuelPolicy, FuelType, Gearbox } from "./car-enums";
import { getLocations } from "./reference.server";
import type { SearchQuery } from "./search-query";
import type { CardRow } from "./search-statement.server";

/*
 * A found car as the search shows it (docs/domain.md#search-order): its card, with the rates and
 * fees its total is made of. The car page takes the same card and the same handover fees.
 */

export type CarCard = {
  id: number;
  name: string;
  image: string | null;
  category: CarCategory;
  bags: number;
  orSimilar: boolean;
  dailyPriceCents: number;
  depositCents: number;
  depositMethod: DepositMethod;
  seats: number;
  doors: number;
  aircon: boolean;
  fuelType: FuelType;
  gearbox: Gearbox;
  mileage: number;
  fuelPolicy: FuelPolicy;
  payLaterFeePercent: number;
  /** The supplier lets drivers pay at the counter (docs/domain.md#payments). */
  payLaterAllowed: boolean;
  options: Record<OptionKey, number>;
  excess: Excess;
  supplierId: number;
  supplierName: string;
  supplierLogo: string | null;
  /** The supplier's published reviews, counted and summed (docs/domain.md#reviews): its score, worked out by `scoreOf`. */
  supplierReviews: { count: number; sum: number };
  /** How the searched period's days are charged (docs/domain.md#seasons): its total, as checkout's. */
  rates: RateSpan[];
  /** The fees checkout would add for the search's places (docs/domain.md#fees): one-way, out of hours. */
  fees: Partial<Record<FeeKey, number>>;
};

export function toCard(row: CardRow, rates: RateSpan[], fees: Partial<Record<FeeKey, number>>): CarCard {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    category: row.category,
    bags: row.bags,
    orSimilar: row.orSimilar,
    dailyPriceCents: row.dailyPriceCents,
    depositCents: row.depositCents,
    depositMethod: row.depositMethod,
    seats: row.seats,
    doors: row.doors,
    aircon: row.aircon,
    fuelType: row.fuelType,
    gearbox: row.gearbox,
    mileage: row.mileage,
    fuelPolicy: row.fuelPolicy,
    payLaterFeePercent: row.payLaterFeePercent,
    payLaterAllowed: row.payLaterAllowed,
    options: {
      cancellation: row.cancellation,
      gps: row.gps,
      homeDelivery: row.homeDelivery,
      babyChair: row.babyChair,
      theftProtection: row.theftProtection,
      collisionDamageWaiver: row.collisionDamageWaiver,
      fullInsurance: row.fullInsurance,
      additionalDriver: row.additionalDriver,
    },
    excess: {
      collisionDamageWaiver: row.collisionDamageWaiverExcess,
      theftProtection: row.theftProtectionExcess,
      fullInsurance: row.fullInsuranceExcess,
    },
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    supplierLogo: row.supplierLogo,
    supplierReviews: { count: row.supplierReviewCount, sum: row.supplierReviewSum },
    rates,
    fees,
  };
}

/**
 * What a result card shows (docs/domain.md#price-lines): the car, its supplier, six facts and
 * its headline price — all the page sends to the browser for it; the rest is on the car page.
 */
const shown = [
  "id",
  "name",
  "image",
  "category",
  "orSimilar",
  "seats",
  "bags",
  "gearbox",
  "aircon",
  "mileage",
  "fuelPolicy",
  "supplierName",
  "supplierLogo",
] as const satisfies ReadonlyArray<keyof CarCard>;

export type ResultCard = Pick<CarCard, (typeof shown)[number]> & { price: ResultHeadline | null };

export function resultCard(car: CarCard, days: number, payNow: boolean): ResultCard {
  const card = Object.fromEntries(shown.map((key) => [key, car[key]])) as Pick<CarCard, (typeof shown)[number]>;
  return { ...card, price: resultHeadline(car, days, payNow) };
}

/**
 * The out-of-hours fees of the search's two handovers, the same for every car (so they do not
 * change the order): what checkout adds. A handover a place refuses adds none here; checkout
 * refuses it with the place's hours (docs/domain.md#opening-hours).
 */
export async function handoverFees(query: SearchQuery): Promise<{ pickUp: number; dropOff: number }> {
  const places = await getLocations();
  const pickup = places.find((place) => place.id === query.pickupId);
  const dropoff = places.find((place) => place.id === query.dropoffId);
  if (!pickup || !dropoff) return { pickUp: 0, dropOff: 0 };
  const handovers = rentalHandovers(pickup, dropoff, query.period.pickUp, query.period.dropOff);
  return handovers.ok ? handovers.fees : { pickUp: 0, dropOff: 0 };
}

/**
 * The fees in a result's total for a car (docs/domain.md#fees), as checkout will add them: only
 * those charged — most searches have none, and the page carries less. The search and the car page.
 */
export function resultFees(
  handovers: { pickUp: number; dropOff: number },
  oneWayFeeCents: number,
  oneWay: boolean,
): Partial<Record<FeeKey, number>> {
  const fees = rentalFees(handovers, oneWayFeeCents, oneWay);
  return Object.fromEntries(Object.entries(fees).filter(([, cents]) => cents! > 0));
}
