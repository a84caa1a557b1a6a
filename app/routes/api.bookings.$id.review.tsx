import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { reviewBooking } from "~/modules/api/operations/bookings-review";
import { storedReview } from "~/modules/review/supplier-reviews.server";
import { writeReview } from "~/modules/review/write-review.server";

const route = apiRoute(
  implement(reviewBooking, async ({ params, body, user }) => {
    // An empty comment is none, as the page's form reads it.
    const outcome = await writeReview(user, params.id, { ...body, comment: body.comment || undefined });
    if (outcome === "notFound") throw new ApiError(404);
    if (outcome !== "written") throw new ApiError(409, outcome, `reviews:errors.${outcome}`);
    const review = await storedReview(params.id);
    if (!review) throw new Error("a written review was not found");
    return reply(201, { ...review, publishedAt: review.publishedAt?.toISOString() ?? null });
  }),
);
export const loader = route.loader;
export const action = route.action;
