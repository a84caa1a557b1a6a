import { and, eq, ne } from "drizzle-orm";
import { lockInScope } from "~/modules/booking/move.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { publishIfBoth } from "./publish.server";
import { reviewWindowEnd, type RatingInput, type ReviewInput } from "./review";

const { bookings, driverRatings, rentals, reviews } = schema;

/*
 * Writing a review (docs/domain.md#reviews): the driver's of the supplier and the supplier staff's
 * of the driver, each once per booking, only for a car that came back and within the window after
 * its return. Each locks the booking's row, so the two sides written at once publish together.
 */

/**
 * - `written`: saved (and published with the other side's if that was in).
 * - `notFound`: no such booking for this writer (another driver's, another supplier's, their own as staff).
 * - `notReturned`: the car has not come back.
 * - `already`: this side has written for this booking; nothing changed.
 * - `windowClosed`: the window after the return has closed.
 */
export type ReviewOutcome = "written" | "notFound" | "notReturned" | "already" | "windowClosed";

/** When the booking's car came back, null while it has not. */
async function returnedAt(tx: Executor, bookingId: number): Promise<Date | null> {
  const [rental] = await tx
    .select({ returnedAt: rentals.returnedAt })
    .from(rentals)
    .where(eq(rentals.bookingId, bookingId));
  return rental?.returnedAt ?? null;
}

function windowRefusal(returned: Date | null, now: Date): ReviewOutcome | null {
  if (!returned) return "notReturned";
  return reviewWindowEnd(returned).getTime() <= now.getTime() ? "windowClosed" : null;
}

/** The driver of booking `bookingId` reviews its supplier. */
export async function writeReview(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  input: ReviewInput,
  now = new Date(),
): Promise<ReviewOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select({ id: bookings.id, supplierId: bookings.supplierId })
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.driverId, user.id), ne(bookings.status, "deleted")))
      .for("update");
    // A supplier's own staff do not review their supplier, whoever drove.
    if (!booking || (user.type === "supplier" && user.supplierId === booking.supplierId)) return "notFound";
    const refusal = windowRefusal(await returnedAt(tx, booking.id), now);
    if (refusal) return refusal;
    const written = await tx
      .insert(reviews)
      .values({ bookingId: booking.id, supplierId: booking.supplierId, authorId: user.id, ...input })
      .onConflictDoNothing()
      .returning({ bookingId: reviews.bookingId });
    if (written.length === 0) return "already";
    await publishIfBoth(tx, booking.id, now);
    return "written";
  });
}

/** The booking's supplier staff (or an admin) rate its driver, privately. Nobody rates themselves. */
export async function rateDriver(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  input: RatingInput,
  now = new Date(),
): Promise<ReviewOutcome> {
  if (!isStaff(user)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking || booking.driverId === user.id) return "notFound";
    const refusal = windowRefusal(await returnedAt(tx, booking.id), now);
    if (refusal) return refusal;
    const written = await tx
      .insert(driverRatings)
      .values({ bookingId: booking.id, driverId: booking.driverId, authorId: user.id, ...input })
      .onConflictDoNothing()
      .returning({ bookingId: driverRatings.bookingId });
    if (written.length === 0) return "already";
    await publishIfBoth(tx, booking.id, now);
    return "written";
  });
}
