import { and, eq, inArray, ne } from "drizzle-orm";
import { tellDriver } from "~/modules/whatsapp/outbox-whatsapp.server";
import { formatCents } from "~/modules/i18n/format";
import { languageOrDefault } from "~/modules/i18n/languages";
import { bookingStaff, notify } from "~/modules/notification/notify.server";
import { lockBooking, moveBooking, paidCentsOf } from "~/modules/booking/move.server";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { bookingMoney } from "./money.server";

const { cars, payments, users } = schema;

/**
 * - `partial`: recorded, but succeeded payments do not cover the price yet; the booking keeps its balance.
 * - `credit`: recorded, but it pays beyond what the booking owes (two ways of paying crossed): the
 *   excess is a credit staff must refund (docs/domain.md#credit), and they and the driver are told.
 * - `notOwed`: refused under `overpay: "refuse"` because the booking no longer owes the amount;
 *   nothing changed, the caller ends the attempt.
 */
export type FulfilOutcome = "paid" | "partial" | "alreadyDone" | "flagged" | "credit" | "notOwed";

type FulfilOptions = {
  verifiedBy?: number | null;
  now?: Date;
  onConfirmed?: (tx: Transaction, booking: { supplierId: number }) => Promise<void>;
  /**
   * A payment that would pay more than the booking owes: `credit` (money already received —
   * a captured card, a transfer seen on the statement or the chain) records it and flags the
   * excess; `refuse` (money not taken yet — the demo gateway's card) changes nothing.
   */
  overpay?: "credit" | "refuse";
};

/**
 * Confirms payment `paymentId` (docs/domain.md#payments), whoever learns of it first — the card
 * return page, a webhook, staff approving a pago móvil, the USDT check — and however often: the
 * payment row is locked, so only the first call changes anything. The booking becomes `paid`
 * through the status door only when its succeeded payments now cover its price: a payment for
 * less (an attempt started before an amendment raised the price) is recorded, a hold becomes
 * `pending` with its balance, and staff are told of the shortfall. When paid, the driver and
 * the booking's staff are notified and the driver gets the "payment done" email in their
 * language. A payment for a booking that can no longer be paid (its expired hold lost the car)
 * is still recorded as received and flagged to staff: money is never lost silently. Nor does it
 * silently pay twice: what the booking still owes is read under its lock, and a payment beyond it
 * is refused or recorded as a credit to refund (`overpay`, docs/domain.md#credit).
 * `onConfirmed` runs in the same transaction when this call is the one that confirmed it (staff
 * approving record their audit entry there, docs/domain.md#audit).
 */
export async function fulfilPayment(paymentId: number, opts: FulfilOptions = {}): Promise<FulfilOutcome> {
  const db = await getDb();
  return db.transaction((tx) => fulfilPaymentIn(tx, paymentId, opts));
}

/**
 * fulfilPayment in the caller's transaction: a payment taken at the counter is confirmed with
 * the pick-up it is part of, so the money, the status and the rental record commit together
 * (docs/domain.md#pick-up).
 */
