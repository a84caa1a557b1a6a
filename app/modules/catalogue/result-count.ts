import { CARS_PER_PAGE } from "./search-query";

/**
 * How many cars a search reports. Counting every bookable car of a busy place means
 * checking each one against the bookings, the largest cost of a search; people read the
 * first pages and narrow with filters instead. So a search counts in steps of ten pages:
 * exactly up to 150 cars, then "more than 150" (from page 11 on, up to 300, and so on),
 * and the pager always offers the page after the last full one it knows of.
 */
export const COUNT_STEP = 10 * CARS_PER_PAGE;

/** The most cars a search for this page counts exactly. */
export function countCap(page: number): number {
  return COUNT_STEP * Math.ceil((page * CARS_PER_PAGE) / COUNT_STEP);
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
export function resultCount(found: number, cap: number): ResultCount {
  const more = found > cap;
  return { total: Math.min(found, cap), more, pages: Math.ceil(Math.min(found, cap + 1) / CARS_PER_PAGE) };
}
