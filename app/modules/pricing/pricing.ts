/**
 * The price of a rental (docs/domain.md#price). Pure and shared with the browser, which
 * uses it only for previews: bookings and payments are always priced on the server.
 * Money is integer cents; option values (docs/domain.md#price): -1 unavailable, 0 included,
 * > 0 a price per day, except cancellation, which is a flat fee charged once.
 */

export const optionKeys = [
  "cancellation",
  "gps",
  "homeDelivery",
  "babyChair",
  "theftProtection",
  "collisionDamageWaiver",
  "fullInsurance",
  "additionalDriver",
] as const;
export type OptionKey = (typeof optionKeys)[number];

/** Options charged once for the whole rental rather than per day. */
const flatOptions: ReadonlySet<OptionKey> = new Set(["cancellation"]);

export type OptionState =
  { kind: "unavailable" } | { kind: "included" } | { kind: "perDay"; cents: number } | { kind: "flat"; cents: number };

export function optionState(key: OptionKey, cents: number): OptionState {
  if (cents < 0) return { kind: "unavailable" };
  if (cents === 0) return { kind: "included" };
  return flatOptions.has(key) ? { kind: "flat", cents } : { kind: "perDay", cents };
}

/** A car's option prices as its row holds them (`gpsCents`, …), keyed by option. */
export function optionPrices(car: { [K in OptionKey as `${K}Cents`]: number }): Record<OptionKey, number> {
  return Object.fromEntries(optionKeys.map((key) => [key, car[`${key}Cents`]])) as Record<OptionKey, number>;
}

/**
 * How a car's security deposit is taken at the counter (docs/domain.md#deposit): a hold on the
 * driver's credit card, cash, or either. A copy of the database enum (`deposit_method`) that a
 * unit test holds equal, so browser code never imports db/schema.
 */
export const depositMethods = ["cardHold", "cash", "cardHoldOrCash"] as const;
export type DepositMethod = (typeof depositMethods)[number];

/** The security deposit: refundable, taken at pick-up, never part of the price. */
export type Deposit = { cents: number; method: DepositMethod };

/**
 * Fees on top of the days and options (docs/domain.md#fees), each its own line: a handover
 * outside the place's hours (per handover), a drop-off at another place than the pick-up, and a
 * driver under the supplier's young driver age (docs/domain.md#young-driver-fee).
 */
export const feeKeys = ["outOfHoursPickUp", "outOfHoursDropOff", "oneWay", "youngDriver"] as const;
export type FeeKey = (typeof feeKeys)[number];

/**
 * The fees of a rental (docs/domain.md#fees): each handover outside the hours at a place that
 * offers the service (`handovers`, from `rentalHandovers`), the supplier's one-way fee when the
 * drop-off is at another place, and the young driver fee the caller worked out from the driver's
 * birth date (`youngDriverFeeCents`; 0 where nobody drives yet: the search, the car page).
 * Checkout, amendments, the search and the API all ask it.
 */
export function rentalFees(
  handovers: { pickUp: number; dropOff: number },
  oneWayFeeCents: number,
  oneWay: boolean,
  youngDriverCents = 0,
): Partial<Record<FeeKey, number>> {
  return {
    outOfHoursPickUp: handovers.pickUp,
    outOfHoursDropOff: handovers.dropOff,
    oneWay: oneWay ? oneWayFeeCents : 0,
    youngDriver: youngDriverCents,
  };
}

export type PricedCar = {
  dailyPriceCents: number;
  payLaterFeePercent: number;
  options: Record<OptionKey, number>;
  /** Carried into the breakdown so the booking keeps the deposit it was made with. */
  deposit?: Deposit;
};

/** Which daily price a span of days was charged at (docs/domain.md#long-rental-rates). */
export type RateKind = "daily" | "weekly" | "monthly";

/**
 * Days of a rental charged at one daily price (docs/domain.md#seasons): the rental's base rate,
 * or a season's (`season` names it). `rentalRates` (rates.ts) works them out per day.
 */
export type RateSpan = { days: number; dailyPriceCents: number; rate: RateKind; season: string | null };

