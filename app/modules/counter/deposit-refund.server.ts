import { lockReturnedRental } from "./returned-rental.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import type { RefundForm } from "~/modules/payment/deposit-ledger";
import { refundDeposit } from "~/modules/payment/deposit-ledger.server";
import { getDb } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { keepFinalReceipt } from "./final-receipt.server";

/*
 * A refund of the deposit still held after the close (docs/domain.md#deposit-ledger): the close
 * records the first; what it left held (a part given back later) is refunded here, by staff of the
 * booking's supplier or an admin, never on their own booking, never more than is held.
 */

/**
 * - `refunded`: written, with its audit entry.
 * - `tooLarge`: more than the deposit still held: nothing written.
 * - `ownBooking`: the actor is the booking's driver (docs/security.md#payments).
 * - `notReturned`: the car is not back yet: the deposit covers the rental until the return.
 * - `notFound`: outside the caller's scope (another supplier's staff, a driver), or no rental.
 */
export type DepositRefundOutcome = "refunded" | "tooLarge" | "ownBooking" | "notReturned" | "notFound";

export async function refundHeldDeposit(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  form: Pick<RefundForm, "refundAmount" | "refundMethod" | "refundReference">,
  now = new Date(),
): Promise<DepositRefundOutcome> {
  if (!isStaff(user)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockReturnedRental(tx, user, bookingId);
    if (typeof booking === "string") return booking;
    const outcome = await refundDeposit(tx, user, booking, form, now);
    if (outcome === "refunded") await keepFinalReceipt(tx, booking.id);
    return outcome;
  });
}
