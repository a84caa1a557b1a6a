import { addPercentRoundingUp, type RateKind, type RateSpan } from "./pricing";
import { calendarDateIn } from "~/modules/time/calendar";

/**
 * Seasons and longer-rental rates (docs/domain.md#seasons, docs/domain.md#long-rental-rates):
 * which daily price each day of a rental is charged at. Pure and shared with the browser; the
 * server loads a car's seasons (seasons.server.ts) and passes them in.
 */

/** From this many days the weekly daily price applies, from `MONTHLY_DAYS` the monthly one, when cheaper. */
export const WEEKLY_DAYS = 7;
export const MONTHLY_DAYS = 28;

/** A car's daily prices: the base one and the optional longer-rental ones (null: none). */
export type CarRates = {
  dailyPriceCents: number;
  weeklyDailyPriceCents: number | null;
  monthlyDailyPriceCents: number | null;
};

/** A season as it prices one car: its days (`YYYY-MM-DD`, both included), percent and the car's fixed price if any. */
export type SeasonRule = {
  name: string;
  firstDay: string;
  lastDay: string;
  percent: number;
  fixedDailyPriceCents: number | null;
};

/**
 * The rental's base rate: the cheapest of the daily price and the longer-rental prices the
 * rental is long enough for.
 */
export function baseRate(car: CarRates, days: number): { rate: RateKind; dailyPriceCents: number } {
  let best: { rate: RateKind; dailyPriceCents: number } = { rate: "daily", dailyPriceCents: car.dailyPriceCents };
  if (days >= WEEKLY_DAYS && car.weeklyDailyPriceCents !== null && car.weeklyDailyPriceCents < best.dailyPriceCents)
    best = { rate: "weekly", dailyPriceCents: car.weeklyDailyPriceCents };
  if (days >= MONTHLY_DAYS && car.monthlyDailyPriceCents !== null && car.monthlyDailyPriceCents < best.dailyPriceCents)
    best = { rate: "monthly", dailyPriceCents: car.monthlyDailyPriceCents };
  return best;
}

const DAY_MS = 86_400_000;

/**
 * The calendar date of each day of a rental: day i (from 0) is the date, in the pick-up place's
 * `timeZone`, of `pickUp + i × 24 h`, the days `rentalDays` counts. Worked out once per rental,
 * however many cars are priced for it (a search prices a page of them).
 */
export function rentalDates(pickUp: Date, days: number, timeZone: string): string[] {
  return Array.from({ length: days }, (_, i) => calendarDateIn(timeZone, new Date(pickUp.getTime() + i * DAY_MS)));
}

/** The first and last of a rental's dates (`rentalDates`), to load only the seasons that matter. */
export function rentalDateRange(dates: readonly string[]): { first: string; last: string } {
  return { first: dates[0], last: dates[dates.length - 1] };
}

/**
 * Each day's daily price, gathered into spans of equal price and season in the order they first
 * occur, for the rental's `dates` (`rentalDates`). A season covering a date charges its fixed
 * price for the car if it has one, otherwise the base rate plus its percent, rounded up to the cent
 * (the percent applies to the longer-rental rate too: a December week costs the weekly price +40 %).
 */
export function rentalRates(input: {
  car: CarRates;
  dates: readonly string[];
  seasons: readonly SeasonRule[];
}): RateSpan[] {
  const { car, dates, seasons } = input;
  const base = baseRate(car, dates.length);
  const spans: RateSpan[] = [];
  for (const date of dates) {
    const season = seasons.find((s) => s.firstDay <= date && date <= s.lastDay);
    const dailyPriceCents = !season
      ? base.dailyPriceCents
      : (season.fixedDailyPriceCents ?? addPercentRoundingUp(base.dailyPriceCents, season.percent));
    const seasonName = season?.name ?? null;
    const span = spans.find((s) => s.dailyPriceCents === dailyPriceCents && s.season === seasonName);
    if (span) span.days += 1;
    else spans.push({ days: 1, dailyPriceCents, rate: base.rate, season: seasonName });
  }
  return spans;
}
