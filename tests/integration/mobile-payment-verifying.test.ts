import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { approveMobilePayment, rejectMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { expireMobilePayments } from "~/modules/payment/expire-mobile-payments.server";
import { mobilePaymentPage, submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { verificationQueue } from "~/modules/payment/verification-queue.server";
import { runJob } from "../../jobs/handlers";
import { schedules } from "../../jobs/queues";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { getDb, schema } from "~/utils/db.server";
import { now, fx, staff, payable, transfer, mobilePaymentHooks } from "./fixtures/mobile-payment";

/*
 * Verifying pago móvil (docs/domain.md#pago-móvil): staff see the queue within their scope, but only
 * admins approve or reject, never for their own booking; a rejection tells the driver once, releases
 * the car like a failed payment and lets them pay again; a transfer nobody verifies expires after 48
 * hours.
 */
const { auditLog, bookings, notifications, outbox, payments } = schema;

mobilePaymentHooks();

describe("verifying", () => {
  async function submitted() {
    const result = await submitMobilePayment(await payable(), transfer, now);
    if (!result.ok) throw new Error(result.reason);
    return result.paymentId;
  }

  it("shows staff the queue within their scope only", async () => {
    const paymentId = await submitted();
    // Supplier staff see their supplier's transfers, read-only: only admins verify.
    expect((await verificationQueue(staff(fx.staffId, "supplier", fx.supplierId))).awaiting.rows).toEqual([
      expect.objectContaining({ paymentId, canVerify: false }),
    ]);
    expect((await verificationQueue(staff(fx.adminId, "admin"))).awaiting.rows[0]).toMatchObject({
      paymentId,
      amountUsd: "$123.45",
      amountBs: "4,505.93 Bs",
      bank: "0134 · Banesco",
      phone: "0414-1234567",
      transferReference: "001234",
      sameReference: [],
      canVerify: true,
    });
    const db = await getDb();
    const [other] = await db.select().from(bookings).where(eq(bookings.id, fx.otherBookingId));
    expect((await verificationQueue(staff(fx.otherStaffId, "supplier", other.supplierId))).awaiting).toMatchObject({
      rows: [],
      total: 0,
    });
    expect((await verificationQueue(staff(fx.driverId, "user"))).awaiting).toMatchObject({ rows: [], total: 0 });
  });

  it("approves: only an admin; the booking is paid, names the approver in its history, and the driver is emailed once", async () => {
    const paymentId = await submitted();
    const db = await getDb();
    const [other] = await db.select().from(bookings).where(eq(bookings.id, fx.otherBookingId));
    expect(await approveMobilePayment(staff(fx.otherStaffId, "supplier", other.supplierId), paymentId, now)).toBe(
      "notFound",
    );
    expect(await approveMobilePayment(staff(fx.driverId, "user"), paymentId, now)).toBe("notFound");
    // The money lands in the operator's account: the supplier's own staff cannot approve either.
    expect(await approveMobilePayment(staff(fx.staffId, "supplier", fx.supplierId), paymentId, now)).toBe("notFound");
    expect(await rejectMobilePayment(staff(fx.staffId, "supplier", fx.supplierId), paymentId, "Forged", now)).toBe(
      "notFound",
    );
    expect((await db.select().from(payments))[0].status).toBe("pending");
    expect(await approveMobilePayment(staff(fx.adminId, "admin"), paymentId, now)).toBe("paid");
    expect(await approveMobilePayment(staff(fx.otherAdminId, "admin"), paymentId, now)).toBe("handled");
    const [payment] = await db.select().from(payments);
    expect(payment).toMatchObject({ status: "succeeded", verifiedBy: fx.adminId });
    expect((await db.select().from(bookings).where(eq(bookings.id, fx.bookingId)))[0].status).toBe("paid");
    const detail = await bookingDetail(staff(fx.adminId, "admin"), fx.bookingId);
    expect(detail?.history.filter((h) => h.toStatus === "paid")).toEqual([
      expect.objectContaining({ actor: "Ana Admin" }),
    ]);
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.jobId, `payment-confirmation-${paymentId}`)),
    ).toHaveLength(1);
    // One audit entry: the approval that changed something, not the refused or repeated ones.
    expect(await db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorId: fx.adminId,
        action: "payment.approve",
        subjectType: "payment",
        subjectId: paymentId,
        supplierId: fx.supplierId,
        changes: { status: ["pending", "succeeded"] },
      }),
    ]);
  });

  it("refuses an admin approving or rejecting the payment of their own booking; another admin can", async () => {
    const db = await getDb();
    await db.update(bookings).set({ driverId: fx.adminId }).where(eq(bookings.id, fx.bookingId));
    const booking = await loadPayableBooking(fx.bookingId, { userId: fx.adminId, grant: null }, undefined, now);
    const result = await submitMobilePayment(booking!, transfer, now);
    if (!result.ok) throw new Error(result.reason);
    const own = staff(fx.adminId, "admin");
    expect((await verificationQueue(own)).awaiting.rows).toEqual([
      expect.objectContaining({ paymentId: result.paymentId, own: true, canVerify: false }),
    ]);
    expect(await approveMobilePayment(own, result.paymentId, now)).toBe("ownBooking");
    expect(await rejectMobilePayment(own, result.paymentId, "Mine", now)).toBe("ownBooking");
    expect((await db.select().from(payments))[0]).toMatchObject({ status: "pending", verifiedBy: null });
    expect((await db.select().from(bookings).where(eq(bookings.id, fx.bookingId)))[0].status).toBe("pending");
    expect(await db.select().from(auditLog)).toEqual([]);
    expect((await verificationQueue(staff(fx.otherAdminId, "admin"))).awaiting.rows[0]).toMatchObject({
      own: false,
      canVerify: true,
    });
    expect(await approveMobilePayment(staff(fx.otherAdminId, "admin"), result.paymentId, now)).toBe("paid");
  });

  it("rejects with a reason: the car is released like a failed payment, the driver is told once and can pay again", async () => {
    const paymentId = await submitted();
    const outcomes = await Promise.all([
      rejectMobilePayment(staff(fx.adminId, "admin"), paymentId, "No such transfer in the statement", now),
      rejectMobilePayment(staff(fx.adminId, "admin"), paymentId, "No such transfer in the statement", now),
    ]);
    expect(outcomes.sort()).toEqual(["handled", "rejected"]);
    const db = await getDb();
    const [payment] = await db.select().from(payments);
    expect(payment).toMatchObject({
      status: "rejected",
      verifiedBy: fx.adminId,
      details: { failure: "No such transfer in the statement" },
    });
    // Back to its hold while the hold runs (docs/domain.md#payments): the car is not kept by a made-up transfer.
    expect((await db.select().from(bookings).where(eq(bookings.id, fx.bookingId)))[0].status).toBe("void");
    const told = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, fx.driverId), eq(notifications.messageKey, "mobilePayment:notification.rejected")),
      );
    expect(told).toHaveLength(1);
    expect(told[0].params).toMatchObject({ reason: "No such transfer in the statement" });
    const [email] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, `mobile-payment-rejected-${paymentId}`));
    const sent = email.payload as { language: string; subject: string; text: string };
    expect(sent.language).toBe("en");
    expect(sent.text).toContain("No such transfer in the statement");
    expect(sent.text).toMatch(new RegExp(`/payment/mobile\\?b=${fx.bookingId}&g=[\\w-]{24}`));
    expect(await db.select().from(auditLog)).toEqual([
      expect.objectContaining({
        actorId: fx.adminId,
        action: "payment.reject",
        subjectType: "payment",
        subjectId: paymentId,
        supplierId: (await payable()).supplierId,
        changes: { status: ["pending", "rejected"], reason: [null, "No such transfer in the statement"] },
      }),
    ]);

    const page = await mobilePaymentPage(await payable());
    expect(page).toMatchObject({ awaiting: null, rejectedReason: "No such transfer in the statement" });
    // The same transfer stays refused; a corrected one goes through.
    expect(await submitMobilePayment(await payable(), transfer, now)).toEqual({ ok: false, reason: "duplicate" });
    expect((await submitMobilePayment(await payable(), { ...transfer, reference: "4321" }, now)).ok).toBe(true);
  });

  it("rejecting once the hold is over cancels the booking, freeing the car", async () => {
    const paymentId = await submitted();
    const later = new Date(now.getTime() + 3_600_000);
    expect(await rejectMobilePayment(staff(fx.adminId, "admin"), paymentId, "No such transfer", later)).toBe(
      "rejected",
    );
    const db = await getDb();
    expect((await db.select().from(bookings).where(eq(bookings.id, fx.bookingId)))[0].status).toBe("cancelled");
  });

  it("lists a payment received for a cancelled booking for staff to refund or rebook", async () => {
    const paymentId = await submitted();
    const db = await getDb();
    await db.update(payments).set({ status: "succeeded" }).where(eq(payments.id, paymentId));
    await db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, fx.bookingId));
    const queue = await verificationQueue(staff(fx.adminId, "admin"));
    expect(queue.awaiting.rows).toEqual([]);
    expect(queue.flagged.rows.map((r) => r.paymentId)).toEqual([paymentId]);
  });
});

