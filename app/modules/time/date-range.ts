import { APP_TIME_ZONE, appToday, calendarDateIn, parseCalendarDate } from "./calendar";

/**
 * The one range of dates a form takes (docs/domain.md#date-range). Any calendar day: a real day
 * from 1900 to 2100 (birth dates, licences, list filters); nothing a person or a document has
 * falls outside, and PostgreSQL and the calendar arithmetic stay far from their own limits (a
 * block ending 9999-12-31 had no "day after" and failed as a 500). Days that plan the fleet (a
 * rental's pick-up, a block's days, a season's, a place's closed days): from 2000 (wall-clock
 * arithmetic starts at 1970) to `planYearsAhead` years after today.
 */
export const dateBounds = {
  earliest: "1900-01-01",
  latest: "2100-12-31",
  planEarliest: "2000-01-01",
  planYearsAhead: 3,
} as const;

/** A real `YYYY-MM-DD` day within the range. */
export function dayInRange(value: string): boolean {
  return parseCalendarDate(value) !== null && value >= dateBounds.earliest && value <= dateBounds.latest;
}

/** The last day a plan may name: the same day `planYearsAhead` years after `today` (a 29 February, the 28th). */
export function latestPlanDay(today: string): string {
  const parsed = parseCalendarDate(today);
  if (!parsed) throw new Error(`not a day: ${today}`);
  const year = parsed.year + dateBounds.planYearsAhead;
  const day = parsed.month === 2 && parsed.day === 29 ? 28 : parsed.day;
  const last = `${year}-${String(parsed.month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return last > dateBounds.latest ? dateBounds.latest : last;
}

/**
 * What is wrong with a day that plans the fleet, seen on `today`: not a real day from 2000, or
 * too far ahead (any real day past the horizon, 9999-12-31 too, is "too far", which says what to do).
 */
export function planDayProblem(value: string, today: string): "invalid" | "tooFar" | null {
  if (parseCalendarDate(value) === null || value < dateBounds.planEarliest) return "invalid";
  return value > latestPlanDay(today) ? "tooFar" : null;
}

/** Whether a rental starting at `pickUp` is within the plan horizon: its day (Caracas) no later than `latestPlanDay`. */
export function withinPlanHorizon(pickUp: Date, now: Date): boolean {
  return calendarDateIn(APP_TIME_ZONE, pickUp) <= latestPlanDay(appToday(now));
}
