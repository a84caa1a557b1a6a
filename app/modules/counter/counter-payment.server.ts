import { recordAudit } from "~/modules/audit/audit.server";
import type { CounterMethod } from "~/modules/booking/methods";
import { fulfilPaymentIn } from "~/modules/payment/fulfil.server";
import { recordPayment } from "~/modules/payment/record.server";
import type { Transaction } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

/** The reference of the counter's payment at `step` of a booking: one each, so a replayed post is a duplicate. */
export const counterReference = (step: "pickup" | "close", bookingId: number) => `counter:${step}:${bookingId}`;

/**
 * Money staff take at the counter (docs/security.md#payments): at the pick-up the balance, at
 * the close the final bill's still to pay. Recorded through the one door for money as received
 * and verified by the staff member, audited `payment.counter`, in the caller's transaction (which
 * has checked the booking is in scope and not the staff member's own). The amount is the
 * server's; the reference `counter:<step>:<booking>` makes a replayed post a duplicate, answered
 * `"duplicate"` with nothing written.
 */
export async function takeCounterPayment(
  tx: Transaction,
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  payment: { bookingId: number; step: "pickup" | "close"; method: CounterMethod; amountCents: number; now: Date },
): Promise<"taken" | "duplicate"> {
  const { bookingId, method, amountCents, now } = payment;
  const recorded = await recordPayment(tx, {
    bookingId,
    method,
    amountCents,
    providerReference: counterReference(payment.step, bookingId),
    details: { takenBy: user.id },
    awaitingVerification: false,
  });
  if (!recorded.ok) return "duplicate";
  // On a booking already `paid` (the close) this confirms the payment without moving the status
  // (docs/domain.md#closing); the driver is told and emailed the payment like any other.
  const paid = await fulfilPaymentIn(tx, recorded.paymentId, {
    verifiedBy: user.id,
    now,
    onConfirmed: (inner, { supplierId }) =>
      recordAudit(inner, user, {
        action: "payment.counter",
        subjectType: "payment",
        subjectId: recorded.paymentId,
        supplierId,
        changes: { method: [null, method], amountCents: [null, amountCents] },
      }),
  });
  // The pick-up takes the whole balance and the close comes after a paid car went out: either way
  // the payments cover the price, so anything else is a bug, and rolls the transaction back.
  if (paid !== "paid") throw new Error(`Counter payment (${payment.step}) of booking ${bookingId} left it ${paid}`);
  return "taken";
}
