import { eq } from "drizzle-orm";
import { lockInScope } from "~/modules/booking/move.server";
import { schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

/**
 * A returned rental's booking, locked with its rental for a deposit's money (docs/domain.md#deposit-ledger):
 * in the caller's scope (else `notFound`), not the actor's own (`ownBooking`), the car back (`notReturned`).
 */
export async function lockReturnedRental(
  tx: Executor,
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
) {
  const booking = await lockInScope(tx, user, bookingId);
  if (!booking) return "notFound" as const;
  const [rental] = await tx
    .select({ state: schema.rentals.state })
    .from(schema.rentals)
    .where(eq(schema.rentals.bookingId, booking.id))
    .for("update");
  if (!rental) return "notFound" as const;
  if (booking.driverId === user.id) return "ownBooking" as const;
  if (rental.state === "out") return "notReturned" as const;
  return booking;
}
