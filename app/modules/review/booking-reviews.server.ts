import { eq } from "drizzle-orm";
import { isStaff } from "~/modules/access/booking-scope.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { reviewWindowEnd, starsOf, type RatingAspect } from "./review";

const { driverRatings, reviews } = schema;

/**
 * The booking page's reviews section for one viewer (docs/domain.md#reviews), once the car has
 * come back: the driver's review form or their review, the staff's rating form or their rating,
 * and the other side's words only once published. The driver never sees the rating of them
 * (it is the suppliers' private record); staff see the driver's review once it is published.
 * Null for anyone else (a grant's holder) and before the return.
 */
export async function bookingReviews(
  viewer: Pick<SessionUser, "id" | "type" | "supplierId"> & { granted: boolean },
  booking: { id: number; driverId: number },
  rental: { returnedAt: Date | null } | null,
  timeZone: string,
  now = new Date(),
) {
  if (viewer.granted || !rental?.returnedAt) return null;
  const driver = viewer.id === booking.driverId;
  // A supplier's staff member who drove one of its cars neither reviews the supplier nor rates themselves.
  if (driver && viewer.type === "supplier") return null;
  if (!driver && !isStaff(viewer)) return null;
  const db = await getDb();
  const [[review], [rating]] = await Promise.all([
    db.select().from(reviews).where(eq(reviews.bookingId, booking.id)),
    db.select().from(driverRatings).where(eq(driverRatings.bookingId, booking.id)),
  ]);
  const windowEnd = reviewWindowEnd(rental.returnedAt);
  const open = windowEnd.getTime() > now.getTime();
  const reviewView = review && {
    stars: starsOf(review),
    comment: review.comment,
    published: review.publishedAt !== null,
    /** The supplier's public reply, once written. */
    reply: review.reply,
    /** Why an admin hid it: the author (and staff) still read it here, marked, with the reason. */
    hiddenReason: review.hiddenReason,
  };
  const common = { open, windowEnds: wallClockLabel(windowEnd, timeZone) };
  if (driver) return { ...common, role: "driver" as const, review: reviewView ?? null, rating: null, waiting: false };
  return {
    ...common,
    role: "staff" as const,
    // The driver's words show to staff once published; before, only that they are in.
    review: reviewView && reviewView.published ? reviewView : null,
    waiting: Boolean(reviewView && !reviewView.published),
    rating: rating
      ? {
          stars: {
            onTime: rating.onTime,
            asAgreed: rating.asAgreed,
            communication: rating.communication,
          } satisfies Record<RatingAspect, number>,
          note: rating.note,
          published: rating.publishedAt !== null,
        }
      : null,
  };
}

export type BookingReviews = NonNullable<Awaited<ReturnType<typeof bookingReviews>>>;
