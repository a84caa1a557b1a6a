import { instantToLocal } from "~/modules/availability/zoned-time";

/**
 * Ages are counted in calendar days of a place, not in UTC: someone born on 12 April turns
 * 21 on 12 April in Caracas even while it is already 13 April in UTC.
 */
export const APP_TIME_ZONE = "America/Caracas";
export const MINIMUM_DRIVER_AGE = 21;

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses a strict `YYYY-MM-DD` calendar date; null for anything else (including 2023-02-30). */
export function parseCalendarDate(value: string): { year: number; month: number; day: number } | null {
  const match = isoDate.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return { year, month, day };
}

/** The calendar date (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function calendarDateIn(timeZone: string, instant: Date): string {
  return instantToLocal(instant, timeZone).slice(0, 10);
}

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
