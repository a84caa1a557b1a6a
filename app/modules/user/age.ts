import { parseCalendarDate } from "~/modules/time/calendar";

/**
 * Ages are counted in calendar days of a place, not in UTC: someone born on 12 April turns
 * 21 on 12 April in Caracas even while it is already 13 April in UTC.
 */
export const MINIMUM_DRIVER_AGE = 21;

/**
 * Whole years between two calendar dates. Someone born on 29 February has their birthday
 * on 1 March in common years.
 */
export function ageOn(birthDate: string, onDate: string): number | null {
  const birth = parseCalendarDate(birthDate);
  const on = parseCalendarDate(onDate);
  if (!birth || !on) return null;
  let age = on.year - birth.year;
  if (on.month < birth.month || (on.month === birth.month && on.day < birth.day)) age -= 1;
  return age;
}

export function isOldEnough(birthDate: string, today: string, minimumAge = MINIMUM_DRIVER_AGE): boolean {
  const age = ageOn(birthDate, today);
  return age !== null && age >= minimumAge;
}
