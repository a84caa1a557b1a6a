import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { methodHref } from "~/modules/booking/methods";
import { tellDriver } from "~/modules/whatsapp/outbox-whatsapp.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { notify } from "~/modules/notification/notify.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { failPayment, fulfilPayment, type FulfilOutcome } from "./fulfil.server";
import { paymentGrant } from "./grant.server";
import { endCardAttemptsOnceCovered } from "./settle-card-payment.server";
import { isVerifiedMethod, verifiedMethods } from "./transfer";
import { verificationScope, type Staff } from "./verification-scope.server";

const { bookings, payments, users } = schema;

/**
 * Who may approve or reject (docs/security.md#payments): transfers land in the operator's
 * merchant account, whose statement only the operator's admins see, so only admins; a supplier's
 * staff see their queue read-only and for them every payment is a 404 here.
 */
function approvalScope(user: Staff): SQL {
  return user.type === "admin" ? verificationScope(user) : sql`false`;
}

/** A transfer (pago móvil, Zelle, bank transfer: docs/domain.md#transfers) the staff member may verify, with its status and booking's driver; null outside it. */
async function verifiable(user: Staff, paymentId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ status: payments.status, driverId: bookings.driverId, bookingId: payments.bookingId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, paymentId), inArray(payments.method, [...verifiedMethods]), approvalScope(user)));
  return row ?? null;
}

export type ApproveOutcome = Exclude<FulfilOutcome, "alreadyDone" | "notOwed"> | "handled" | "ownBooking" | "notFound";

/**
 * An admin saw the transfer arrive: the core confirms it once (booking paid, driver notified and
 * emailed, the booking's history naming the approver), and the approval is in the audit log with
 * it (docs/domain.md#audit). Nobody verifies a payment for their own booking
 * (docs/security.md#payments). A transfer for a booking already covered meanwhile (the counter
 * took the balance while it waited) is approved all the same, as a credit to refund
 * (docs/domain.md#credit): approving says the money is on the merchant's statement, and refusing
 * it would leave money received on no record; the queue warns before, the answer says so after.
 */
export async function approveMobilePayment(user: Staff, paymentId: number, now = new Date()): Promise<ApproveOutcome> {
  const found = await verifiable(user, paymentId);
  if (!found) return "notFound";
  if (found.driverId === user.id) return "ownBooking";
  if (found.status !== "pending") return "handled";
  const outcome = await fulfilPayment(paymentId, {
    verifiedBy: user.id,
    now,
    onConfirmed: (tx, booking) =>
      recordAudit(tx, user, {
        action: "payment.approve",
        subjectType: "payment",
        subjectId: paymentId,
        supplierId: booking.supplierId,
        changes: { status: ["pending", "succeeded"] },
      }),
  });
  // `notOwed` answers only `overpay: "refuse"`, which an approval never asks.
  if (outcome === "alreadyDone" || outcome === "notOwed") return "handled";
  await endCardAttemptsOnceCovered(found.bookingId);
  return outcome;
}

/**
 * An admin found no such transfer: the payment is `rejected` with the reason through
 * `failPayment`, which lets go of the car as for any failed payment (docs/domain.md#payments),
 * and the driver is told why, in the app and by email in their language, with a link to pay
 * again. Like approving, never for one's own booking.
 */
export async function rejectMobilePayment(
  user: Staff,
  paymentId: number,
  reason: string,
  now = new Date(),
): Promise<"rejected" | "handled" | "ownBooking" | "notFound"> {
  const found = await verifiable(user, paymentId);
  if (!found) return "notFound";
  if (found.driverId === user.id) return "ownBooking";
  if (found.status !== "pending") return "handled";
  await failPayment(paymentId, { status: "rejected", reason, now });
  return tellDriverOfRejection(paymentId, user.id, now);
}

/**
 * The rejection's audit (who, when: `verifiedBy` and the audit log, docs/domain.md#audit) and the
 * driver's notice, once: `verifiedBy` still empty on a rejected payment means nobody has told the
 * driver yet, and the locked row lets exactly one of two staff members rejecting at once do it. A
 * payment approved meanwhile is left alone.
 */
async function tellDriverOfRejection(paymentId: number, staffId: number, now: Date): Promise<"rejected" | "handled"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (payment.status !== "rejected" || payment.verifiedBy !== null) return "handled";
    await tx
      .update(payments)
      .set({ verifiedBy: staffId, verifiedAt: now, updatedAt: now })
      .where(eq(payments.id, paymentId));
    const [booking] = await tx
      .select({
        id: bookings.id,
        reference: bookings.reference,
        supplierId: bookings.supplierId,
        driverId: bookings.driverId,
        email: users.email,
        fullName: users.fullName,
        language: users.language,
      })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.driverId))
      .where(eq(bookings.id, payment.bookingId));
    const reason = String(payment.details.failure ?? "");
    await recordAudit(
      tx,
      { id: staffId },
      {
        action: "payment.reject",
        subjectType: "payment",
        subjectId: paymentId,
        supplierId: booking.supplierId,
        changes: { status: ["pending", "rejected"], reason: [null, reason] },
      },
    );
    await notify(tx, [
      {
        userId: booking.driverId,
        bookingId: booking.id,
        messageKey: "mobilePayment:notification.rejected",
        params: { reference: booking.reference, reason },
      },
    ]);
    const language = languageOrDefault(booking.language);
    const link = new URL(
      methodHref(
        isVerifiedMethod(payment.method) ? payment.method : "mobilePayment",
        booking.id,
        paymentGrant(booking.id),
      ),
      getEnv().APP_URL,
    ).toString();
    // On WhatsApp for a driver who opted in, else by email (docs/domain.md#whatsapp).
    await tellDriver(tx, {
      userId: booking.driverId,
      bookingId: booking.id,
      language,
      template: "payment_rejected",
      values: { reference: booking.reference, reason, link },
      key: `whatsapp-payment-rejected-${paymentId}`,
      document: false,
      email: {
        request: {
          template: "mobile-payment-rejected",
          to: [booking.email],
          language,
          data: { fullName: booking.fullName, reference: booking.reference, reason, link },
        },
        jobId: `mobile-payment-rejected-${paymentId}`,
      },
    });
    return "rejected";
  });
}
