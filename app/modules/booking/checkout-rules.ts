import { calendarDateIn } from "~/modules/time/calendar";
import { withinPlanHorizon } from "~/modules/time/date-range";
import { isOldEnough, MINIMUM_DRIVER_AGE } from "~/modules/user/age";
import { optionKeys, optionState, type OptionKey } from "~/modules/pricing/pricing";
import { MAX_RENTAL_DAYS } from "~/modules/availability/period";

/** The pure checks of a checkout, shared by the booking service and its tests. */

/** A pick-up a few minutes old is still accepted: the form took time to fill in (docs/domain.md#days). */
export const PAST_TOLERANCE_MS = 5 * 60_000;
const DAY_MS = 24 * 3_600_000;

/**
 * The pick-up is not in the past nor past the plan horizon (docs/domain.md#date-range), the
 * drop-off follows it, and the rental lasts at most 365 days.
 */
export function periodIsValid(from: Date, to: Date, now: Date): boolean {
  const start = from.getTime();
  const end = to.getTime();
  if (!Number.isFinite(start) || !Number.isFinite(end)) return false;
  return (
    start >= now.getTime() - PAST_TOLERANCE_MS &&
    withinPlanHorizon(from, now) &&
    end > start &&
    end - start <= MAX_RENTAL_DAYS * DAY_MS
  );
}

/** docs/domain.md#driver-age: at least max(21, the car's minimum age). */
export function requiredDriverAge(carMinimumAge: number): number {
  return Math.max(MINIMUM_DRIVER_AGE, carMinimumAge);
}

/** Old enough on the pick-up date as counted in the pick-up place's time zone; no birth date is not old enough. */
export function driverOldEnough(birthDate: string | null, pickUp: Date, timeZone: string, minimumAge: number): boolean {
  return birthDate !== null && isOldEnough(birthDate, calendarDateIn(timeZone, pickUp), minimumAge);
}

/** The first chosen option the car does not offer (−1, or not an option at all), or null. */
export function unavailableOption(
  chosen: readonly string[],
  carOptions: Record<OptionKey, number>,
): OptionKey | string | null {
  for (const key of chosen) {
    if (!(optionKeys as readonly string[]).includes(key)) return key;
    if (optionState(key as OptionKey, carOptions[key as OptionKey]).kind === "unavailable") return key;
  }
  return null;
}
