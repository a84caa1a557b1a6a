import type { DepositMethod, PriceBreakdown } from "./pricing";

/**
 * The final bill of a rental at its return (docs/domain.md#final-bill): what the driver owes
 * beyond the price already paid — fuel, kilometres, a late return, damage — and how the
 * security deposit settles it. Pure and shared with the browser (the return form previews it)
 * and the server (which stores it and prints the receipt). Money is integer cents.
 */

/** A tank is measured in eighths, as a fuel gauge reads it: 0 empty … 8 full. */
export const FUEL_EIGHTHS = 8;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** A copy of the database's fuel policies (db/schema/enums.ts), kept equal by a unit test: pricing imports no catalogue. */
export const billFuelPolicies = ["likeForlike", "freeTank"] as const;
type BillFuelPolicy = (typeof billFuelPolicies)[number];

/** How a deposit was taken at the pick-up: a copy of the database's (`deposit_taken`), kept equal by a unit test. */
export const depositTakenMethods = [
  "cardHold",
  "cash",
  "pointOfSale",
  "mobilePayment",
  "usdt",
  "bankTransfer",
] as const;
export type DepositTaken = (typeof depositTakenMethods)[number];

/**
 * The deposit a bill settles, named as staff took it at the pick-up (`rentals.deposit_taken`);
 * bills stored before 2026-12 name the booking's way of holding it (a `DepositMethod`).
 */
export type BillDeposit = { cents: number; method: DepositTaken | DepositMethod };

/** A damage staff found at the return, with the amount they charge for it. */
export type DamageCharge = { amountCents: number; note: string };

export type FinalBillInput = {
  /** The booking's stored breakdown (the days paid for, their daily price) and the deposit taken at the pick-up. */
  price: Pick<PriceBreakdown, "days" | "dailyPriceCents"> & { deposit?: BillDeposit };
  /** When the driver actually took the car. */
  pickedUpAt: Date;
  /** The booking's drop-off time. */
  plannedDropOffAt: Date;
  /** When the car was actually brought back. */
  returnedAt: Date;
  odometerOutKm: number;
  odometerInKm: number;
  fuelOutEighths: number;
  fuelInEighths: number;
  fuelPolicy: BillFuelPolicy;
  /** Kilometres included per day; -1 unlimited (docs/domain.md#price). */
  mileagePerDayKm: number;
  /** The car's price of each kilometre beyond the allowance. */
  extraKmCents: number;
  /** The supplier's price of each missing eighth of a tank. */
  refuelEighthCents: number;
  /** Minutes after the drop-off time a return is still on time. */
  graceMinutes: number;
  damages: readonly DamageCharge[];
};

export type FinalBill = {
  drivenKm: number;
  /** Eighths missing under "like for like"; null when none is charged. */
  fuel: { eighths: number; eighthCents: number; cents: number } | null;
  /** Kilometres beyond the allowance; null when unlimited or within it. */
  extraKm: { km: number; allowanceKm: number; kmCents: number; cents: number } | null;
  /** Days charged for a return beyond the grace period; null when on time. */
  lateReturn: { days: number; minutesLate: number; dailyPriceCents: number; cents: number } | null;
  damages: DamageCharge[];
  /** Everything above, added up. */
  extrasCents: number;
  /** The deposit taken, or null when none was. */
  deposit: BillDeposit | null;
  /** The part of the deposit kept for the extras: min(deposit, extras). */
  depositCoversCents: number;
  /** What goes back to the driver: deposit − covered. */
  depositReturnedCents: number;
  /** What the driver pays beyond the deposit: extras − covered. */
  stillToPayCents: number;
};

/**
 * Why a bill cannot be computed: the return is before the pick-up, the odometer went back or is
 * not a whole number of km, a fuel level is outside 0–8, a damage amount is not positive, or a
 * price or setting is not a whole number in range (a stored value gone wrong, not the form's).
 */
export type FinalBillErrorReason =
  | "returnBeforePickUp"
  | "odometerBackwards"
  | "odometerImplausible"
  | "odometer"
  | "fuelLevel"
  | "damageAmount"
  | "setting";

/** Input the bill cannot be computed from; `reason` names which, for the form's message. */
export class FinalBillError extends Error {
  constructor(readonly reason: FinalBillErrorReason) {
    super(`Cannot compute the final bill: ${reason}`);
    this.name = "FinalBillError";
  }
}