describe("expiry", () => {
  it("fails a transfer nobody verified within 48 hours as expired, releasing the car; the scheduled job does it", async () => {
    const result = await submitMobilePayment(await payable(), transfer, now);
    if (!result.ok) throw new Error(result.reason);
    const db = await getDb();
    expect(await expireMobilePayments(new Date(now.getTime() + 47 * 3_600_000))).toBe(0);
    expect((await db.select().from(payments))[0].status).toBe("pending");
    // The database stamps the submission with its own clock, to the microsecond.
    const submittedAt = (await db.select().from(payments))[0].createdAt;
    expect(await expireMobilePayments(new Date(submittedAt.getTime() + 48 * 3_600_000 + 1000))).toBe(1);
    expect((await db.select().from(payments))[0]).toMatchObject({
      status: "failed",
      details: expect.objectContaining({ failure: "expired" }),
    });
    expect((await db.select().from(bookings).where(eq(bookings.id, fx.bookingId)))[0].status).toBe("cancelled");
    expect(await expireMobilePayments(new Date(submittedAt.getTime() + 49 * 3_600_000))).toBe(0);

    expect(schedules).toContainEqual({ name: "expire-mobile-payments", everyMs: 10 * 60_000 });
    const other = await submitMobilePayment(await payable(fx.otherBookingId), { ...transfer, reference: "8888" }, now);
    if (!other.ok) throw new Error(other.reason);
    await db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 49 * 3_600_000) })
      .where(eq(payments.id, other.paymentId));
    providePaymentJobs();
    await runJob("expire-mobile-payments", {}, { jobId: "expire-mobile-payments-test", attempt: 1 });
    expect((await db.select().from(payments).where(eq(payments.id, other.paymentId)))[0].status).toBe("failed");
  });
});
