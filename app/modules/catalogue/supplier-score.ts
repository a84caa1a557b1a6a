/*
 * How a supplier's score reads wherever it shows (docs/domain.md#reviews): the search's cards,
 * order and filter, the car page, the supplier pages. The reviews that make it are the review
 * module's; the rule of reading it is the catalogue's, which sits below it.
 */

/** Fewer published reviews than this show as "new", not as a score: two opinions are not a score. */
export const SCORE_MIN_REVIEWS = 3;

/** A score as it reads: "new" (`average` null) below SCORE_MIN_REVIEWS reviews, else the average to one decimal. */
export type Score = { count: number; average: number | null };

export function scoreOf(count: number, sum: number): Score {
  if (count < SCORE_MIN_REVIEWS) return { count, average: null };
  return { count, average: Math.round((sum / count) * 10) / 10 };
}

/** A score as it is written: one decimal, "4.0" as much as "4.3" (docs/domain.md#formatting's dot). */
export const formatScore = (average: number) => average.toFixed(1);
