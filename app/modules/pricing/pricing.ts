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
 * outside the place's hours (per handover) and a drop-off at another place than the pick-up.
 */
export const feeKeys = ["outOfHoursPickUp", "outOfHoursDropOff", "oneWay"] as const;
export type FeeKey = (typeof feeKeys)[number];

export type PricedCar = {
  dailyPriceCents: number;
  payLaterFeePercent: number;
  options: Record<OptionKey, number>;
  /** Carried into the breakdown so the booking keeps the deposit it was made with. */
  deposit?: Deposit;
};

export type PriceBreakdown = {
  days: number;
  dailyPriceCents: number;
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
  options?: Iterable<OptionKey>;
  payLater?: boolean;
  /** Cents per fee, worked out by the caller from the places and the supplier; 0 or absent: none. */
  fees?: Partial<Record<FeeKey, number>>;
}): PriceBreakdown {
  const { car, days } = input;
  if (!Number.isInteger(days) || days < 1) throw new RangeError("days must be a positive integer");
  const chosen = new Set(input.options ?? []);
  const options: Partial<Record<OptionKey, number>> = {};
  let subtotalCents = car.dailyPriceCents * days;
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
    dailyPriceCents: car.dailyPriceCents,
    options,
    ...(Object.keys(fees).length ? { fees } : {}),
    subtotalCents,
    payLaterFeePercent,
    totalCents: payLaterFeePercent > 0 ? addPercentRoundingUp(subtotalCents, payLaterFeePercent) : subtotalCents,
    ...(car.deposit ? { deposit: { cents: car.deposit.cents, method: car.deposit.method } } : {}),
  };
}