const isCount = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * More than this per started day out is a typing slip (an extra digit), not driving: 2,000 km
 * is some 83 km/h around the clock. Refusing it keeps a bill from charging a fortune
 * (docs/domain.md#final-bill).
 */
export const MAX_KM_PER_DAY = 2_000;

/** Late days: none up to the grace period, else every started 24 hours after the drop-off time. */
function lateDays(plannedDropOffAt: Date, returnedAt: Date, graceMinutes: number): number {
  const lateMs = returnedAt.getTime() - plannedDropOffAt.getTime();
  if (lateMs <= graceMinutes * MINUTE_MS) return 0;
  return Math.ceil(lateMs / DAY_MS);
}

export function computeFinalBill(input: FinalBillInput): FinalBill {
  const { price } = input;
  const pickedUp = input.pickedUpAt.getTime();
  const planned = input.plannedDropOffAt.getTime();
  const returned = input.returnedAt.getTime();
  if (![pickedUp, planned, returned].every(Number.isFinite)) throw new FinalBillError("setting");
  if (returned < pickedUp) throw new FinalBillError("returnBeforePickUp");
  if (!isCount(input.odometerOutKm) || !isCount(input.odometerInKm)) throw new FinalBillError("odometer");
  if (input.odometerInKm < input.odometerOutKm) throw new FinalBillError("odometerBackwards");
  const daysOut = Math.max(1, Math.ceil((returned - pickedUp) / DAY_MS));
  if (input.odometerInKm - input.odometerOutKm > MAX_KM_PER_DAY * daysOut)
    throw new FinalBillError("odometerImplausible");
  for (const level of [input.fuelOutEighths, input.fuelInEighths])
    if (!Number.isInteger(level) || level < 0 || level > FUEL_EIGHTHS) throw new FinalBillError("fuelLevel");
  for (const damage of input.damages)
    if (!Number.isSafeInteger(damage.amountCents) || damage.amountCents <= 0) throw new FinalBillError("damageAmount");
  const settings = [input.extraKmCents, input.refuelEighthCents, input.graceMinutes, price.dailyPriceCents];
  if (!settings.every(isCount) || !(price.days >= 1 && Number.isSafeInteger(price.days)))
    throw new FinalBillError("setting");
  if (!(input.mileagePerDayKm === -1 || isCount(input.mileagePerDayKm))) throw new FinalBillError("setting");
  if (!billFuelPolicies.includes(input.fuelPolicy)) throw new FinalBillError("setting");

  const missingEighths = Math.max(0, input.fuelOutEighths - input.fuelInEighths);
  const fuel =
    input.fuelPolicy === "likeForlike" && missingEighths > 0
      ? {
          eighths: missingEighths,
          eighthCents: input.refuelEighthCents,
          cents: missingEighths * input.refuelEighthCents,
        }
      : null;

  const late = lateDays(input.plannedDropOffAt, input.returnedAt, input.graceMinutes);
  const lateReturn =
    late > 0
      ? {
          days: late,
          minutesLate: Math.floor((returned - planned) / MINUTE_MS),
          dailyPriceCents: price.dailyPriceCents,
          cents: late * price.dailyPriceCents,
        }
      : null;

  const drivenKm = input.odometerInKm - input.odometerOutKm;
  // The allowance is the booked days' (docs/domain.md#final-bill): late days are a penalty
  // for keeping the car, not more days bought, so they bring no kilometres.
  const allowanceKm = input.mileagePerDayKm < 0 ? null : input.mileagePerDayKm * price.days;
  const overKm = allowanceKm === null ? 0 : Math.max(0, drivenKm - allowanceKm);
  const extraKm =
    allowanceKm !== null && overKm > 0
      ? { km: overKm, allowanceKm, kmCents: input.extraKmCents, cents: overKm * input.extraKmCents }
      : null;

  const damages = input.damages.map((d) => ({ amountCents: d.amountCents, note: d.note }));
  const extrasCents =
    (fuel?.cents ?? 0) +
    (extraKm?.cents ?? 0) +
    (lateReturn?.cents ?? 0) +
    damages.reduce((sum, d) => sum + d.amountCents, 0);
  const deposit = price.deposit && price.deposit.cents > 0 ? { ...price.deposit } : null;
  const depositCoversCents = Math.min(deposit?.cents ?? 0, extrasCents);
  return {
    drivenKm,
    fuel,
    extraKm,
    lateReturn,
    damages,
    extrasCents,
    deposit,
    depositCoversCents,
    depositReturnedCents: (deposit?.cents ?? 0) - depositCoversCents,
    stillToPayCents: extrasCents - depositCoversCents,
  };
}
