import { eq } from "drizzle-orm";
import { lockInScope } from "~/modules/booking/move.server";
import { schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

const { damageClaims, rentals } = schema;

/**
 * The booking in `user`'s scope, its claim and how its deposit was taken, all locked in `tx`, for
 * the driver's answer and the admin's decision (docs/domain.md#damage-claims); null when the
 * booking is outside the scope or has no claim.
 */
export async function lockClaim(
  tx: Executor,
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
) {
  const booking = await lockInScope(tx, user, bookingId);
  if (!booking) return null;
  const [row] = await tx
    .select({ claim: damageClaims, depositTaken: rentals.depositTaken })
    .from(damageClaims)
    .innerJoin(rentals, eq(rentals.bookingId, damageClaims.bookingId))
    .where(eq(damageClaims.bookingId, booking.id))
    .for("update");
  return row ? { booking, claim: row.claim, deposit: { taken: row.depositTaken } } : null;
}