export async function fulfilPaymentIn(
  tx: Transaction,
  paymentId: number,
  opts: FulfilOptions = {},
): Promise<FulfilOutcome> {
  const now = opts.now ?? new Date();
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!payment) throw new Error(`No payment ${paymentId}`);
  if (payment.status !== "pending") return "alreadyDone";
  const booking = (await lockBooking(tx, payment.bookingId))!;
  const { owedCents } = (await bookingMoney(tx, booking.id))!;
  const overpaidCents = Math.max(0, payment.amountCents - owedCents);
  if (overpaidCents > 0 && opts.overpay === "refuse") return "notOwed";
  await tx
    .update(payments)
    .set({ status: "succeeded", verifiedAt: now, verifiedBy: opts.verifiedBy ?? null, updatedAt: now })
    .where(eq(payments.id, payment.id));
  await opts.onConfirmed?.(tx, booking);

  const mover = { kind: "system", actorId: opts.verifiedBy ?? null } as const;
  const moved =
    booking.status === "paid"
      ? null
      : await moveBooking(tx, booking, "paid", mover, { note: "payment confirmed", now });
  const [car] = await tx.select({ name: cars.name }).from(cars).where(eq(cars.id, booking.carId));
  const staff = await bookingStaff(tx, booking.supplierId);
  const amount = formatCents(payment.amountCents);
  const params = { reference: booking.reference, car: car.name, amount };
  if (moved && !moved.ok && moved.reason === "balanceDue" && booking.status !== "cancelled") {
    // Received, but short: a hold now waits as pending with its balance, which the payer and staff see.
    if (booking.status === "void") await moveBooking(tx, booking, "pending", mover, { note: "partly paid", now });
    const balance = formatCents(booking.priceCents - (await paidCentsOf(tx, booking.id)));
    await notify(
      tx,
      staff.map((member) => ({
        userId: member.id,
        bookingId: booking.id,
        messageKey: "notifications:messages.paymentShortfall" as const,
        params: { ...params, balance },
      })),
    );
    return "partial";
  }
  if (moved && !moved.ok) {
    await notify(
      tx,
      staff.map((member) => ({
        userId: member.id,
        bookingId: booking.id,
        messageKey: "notifications:messages.paymentNeedsAttention" as const,
        params,
      })),
    );
    return "flagged";
  }
  // Received beyond what was owed (an online payment completed after the counter took the balance,
  // say): the driver and staff are told of the credit to refund instead (docs/domain.md#credit).
  const credit = overpaidCents > 0 ? formatCents((await bookingMoney(tx, booking.id))!.creditCents) : null;
  const [driverKey, staffKey] = credit
    ? (["notifications:messages.paymentCredit", "notifications:messages.paymentCreditStaff"] as const)
    : (["notifications:messages.paymentReceived", "notifications:messages.paymentReceivedStaff"] as const);
  const told = credit ? { ...params, credit } : params;
  await notify(tx, [
    { userId: booking.driverId, bookingId: booking.id, messageKey: driverKey, params: told },
    ...staff.map((member) => ({ userId: member.id, bookingId: booking.id, messageKey: staffKey, params: told })),
  ]);
  const [driver] = await tx
    .select({ email: users.email, fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, booking.driverId));
  const language = languageOrDefault(driver.language);
  const link = new URL(`/booking?b=${booking.id}`, getEnv().APP_URL).toString();
  // On WhatsApp for a driver who opted in, else by email (docs/domain.md#whatsapp).
  await tellDriver(tx, {
    userId: booking.driverId,
    bookingId: booking.id,
    language,
    template: "payment_received",
    values: { reference: booking.reference, amount, link },
    key: `whatsapp-payment-received-${payment.id}`,
    document: false,
    email: {
      request: {
        template: "payment-confirmation",
        to: [driver.email],
        language,
        data: {
          fullName: driver.fullName,
          reference: booking.reference,
          car: car.name,
          amount,
          method: payment.method,
          link,
        },
      },
      jobId: `payment-confirmation-${payment.id}`,
    },
  });
  return credit ? "credit" : "paid";
}

/**
 * A payment that did not go through: failed (declined card, expired session, a transfer that does
 * not match, an unverified transfer that expired) or rejected by staff, with the reason kept in
 * its details (docs/domain.md#payments). When nothing else is paying for the booking, a booking
 * that was a hold is released through the status door:
 * - a `void` hold is cancelled at once, so the car is free again for others;
 * - a hold that waits as `pending` for a transfer to be verified goes back to `void` while its
 *   30 minutes still run (the driver may try again), and is cancelled once they are over — for a
 *   failed check and a staff rejection alike, so a made-up transaction id or bank reference
 *   cannot keep a car blocked.
 * A pay-later booking (never a hold) stays as it is: the driver may pay again.
 */
export async function failPayment(
  paymentId: number,
  opts: { status: "failed" | "rejected"; reason?: string; now?: Date },
): Promise<void> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || payment.status !== "pending") return;
    const details = opts.reason ? { ...payment.details, failure: opts.reason } : payment.details;
    await tx.update(payments).set({ status: opts.status, details, updatedAt: now }).where(eq(payments.id, payment.id));
    const booking = (await lockBooking(tx, payment.bookingId))!;
    const wasHold = booking.holdExpiresAt !== null && (booking.status === "void" || booking.status === "pending");
    if (!wasHold) return;
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.bookingId, booking.id),
          inArray(payments.status, ["pending", "succeeded"]),
          ne(payments.id, payment.id),
        ),
      )
      .limit(1);
    if (other) return;
    const to = booking.holdExpiresAt! > now && booking.status === "pending" ? "void" : "cancelled";
    if (to === booking.status) return;
    await moveBooking(
      tx,
      booking,
      to,
      { kind: "system" },
      { note: opts.status === "rejected" ? "payment rejected" : "payment failed", now },
    );
  });
}
