import { instantToLocal } from "./zoned-time";

/**
 * The app's one time zone: "today", ages and wall-clock labels are counted in calendar days
 * of Caracas, not in UTC (docs/domain.md).
 */
export const APP_TIME_ZONE = "America/Caracas";

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

/** Today (`YYYY-MM-DD`) in the app's time zone: the "today" of birth dates, rates and payment dates. */
export function appToday(now: Date = new Date()): string {
  return calendarDateIn(APP_TIME_ZONE, now);
}

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/i;
const DAY_MS = 86_400_000;

/**
 * A calendar date sent as a date-time (docs/domain.md#dates-sent-as-date-times): a date picker's
 * local midnight serialised in UTC (`1990-04-30T23:00:00.000Z` from Paris, `1990-05-01T04:00:00.000Z`
 * from Caracas) is read as the day whose midnight is nearest, so the day picked comes back on any
 * clock from UTC−12 to UTC+12. A plain `YYYY-MM-DD` is returned as it is; anything else is null.
 */
export function calendarDateOfDateTime(value: string): string | null {
  if (parseCalendarDate(value)) return value;
  if (!isoDateTime.test(value)) return null;
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) return null;
  const nearestMidnight = Math.round(instant / DAY_MS) * DAY_MS;
  return new Date(nearestMidnight).toISOString().slice(0, 10);
}
