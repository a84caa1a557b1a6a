import { instantToLocal, localToInstant } from "~/modules/time/zoned-time";

/*
 * The fleet calendar's month (docs/domain.md#fleet-calendar): the days of one calendar month
 * in the app's zone, and where each booking's bar starts and ends in it. Pure, shared by the
 * server and the browser.
 */

/** A calendar month; `month` is 1–12. */
export type Month = { year: number; month: number };

const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;
/** The months the calendar opens; outside them a `?month=` is ignored. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** A `YYYY-MM` value (the month input's), or null when malformed or out of range. */
export function parseMonth(value: string | null | undefined): Month | null {
  const match = MONTH_PATTERN.exec(value ?? "");
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return null;
  return { year, month };
}

const pad = (n: number) => String(n).padStart(2, "0");

export const monthKey = (m: Month) => `${m.year}-${pad(m.month)}`;

/** The month `instant` falls in on the wall clock of `zone`. */
export function monthOf(instant: Date, zone: string): Month {
  const [year, month] = instantToLocal(instant, zone).split("-").map(Number);
  return { year, month };
}

/** The month `delta` months after `m` (before it when negative). */
export function shiftMonth(m: Month, delta: number): Month {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function daysInMonth(m: Month): number {
  return new Date(Date.UTC(m.year, m.month, 0)).getUTCDate();
}

/** One day of the month: its number, its `YYYY-MM-DD` date and its weekday (0 Sunday … 6 Saturday). */
export type MonthDay = { day: number; date: string; weekday: number };

export function monthDays(m: Month): MonthDay[] {
  return Array.from({ length: daysInMonth(m) }, (_, i) => ({
    day: i + 1,
    date: `${monthKey(m)}-${pad(i + 1)}`,
    weekday: new Date(Date.UTC(m.year, m.month - 1, i + 1)).getUTCDay(),
  }));
}

/** The month as the instants `[start, end)`: its first midnight and the next month's, in `zone`. */
export function monthBounds(m: Month, zone: string): { start: Date; end: Date } {
  const next = shiftMonth(m, 1);
  return {
    start: localToInstant(`${monthKey(m)}-01T00:00`, zone)!,
    end: localToInstant(`${monthKey(next)}-01T00:00`, zone)!,
  };
}

/**
 * Where a booking's bar lies in the month: from the day it is picked up to the day it is
 * returned, as days of `zone` (a rental of `[startsAt, endsAt)` ends on the day of its last
 * instant, so a return at midnight ends the day before). Clipped at the month's edges, with
 * `continuesBefore`/`continuesAfter` saying so; null when the booking misses the month.
 */
export type BarSpan = { firstDay: number; lastDay: number; continuesBefore: boolean; continuesAfter: boolean };

export function barSpan(startsAt: Date, endsAt: Date, m: Month, zone: string): BarSpan | null {
  const first = instantToLocal(startsAt, zone).slice(0, 10);
  const last = instantToLocal(new Date(Math.max(startsAt.getTime(), endsAt.getTime() - 1)), zone).slice(0, 10);
  const days = monthDays(m);
  const monthFirst = days[0].date;
  const monthLast = days[days.length - 1].date;
  if (last < monthFirst || first > monthLast) return null;
  const continuesBefore = first < monthFirst;
  const continuesAfter = last > monthLast;
  return {
    firstDay: continuesBefore ? 1 : Number(first.slice(8)),
    lastDay: continuesAfter ? days.length : Number(last.slice(8)),
    continuesBefore,
    continuesAfter,
  };
}

/**
 * Bars of one car laid out in as few lanes (table rows) as possible, none sharing a day with
 * another in its lane: back-to-back rentals meet on the changeover day, so the second one goes
 * to the next lane. Every car gets at least one (empty) lane.
 */
export function assignLanes<T extends BarSpan>(bars: readonly T[]): T[][] {
  const lanes: T[][] = [];
  for (const bar of [...bars].sort((a, b) => a.firstDay - b.firstDay || a.lastDay - b.lastDay)) {
    const lane = lanes.find((l) => l[l.length - 1].lastDay < bar.firstDay);
    if (lane) lane.push(bar);
    else lanes.push([bar]);
  }
  return lanes.length > 0 ? lanes : [[]];
}

/** A lane as the cells of a table row: an empty day, or a bar spanning its days. */
export type LaneCell<T> = { kind: "day"; day: number } | { kind: "bar"; bar: T; span: number };

export function laneCells<T extends BarSpan>(lane: readonly T[], dayCount: number): Array<LaneCell<T>> {
  const cells: Array<LaneCell<T>> = [];
  let next = 1;
  for (const bar of lane) {
    for (; next < bar.firstDay; next++) cells.push({ kind: "day", day: next });
    cells.push({ kind: "bar", bar, span: bar.lastDay - bar.firstDay + 1 });
    next = bar.lastDay + 1;
  }
  for (; next <= dayCount; next++) cells.push({ kind: "day", day: next });
  return cells;
}

/** "November 2026" in `language` (or "Nov 2026" when `short`); on the server only, so the page hydrates with the same words. */
export function monthLabel(m: Month, language: string, style: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(language, { month: style, year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(m.year, m.month - 1, 15)),
  );
}

/** A weekday's short name in `language` (0 Sunday … 6 Saturday). */
export function weekdayLabel(weekday: number, language: string): string {
  // 4 January 1970 was a Sunday.
  return new Intl.DateTimeFormat(language, { weekday: "short", timeZone: "UTC" }).format(
    new Date(Date.UTC(1970, 0, 4 + weekday)),
  );
}