export type PriceBreakdown = {
  days: number;
  /** The car's daily price when the whole rental is at it; with `rates`, their day-weighted average rounded up. */
  dailyPriceCents: number;
  /** How the rental's days were charged; absent on bookings made before seasons and longer-rental rates. */
  rates?: RateSpan[];
  /** What each chosen option adds to the subtotal (0 for an included one). */
  options: Partial<Record<OptionKey, number>>;
  /** Fees charged (only those above 0; absent on bookings made before fees existed). */
  fees?: Partial<Record<FeeKey, number>>;
  subtotalCents: number;
  /** 0 unless the driver pays later. */
  payLaterFeePercent: number;
  totalCents: number;
  /** The car's deposit when priced (absent on bookings made before it was recorded). */
  deposit?: Deposit;
};

export class UnavailableOptionError extends Error {
  constructor(readonly option: OptionKey) {
    super(`Option ${option} is not offered with this car`);
    this.name = "UnavailableOptionError";
  }
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Rental days: every started 24 hours counts, and a rental is at least one day.
 * Counted on instants, not calendar dates, so time zones and DST do not change it.
 */
export function rentalDays(pickUp: Date, dropOff: Date): number {
  const duration = dropOff.getTime() - pickUp.getTime();
  if (!Number.isFinite(duration) || duration <= 0) throw new RangeError("The drop-off must be after the pick-up");
  return Math.max(1, Math.ceil(duration / DAY_MS));
}

/** `cents × (100 + percent) / 100`, rounded up to the cent, in integer arithmetic. */
export function addPercentRoundingUp(cents: number, percent: number): number {
  const scaled = cents * (100 + percent);
  return Math.floor(scaled / 100) + (scaled % 100 > 0 ? 1 : 0);
}

export function priceRental(input: {
  car: PricedCar;
  days: number;
  /** The rental's days by daily price (`rentalRates`); without it every day is at the car's daily price. */
  rates?: RateSpan[];
  options?: Iterable<OptionKey>;
  payLater?: boolean;
  /** Cents per fee, worked out by the caller from the places and the supplier; 0 or absent: none. */
  fees?: Partial<Record<FeeKey, number>>;
}): PriceBreakdown {
  const { car, days } = input;
  if (!Number.isInteger(days) || days < 1) throw new RangeError("days must be a positive integer");
  const rates = input.rates ?? [{ days, dailyPriceCents: car.dailyPriceCents, rate: "daily", season: null }];
  if (rates.reduce((sum, span) => sum + span.days, 0) !== days) throw new RangeError("rates must cover every day");
  const chosen = new Set(input.options ?? []);
  const options: Partial<Record<OptionKey, number>> = {};
  const rentalCents = rates.reduce((sum, span) => sum + span.days * span.dailyPriceCents, 0);
  let subtotalCents = rentalCents;
  // In the canonical order, so a breakdown always lists options the same way.
  for (const key of optionKeys) {
    if (!chosen.has(key)) continue;
    const state = optionState(key, car.options[key]);
    const cost =
      state.kind === "unavailable"
        ? null
        : state.kind === "included"
          ? 0
          : state.kind === "flat"
            ? state.cents
            : state.cents * days;
    if (cost === null) throw new UnavailableOptionError(key);
    options[key] = cost;
    subtotalCents += cost;
  }
  const fees: Partial<Record<FeeKey, number>> = {};
  for (const key of feeKeys) {
    const cents = input.fees?.[key] ?? 0;
    if (!Number.isInteger(cents) || cents < 0) throw new RangeError(`fee ${key} must be whole cents`);
    if (cents === 0) continue;
    fees[key] = cents;
    subtotalCents += cents;
  }
  const payLaterFeePercent = input.payLater ? car.payLaterFeePercent : 0;
  return {
    days,
    dailyPriceCents: input.rates ? Math.ceil(rentalCents / days) : car.dailyPriceCents,
    ...(input.rates ? { rates: input.rates.map((span) => ({ ...span })) } : {}),
    options,
    ...(Object.keys(fees).length ? { fees } : {}),
    subtotalCents,
    payLaterFeePercent,
    totalCents: payLaterFeePercent > 0 ? addPercentRoundingUp(subtotalCents, payLaterFeePercent) : subtotalCents,
    ...(car.deposit ? { deposit: { cents: car.deposit.cents, method: car.deposit.method } } : {}),
  };
}
