import { eq } from "drizzle-orm";
import { isStaff } from "~/modules/access/booking-scope.server";
import { lockInScope } from "~/modules/booking/move.server";
import { holdState, isHeld } from "~/modules/payment/deposit-hold";
import { depositHoldOf, openDepositHold } from "~/modules/payment/deposit-hold.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

/*
 * Holding the deposit on a card at the counter (docs/domain.md#card-deposit-hold): staff of the
 * booking's supplier (or an admin) open the card page on their device for the booking's deposit,
 * the server's amount, and the driver authorises it there. Only before the car goes out.
 */

/**
 * - `started`: go to `url`, the card page.
 * - `noCardDeposit`: the booking's deposit is 0 or taken in cash only.
 * - `alreadyHeld`: a hold already holds it.
 * - `alreadyOut`: the car was picked up.
 * - `ownBooking`: the staff member is its driver (docs/security.md#payments).
 * - `gatewayError`: no card gateway runs, or it refused.
 * - `notFound`: outside the caller's scope.
 */
export type HoldStart =
  | { outcome: "started"; url: string }
  | { outcome: "noCardDeposit" | "alreadyHeld" | "alreadyOut" | "ownBooking" | "gatewayError" | "notFound" };

export async function startCounterDepositHold(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  language: string,
  now = new Date(),
): Promise<HoldStart> {
  if (!isStaff(user)) return { outcome: "notFound" };
  const db = await getDb();
  // Checked under the booking's lock; the card page is opened after it (no lock held over Stripe's answer).
  const checked = await db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking) return { outcome: "notFound" as const };
    if (booking.driverId === user.id) return { outcome: "ownBooking" as const };
    const [out] = await tx
      .select({ state: schema.rentals.state })
      .from(schema.rentals)
      .where(eq(schema.rentals.bookingId, booking.id));
    if (out) return { outcome: "alreadyOut" as const };
    // The deposit the booking was priced with; one made before it was recorded has the car's (docs/domain.md#deposit).
    const [car] = await tx
      .select({ cents: schema.cars.depositCents, method: schema.cars.depositMethod })
      .from(schema.cars)
      .where(eq(schema.cars.id, booking.carId));
    const deposit = booking.breakdown.deposit ?? car;
    if (!deposit || deposit.cents <= 0 || deposit.method === "cash") return { outcome: "noCardDeposit" as const };
    const hold = await depositHoldOf(booking.id, tx);
    if (hold && (isHeld(holdState(hold, now)) || holdState(hold, now) === "settling"))
      return { outcome: "alreadyHeld" as const };
    return { outcome: "ok" as const, booking, amountCents: deposit.cents };
  });
  if (checked.outcome !== "ok") return checked;
  const opened = await openDepositHold(user, checked.booking, checked.amountCents, language);
  return opened ? { outcome: "started", url: opened.url } : { outcome: "gatewayError" };
}
