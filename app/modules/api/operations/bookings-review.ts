import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { REVIEW_COMMENT_MAX, REVIEW_WINDOW_DAYS, reviewSchema } from "~/modules/review/review";
import { defineOperation } from "../operation";
import { reviewStars } from "./catalogue-reviews";
import { idParams } from "./shared";

/*
 * The driver's review of the supplier after the rental (docs/domain.md#reviews), through the
 * module the booking page's form uses: the same rules, outcomes and messages.
 */

const tag = "Bookings";

/** 1 to 5 stars as JSON sends them (a form's "4" is read as 4); a missing one is a field to fill in. */
const givenStar = (description: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : undefined) })
    .int()
    .min(1)
    .max(5)
    .meta({ description: `${description}, 1 to 5 stars.` })
    .transform((stars) => stars as 1 | 2 | 3 | 4 | 5);

/** The booking page's review form (review/review.ts), its stars as integers. */
const reviewBodySchema = reviewSchema.omit({ intent: true }).extend({
  overall: givenStar("Overall"),
  carCondition: givenStar("Car condition"),
  cleanliness: givenStar("Cleanliness"),
  staff: givenStar("Staff"),
  value: givenStar("Value for money"),
  counterSpeed: givenStar("Speed at the counter"),
  comment: reviewSchema.shape.comment.meta({
    description: `Optional plain text, at most ${REVIEW_COMMENT_MAX} characters (trimmed; empty: none).`,
  }),
});

const bookingReviewSchema = z
  .object({
    bookingId: z.number().int(),
    ...reviewStars,
    comment: z.string().nullable(),
    published: z.boolean().meta({
      description:
        "False while blind: until the supplier has rated the rental too, or the window after the return has closed.",
    }),
    publishedAt: z.iso.datetime().nullable().meta({ description: "UTC; null while blind." }),
  })
  .meta({ id: "BookingReview", description: "The driver's review of the supplier, as stored." });

export const reviewBooking = defineOperation({
  id: "reviewBooking",
  method: "POST",
  path: "/api/bookings/{id}/review",
  tag,
  summary: "Review the supplier after a rental",
  description: [
    `The driver reviews the supplier of their own booking once its car has come back at the counter, within ${REVIEW_WINDOW_DAYS} days of the return, once per booking (docs/domain.md#reviews): overall and five aspects, 1 to 5 stars each, and an optional comment. The review is double-blind: it is published when the supplier has rated the rental too, or when the window closes; \`GET /api/suppliers/{id}/reviews\` lists it from then on.`,
    "",
    "Not the caller's booking, or a booking of the supplier the caller works for → 404; the car has not come back → 409 `notReturned`; already reviewed → 409 `already` (a review is never changed); the window has closed → 409 `windowClosed`. Nothing is written when refused.",
  ].join("\n"),
  auth: "user",
  params: idParams,
  body: reviewBodySchema,
  responses: { 201: { description: "Written: the review as stored.", schema: bookingReviewSchema } },
  errors: [400, 404, 409],
  errorCodes: { 409: ["notReturned", "already", "windowClosed"] },
  example: {
    params: { id: "1" },
    body: {
      overall: 4,
      carCondition: 5,
      cleanliness: 4,
      staff: 5,
      value: 4,
      counterSpeed: 3,
      comment: "Clean car and a friendly counter; the queue was long.",
    },
  },
});
