import { z } from "zod";
import { optionalText, requiredText, rowIdField } from "~/modules/forms/fields";
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

/** The supplier's one public reply (its column's size). */
export const REVIEW_REPLY_MAX = 1000;

/** Why an admin hides a review: a fixed list (db/schema/enums.ts#reviewHiddenReasons is the same, review.test.ts). */
export const reviewHiddenReasons = ["personalData", "abuse", "offTopic", "spam"] as const;
export type ReviewHiddenReason = (typeof reviewHiddenReasons)[number];

/** What the driver scores besides the overall, in the form's order. */
export const reviewAspects = ["carCondition", "cleanliness", "staff", "value", "counterSpeed"] as const;
/** What the supplier's staff score of the driver. */
export const ratingAspects = ["onTime", "asAgreed", "communication"] as const;
export type ReviewAspect = (typeof reviewAspects)[number];

/** A review's stars: the overall and each aspect's. */
export type ReviewStars = Record<"overall" | ReviewAspect, number>;

/** The stars of a review row (which carries more), as the pages read them. */
export const starsOf = (row: ReviewStars): ReviewStars => ({
  overall: row.overall,
  carCondition: row.carCondition,
  cleanliness: row.cleanliness,
  staff: row.staff,
  value: row.value,
  counterSpeed: row.counterSpeed,
});
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

/** The supplier staff's one public reply to a published review (the back office's reviews). */
export const replySchema = z.object({
  intent: z.literal("reply"),
  bookingId: rowIdField(),
  reply: requiredText(REVIEW_REPLY_MAX, { multiline: true }),
});

/** An admin hides a published review, with a reason of the fixed list. */
export const hideSchema = z.object({
  intent: z.literal("hide"),
  bookingId: rowIdField(),
  reason: z.enum(reviewHiddenReasons, { error: messages.required }),
});
