import { rentalDays } from "~/modules/pricing/pricing";

/**
 * A supplier's minimum notice and minimum length (docs/domain.md#rental-limits), as the checkout
 * asks them before anything else of the car, with the value its message names. The availability
 * predicate asks the same in SQL (availability.server.ts), so search and checkout agree.
 */
export type SupplierLimits = { minimumNoticeHours: number; minimumDays: number };

export const limitCodes = ["minimumNotice", "minimumDays"] as const;
export type LimitCode = (typeof limitCodes)[number];
export type LimitFailure = { reason: LimitCode; limit: number };

const HOUR = 3_600_000;

export function limitFailure(limits: SupplierLimits, pickUp: Date, dropOff: Date, now: Date): LimitFailure | null {
  if (pickUp.getTime() < now.getTime() + limits.minimumNoticeHours * HOUR)
    return { reason: "minimumNotice", limit: limits.minimumNoticeHours };
  if (rentalDays(pickUp, dropOff) < limits.minimumDays) return { reason: "minimumDays", limit: limits.minimumDays };
  return null;
}
