import { blockingStatuses, type BookingStatus } from "~/modules/booking/status";
import { localToInstant, addLocalDays, instantToLocal } from "~/modules/time/zoned-time";
import { monthKey, monthOf, shiftMonth } from "./month-grid";

/*
 * The dashboard's figures as pure rules (docs/domain.md#dashboard): the queries in
 * dashboard.server.ts hand over what the database counted, these shape it for the charts.
 */

/** The statuses the dashboard counts, in the lifecycle's order: `deleted` is a record status, not a state of the business. */
export const dashboardStatuses = [
  "void",
  "pending",
  "deposit",
  "paid",
  "reserved",
  "cancelled",
] as const satisfies readonly BookingStatus[];

/**
 * The statuses in which a booking holds its car (docs/domain.md#availability): what the
 * occupancy counts and the fleet calendar draws.
 */
export const holdingStatuses = blockingStatuses;
export type HoldingStatus = (typeof holdingStatuses)[number];

/** A count for every status shown, zero where the database found none. */
export function statusCounts(rows: ReadonlyArray<{ status: string; count: number }>) {
  const found = new Map(rows.map((r) => [r.status, r.count]));
  return dashboardStatuses.map((status) => ({ status, count: found.get(status) ?? 0 }));
}

/** How many months the revenue chart covers: this one and the eleven before it. */
export const REVENUE_MONTHS = 12;

/** The revenue chart's months as `YYYY-MM`, oldest first, ending with the month of `now` in `zone`. */
export function revenueMonths(now: Date, zone: string, count = REVENUE_MONTHS): string[] {
  const current = monthOf(now, zone);
  return Array.from({ length: count }, (_, i) => monthKey(shiftMonth(current, i - count + 1)));
}

/** Revenue in integer cents for each of `months`, zero for a month without any; sums for other months are dropped. */
export function revenueByMonth(months: readonly string[], sums: ReadonlyArray<{ month: string; cents: number }>) {
  const found = new Map<string, number>();
  for (const sum of sums) found.set(sum.month, (found.get(sum.month) ?? 0) + sum.cents);
  return months.map((month) => ({ month, cents: found.get(month) ?? 0 }));
}

/** How many days ahead the occupancy looks. */
export const OCCUPANCY_DAYS = 30;

/** The occupancy window: from today's midnight in `zone`, `days` calendar days, as instants `[start, end)`. */
export function occupancyWindow(now: Date, zone: string, days = OCCUPANCY_DAYS): { start: Date; end: Date } {
  const today = `${instantToLocal(now, zone).slice(0, 10)}T00:00`;
  return { start: localToInstant(today, zone)!, end: localToInstant(addLocalDays(today, days), zone)! };
}

const DAY_MS = 86_400_000;

/**
 * Fleet occupancy: the share of the cars' time in the window that bookings hold. `bookedMs` is
 * the bookings' time inside the window summed over the counted cars (a car's holding bookings
 * never overlap, the database's exclusion constraint sees to that, so the sum counts no time
 * twice); the available time is every counted car for the whole window. Car-days are that time
 * in days, rounded to a tenth.
 */
export function occupancy({
  carCount,
  bookedMs,
  window,
}: {
  carCount: number;
  bookedMs: number;
  window: { start: Date; end: Date };
}) {
  const windowMs = window.end.getTime() - window.start.getTime();
  const availableMs = carCount * windowMs;
  const ratio = availableMs > 0 ? Math.min(1, Math.max(0, bookedMs) / availableMs) : 0;
  const tenths = (ms: number) => Math.round((ms / DAY_MS) * 10) / 10;
  return {
    carCount,
    ratio,
    bookedCarDays: tenths(Math.min(bookedMs, availableMs)),
    availableCarDays: tenths(availableMs),
  };
}

/** A ratio as a whole percentage for people: 0.996 is 100 %, but anything above nothing shows at least 1 %. */
export function percent(ratio: number): number {
  const rounded = Math.round(ratio * 100);
  return ratio > 0 && rounded === 0 ? 1 : rounded;
}

/**
 * The value axis of a bar chart: ticks from 0 in a round step (1, 2 or 5 times a power of ten,
 * and at least `minStep`: 1 for counts, 100 for cents, so ticks are whole bookings or dollars),
 * at most `maxTicks` intervals, the last at or above `max`. An empty chart still gets one step.
 */
export function axisTicks(
  max: number,
  { maxTicks = 4, minStep = 1 }: { maxTicks?: number; minStep?: number } = {},
): number[] {
  if (!(max > 0)) return [0, minStep];
  const rough = Math.max(max / maxTicks, minStep);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!;
  const ticks: number[] = [];
  for (let value = 0; value < max + step; value += step) {
    ticks.push(Number(value.toPrecision(12)));
    if (value >= max) break;
  }
  return ticks;
}

/** A round amount of cents for an axis tick: "$0", "$500", "$2.5k", "$150k", "$1.2M". */
export function compactDollars(cents: number): string {
  const dollars = cents / 100;
  const short = (value: number, unit: string) => `$${Number(value.toFixed(1))}${unit}`;
  if (dollars >= 1_000_000) return short(dollars / 1_000_000, "M");
  if (dollars >= 1_000) return short(dollars / 1_000, "k");
  return `$${Number(dollars.toFixed(2))}`;
}
