import { z } from "zod";
import { optionalText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";

// How a score reads is the catalogue's rule (it orders and filters the search by it).
export { scoreOf, type Score } from "~/modules/catalogue/supplier-score";

/*
 * Reviews from verified renters (docs/domain.md#reviews), the rules the browser shares with the
 * server: the window, the lengths, the aspects and their forms, and how a score reads.
 */

/** A review, or a rating of the driver, may be written this many days after the car came back. */
export const REVIEW_WINDOW_DAYS = 14;
export const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 86_400_000;
/** The moment the window after a return closes (and what is still blind is published). */
export const reviewWindowEnd = (returnedAt: Date) => new Date(returnedAt.getTime() + REVIEW_WINDOW_MS);

/** The comment's and the note's lengths (their columns' sizes). */
export const REVIEW_COMMENT_MAX = 1000;
export const RATING_NOTE_MAX = 500;

export const reviewAspects = ["carCondition", "cleanliness", "staff", "value", "counterSpeed"] as const;
/** What the supplier's staff score of the driver. */
export const ratingAspects = ["onTime", "asAgreed", "communication"] as const;
export type ReviewAspect = (typeof reviewAspects)[number];
export type RatingAspect = (typeof ratingAspects)[number];

/** One to five stars, posted by a radio group: anything else reads as not chosen. */
const stars = () =>
  z
    .enum(["1", "2", "3", "4", "5"], { error: messages.required })
    .transform((value) => Number(value) as 1 | 2 | 3 | 4 | 5);

/** The driver's review of the supplier (the booking page's "Review your rental"). */
export const reviewSchema = z.object({
  intent: z.literal("review"),
  overall: stars(),
  carCondition: stars(),
  cleanliness: stars(),
  staff: stars(),
  value: stars(),
  counterSpeed: stars(),
  comment: optionalText(REVIEW_COMMENT_MAX, { multiline: true }),
});
export type ReviewInput = Omit<z.infer<typeof reviewSchema>, "intent">;

/** The supplier staff's private rating of the driver. */
export const ratingSchema = z.object({
  intent: z.literal("rate-driver"),
  onTime: stars(),
  asAgreed: stars(),
  communication: stars(),
  note: optionalText(RATING_NOTE_MAX, { multiline: true }),
});
export type RatingInput = Omit<z.infer<typeof ratingSchema>, "intent">;
