import { CARS_PER_PAGE } from "./search-query";

/**
 * How many cars a search reports. Counting every bookable car of a busy place means
 * checking each one against the bookings, the largest cost of a search; people read the
 * first pages and narrow with filters instead. So a search counts in steps of 100 cars:
 * exactly up to 100, then "more than 100" (from page 7 on, whose cars go past the 100th,
 * up to 200, and so on), and the pager offers every page it knows has cars.
 */
export const COUNT_STEP = 100;

/** The most cars a search for this page (of `size` cars) counts exactly. */
export function countCap(page: number, size = CARS_PER_PAGE): number {
  return COUNT_STEP * Math.ceil((page * size) / COUNT_STEP);
}

export type ResultCount = {
  /** The number of cars, or the cap when there are more. */
  total: number;
  /** There are more than `total`. */
  more: boolean;
  /** Pages known to exist. */
  pages: number;
};

/** `found` is how many cars the search found when asked for at most `cap + 1`. */
export function resultCount(found: number, cap: number, size = CARS_PER_PAGE): ResultCount {
  const more = found > cap;
  return { total: Math.min(found, cap), more, pages: Math.ceil(Math.min(found, cap + 1) / size) };
}
