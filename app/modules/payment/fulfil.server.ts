import { and, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { formatCents } from "~/modules/i18n/format";
import { defaultLanguage, isLanguage } from "~/modules/i18n/languages";
import { bookingStaff, notify } from "~/modules/notification/notify.server";
import { canTransition } from "~/modules/booking/status";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { EXCLUSION_VIOLATION, sqlState } from "~/utils/postgres.server";

const { bookings, bookingEvents, cars, payments, users } = schema;

export type FulfilOutcome = "paid" | "alreadyDone" | "flagged";


type BookingRow = typeof bookings.$inferSelect;

/**
 * Whether a cancelled booking was a hold that ran out (the sweep or a checkout cancelled it, so no
 * person did): only such a booking comes back to life when its payment is confirmed late.
 */
async function expiredHold(tx: Transaction, booking: BookingRow): Promise<boolean> {
  if (booking.holdExpiresAt === null) return false;
  const [byPerson] = await tx
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.toStatus, "cancelled"), isNotNull(bookingEvents.actorId)))
    .limit(1);
  return !byPerson;
}

/**
 * Moves the booking to `paid`. A cancelled hold is revived in a savepoint: if another booking took
 * the car meanwhile, the exclusion constraint refuses and the booking stays cancelled (no double
 * booking); the caller then flags it for staff.
 */
async function markPaid(tx: Transaction, booking: BookingRow, actorId: number | null): Promise<boolean> {
  if (booking.status === "cancelled" && !(await expiredHold(tx, booking))) return false;
  if (!canTransition("system", booking.status, "paid")) return false;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.update(bookings).set({ status: "paid", holdExpiresAt: null }).where(eq(bookings.id, booking.id));
    });
  } catch (error) {
    if (sqlState(error) === EXCLUSION_VIOLATION) return false;
    throw error;
  }
  await tx.insert(bookingEvents).values({ bookingId: booking.id, actorId, fromStatus: booking.status, toStatus: "paid", note: "payment confirmed" });
  return true;
}

/**
 * Confirms payment `paymentId` (docs/domain.md#payments), whoever learns of it first — the card
 * return page, a webhook, staff approving a pago móvil, the USDT check — and however often: the
 * payment row is locked, so only the first call changes anything. The booking becomes `paid`,
 * the driver and the booking's staff are notified, and the driver gets the "payment done" email
 * in their language. A payment for a booking that can no longer be paid (its expired hold lost
 * the car) is still recorded as received and flagged to staff: money is never lost silently.
 * `onConfirmed` runs in the same transaction when this call is the one that confirmed it (staff
 * approving record their audit entry there, docs/domain.md#audit).
 */
export async function fulfilPayment(
  paymentId: number,
  opts: { verifiedBy?: number | null; now?: Date; onConfirmed?: (tx: Transaction, booking: { supplierId: number }) => Promise<void> } = {},
): Promise<FulfilOutcome> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment) throw new Error(`No payment ${paymentId}`);
    if (payment.status !== "pending") return "alreadyDone";
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update");
    await tx
      .update(payments)
      .set({ status: "succeeded", verifiedAt: now, verifiedBy: opts.verifiedBy ?? null, updatedAt: now })
      .where(eq(payments.id, payment.id));
    await opts.onConfirmed?.(tx, booking);

    const paid = booking.status === "paid" || (await markPaid(tx, booking, opts.verifiedBy ?? null));
    const [car] = await tx.select({ name: cars.name }).from(cars).where(eq(cars.id, booking.carId));
    const staff = await bookingStaff(tx, booking.supplierId);
    const amount = formatCents(payment.amountCents);
    const params = { reference: booking.reference, car: car.name, amount };
    if (!paid) {
      await notify(
        tx,
        staff.map((member) => ({ userId: member.id, bookingId: booking.id, messageKey: "notifications:messages.paymentNeedsAttention" as const, params })),
      );
      return "flagged";
    }
    await notify(tx, [
      { userId: booking.driverId, bookingId: booking.id, messageKey: "notifications:messages.paymentReceived", params },
      ...staff.map((member) => ({ userId: member.id, bookingId: booking.id, messageKey: "notifications:messages.paymentReceivedStaff" as const, params })),
    ]);
    const [driver] = await tx.select({ email: users.email, fullName: users.fullName, language: users.language }).from(users).where(eq(users.id, booking.driverId));
    await enqueueEmail(
      tx,
      {
        template: "payment-confirmation",
        to: [driver.email],
        language: isLanguage(driver.language) ? driver.language : defaultLanguage,
        data: { fullName: driver.fullName, reference: booking.reference, car: car.name, amount, method: payment.method, link: new URL(`/booking?b=${booking.id}`, getEnv().APP_URL).toString() },
      },
      `payment-confirmation-${payment.id}`,
    );
    return "paid";
  });
}

/**
 * A payment that did not go through: failed (declined card, expired session, a transfer that does
 * not match) or rejected by staff, with the reason kept in its details (docs/domain.md#payments).
 * When nothing else is paying for the booking:
 * - a `void` hold is released at once, so the car is free again for others;
 * - a booking that was a hold and waits as `pending` for a check that failed goes back to its
 *   hold while the hold still runs (the driver may try again), and is released once it is over,
 *   so a made-up transaction id cannot keep a car blocked.
 * A staff rejection leaves a `pending` booking as it is: the driver may submit again, and staff
 * decide whether to cancel it.
 */
export async function failPayment(paymentId: number, opts: { status: "failed" | "rejected"; reason?: string; now?: Date }): Promise<void> {
  const now = opts.now ?? new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || payment.status !== "pending") return;
    const details = opts.reason ? { ...payment.details, failure: opts.reason } : payment.details;
    await tx.update(payments).set({ status: opts.status, details, updatedAt: now }).where(eq(payments.id, payment.id));
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, payment.bookingId)).for("update");
    const wasHold = booking.status === "void" || (booking.status === "pending" && booking.holdExpiresAt !== null && opts.status === "failed");
    if (!wasHold) return;
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), inArray(payments.status, ["pending", "succeeded"]), ne(payments.id, payment.id)))
      .limit(1);
    if (other) return;
    const to = booking.holdExpiresAt !== null && booking.holdExpiresAt > now && booking.status === "pending" ? "void" : "cancelled";
    if (to === booking.status) return;
    await tx.update(bookings).set({ status: to, updatedAt: now }).where(eq(bookings.id, booking.id));
    await tx.insert(bookingEvents).values({ bookingId: booking.id, actorId: null, fromStatus: booking.status, toStatus: to, note: "payment failed" });
  });
}
