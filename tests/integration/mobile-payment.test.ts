import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
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
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createLocation,
  createPaymentSettings,
  createSupplier,
  createUser,
  resetDatabase,
} from "../factories";

/*
 * Pago móvil against the real database (docs/domain.md#pago-móvil): a submitted transfer waits
 * for staff as a pending payment of the booking's balance in bolívares; one bank + reference +
 * date pays once, also when submitted twice at the same moment, and the same reference under
 * another date or bank is shown to staff as a possible duplicate; staff see the queue within
 * their scope, page by page, but only admins approve or reject, never for their own booking; a
 * rejection tells the driver once, releases the car like a failed payment and lets them pay
 * again; a transfer nobody verifies expires after 48 hours.
 */
const { auditLog, bookings, notifications, outbox, payments, settings } = schema;
const DAY = 24 * 3_600_000;
const now = new Date("2026-11-20T15:00:00Z"); // 11:00 on 20 November in Caracas
const created = new Date("2026-11-19T15:00:00Z");

let fx: {
  bookingId: number;
  otherBookingId: number;
  driverId: number;
  staffId: number;
  otherStaffId: number;
  adminId: number;
  otherAdminId: number;
  carId: number;
  supplierId: number;
  placeId: number;
};

const staff = (id: number, type: "admin" | "supplier" | "user", supplierId: number | null = null) => ({
  id,
  type,
  supplierId,
});

async function payable(bookingId = fx.bookingId) {
  const booking = await loadPayableBooking(bookingId, { userId: fx.driverId, grant: null }, undefined, now);
  if (!booking) throw new Error("booking not payable");
  return booking;
}

const transfer = { bank: "0134", phone: "04141234567", reference: "001234", date: "2026-11-20" };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  await createPaymentSettings(db);
  const place = await createLocation(db);
  const supplier = await createSupplier(db);
  const otherSupplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [place.id] });
  const otherCar = await createCar(db, { supplierId: otherSupplier.id, locationIds: [place.id] });
  const driver = await createUser(db, { language: "en" });
  const staffMember = await createUser(db, { type: "supplier", supplierId: supplier.id });
  const otherStaff = await createUser(db, { type: "supplier", supplierId: otherSupplier.id });
  const admin = await createUser(db, { type: "admin", fullName: "Ana Admin" });
  const otherAdmin = await createUser(db, { type: "admin", fullName: "Otto Admin" });
  const start = new Date(now.getTime() + 10 * DAY);
  const hold = {
    status: "void" as const,
    paymentMethod: "mobilePayment" as const,
    holdExpiresAt: new Date(now.getTime() + 20 * 60_000),
    createdAt: created,
  };
  const booking = await createBooking(db, {
    carId: car.id,
    supplierId: supplier.id,
    driverId: driver.id,
    locationId: place.id,
    startsAt: start,
    endsAt: new Date(start.getTime() + 2 * DAY),
    priceCents: 12345,
    ...hold,
  });
  const other = await createBooking(db, {
    carId: otherCar.id,
    supplierId: otherSupplier.id,
    driverId: driver.id,
    locationId: place.id,
    startsAt: start,
    endsAt: new Date(start.getTime() + 2 * DAY),
    ...hold,
  });
  fx = {
    bookingId: booking.id,
    otherBookingId: other.id,
    driverId: driver.id,
    staffId: staffMember.id,
    otherStaffId: otherStaff.id,
    adminId: admin.id,
    otherAdminId: otherAdmin.id,
    carId: car.id,
    supplierId: supplier.id,
    placeId: place.id,
  };
});

afterAll(async () => {
  await closeDb();
});

describe("the page", () => {
  it("shows the merchant's account and the balance in bolívares at the rate", async () => {
    const page = await mobilePaymentPage(await payable());
    expect(page).toMatchObject({
      merchant: {
        bank: { shown: "0102 · Banco de Venezuela", copy: "0102" },
        phone: { shown: "0414-1234567", copy: "04141234567" },
        rif: { shown: "J-12345678-4" },
      },
      // $123.45 × 36.5 = 4,505.925 Bs → 4,505.93
      amount: { shown: "4,505.93 Bs", copy: "4505.93", usd: "$123.45", rate: "36.5", rateDate: "2026-11-20" },
      awaiting: null,
      rejectedReason: null,
    });
  });

  it("is unavailable without settings", async () => {
    const db = await getDb();
    await db.delete(settings);
    expect(await mobilePaymentPage(await payable())).toBeNull();
    expect(await submitMobilePayment(await payable(), transfer, now)).toEqual({ ok: false, reason: "unavailable" });
  });
});

describe("submitting", () => {
  it("records the balance awaiting verification and moves the hold to pending", async () => {
    const result = await submitMobilePayment(await payable(), transfer, now);
    expect(result.ok).toBe(true);
    const db = await getDb();
    const [payment] = await db.select().from(payments);
    expect(payment).toMatchObject({
      method: "mobilePayment",
      status: "pending",
      amountCents: 12345,
      providerReference: "pm:0134:1234:2026-11-20",
      details: {
        bank: "0134",
        phone: "04141234567",
        reference: "001234",
        date: "2026-11-20",
        amountBs: "4505.93",
        rate: "36.5000",
        rateDate: "2026-11-20",
      },
    });
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, fx.bookingId));
    expect(booking.status).toBe("pending");
    expect((await mobilePaymentPage(await payable()))?.awaiting).toEqual({
      bank: "0134",
      reference: "001234",
      date: "2026-11-20",
    });
  });

  it("confirms the booking to its driver once, with the trip, the voucher and the .ics, when the transfer is sent (docs/domain.md#confirmation)", async () => {
    const db = await getDb();
    const confirmations = () =>
      db
        .select()
        .from(outbox)
        .where(eq(outbox.jobId, `booking-confirmation-${fx.bookingId}`));
    expect(await confirmations()).toEqual([]);
    const first = await submitMobilePayment(await payable(), transfer, now);
    if (!first.ok) throw new Error(first.reason);
    const [row] = await confirmations();
    const email = row.payload as {
      subject: string;
      text: string;
      attachments: Array<{ filename: string; content: string; contentType: string; contentId?: string }>;
    };
    const [booking] = await db.select().from(bookings).where(eq(bookings.id, fx.bookingId));
    expect(email.subject).toBe(`Your booking ${booking.reference} is confirmed`);
    // How it is paid, then the price lines as the booking page shows them (docs/domain.md#price-lines).
    expect(email.text).toContain("while we verify your transfer");
    expect(email.text).toMatch(/Total\s*:?\s*\$[\d.,]+/);
    expect(email.text).toContain("Your driving licence");
    expect(email.attachments.map((a) => [a.filename, a.contentType, a.contentId ?? null])).toEqual([
      [`${booking.reference}.png`, "image/png", "voucher-qr"],
      [`${booking.reference}.ics`, "text/calendar", null],
    ]);
    const ics = Buffer.from(email.attachments[1].content, "base64").toString("utf8");
    expect(ics).toContain(`UID:booking-${booking.reference}@rueda`);
    // Rejected, sent again, approved: still the one confirmation.
    expect(await rejectMobilePayment(staff(fx.adminId, "admin"), first.paymentId, "No such transfer", now)).toBe(
      "rejected",
    );
    const again = await submitMobilePayment(await payable(), { ...transfer, reference: "556677" }, now);
    if (!again.ok) throw new Error(again.reason);
    expect(await approveMobilePayment(staff(fx.adminId, "admin"), again.paymentId, now)).toBe("paid");
    expect(await confirmations()).toHaveLength(1);
  });

  it("refuses a second transfer while one awaits verification", async () => {
    await submitMobilePayment(await payable(), transfer, now);
    expect(await submitMobilePayment(await payable(), { ...transfer, reference: "999999" }, now)).toEqual({
      ok: false,
      reason: "awaiting",
    });
  });

  it("refuses the same bank + reference + date again, even typed with other leading zeros and for another booking", async () => {
    expect((await submitMobilePayment(await payable(), transfer, now)).ok).toBe(true);
    expect(
      await submitMobilePayment(await payable(fx.otherBookingId), { ...transfer, reference: "1234" }, now),
    ).toEqual({ ok: false, reason: "duplicate" });
    expect(
      (
        await submitMobilePayment(
          await payable(fx.otherBookingId),
          { ...transfer, bank: "0102", reference: "1234" },
          now,
        )
      ).ok,
    ).toBe(true);
  });

  it("lets exactly one of two simultaneous submissions of one transfer through", async () => {
    const [a, b] = await Promise.all([payable(), payable(fx.otherBookingId)]);
    const results = await Promise.all([submitMobilePayment(a, transfer, now), submitMobilePayment(b, transfer, now)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "duplicate" }]);
    const db = await getDb();
    expect(await db.select().from(payments)).toHaveLength(1);
  });

  it("checks the bank and the date", async () => {
    expect(await submitMobilePayment(await payable(), { ...transfer, bank: "9999" }, now)).toEqual({
      ok: false,
      reason: "unknownBank",
    });
    expect(await submitMobilePayment(await payable(), { ...transfer, date: "2026-11-21" }, now)).toEqual({
      ok: false,
      reason: "dateFuture",
    });
    expect(await submitMobilePayment(await payable(), { ...transfer, date: "2026-11-18" }, now)).toEqual({
      ok: false,
      reason: "dateBeforeBooking",
    });
    const db = await getDb();
    expect(await db.select().from(payments)).toHaveLength(0);
  });

  it("refuses a hold that has run out", async () => {
    const booking = await payable();
    expect(await submitMobilePayment(booking, transfer, new Date(now.getTime() + 21 * 60_000))).toEqual({
      ok: false,
      reason: "notPayable",
    });
  });
});

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

describe("the same reference under another date or bank", () => {
  it("is accepted but shown to staff on both rows with the other booking, across suppliers for admins only", async () => {
    const first = await submitMobilePayment(await payable(), transfer, now);
    // The same transfer filed for the other booking with another bank and date, without the zeros.
    const second = await submitMobilePayment(
      await payable(fx.otherBookingId),
      { ...transfer, bank: "0102", reference: "1234", date: "2026-11-19" },
      now,
    );
    if (!first.ok || !second.ok) throw new Error("not recorded");
    const db = await getDb();
    const [a, b] = await db
      .select({ id: bookings.id, reference: bookings.reference })
      .from(bookings)
      .orderBy(bookings.id);
    const rows = (await verificationQueue(staff(fx.adminId, "admin"))).awaiting.rows;
    expect(rows.find((r) => r.paymentId === first.paymentId)?.sameReference).toEqual([
      { bookingId: b.id, reference: b.reference },
    ]);
    expect(rows.find((r) => r.paymentId === second.paymentId)?.sameReference).toEqual([
      { bookingId: a.id, reference: a.reference },
    ]);
    // Supplier staff are not shown another supplier's bookings.
    expect(
      (await verificationQueue(staff(fx.staffId, "supplier", fx.supplierId))).awaiting.rows[0].sameReference,
    ).toEqual([]);
    // A rejected transfer still counts: its reference was used.
    await rejectMobilePayment(staff(fx.adminId, "admin"), second.paymentId, "Duplicate", now);
    expect((await verificationQueue(staff(fx.adminId, "admin"))).awaiting.rows[0].sameReference).toEqual([
      { bookingId: b.id, reference: b.reference },
    ]);
  });
});

describe("the queue", () => {
  /** `n` bookings of the test car one after another, each with a transfer awaiting staff, oldest first. */
  async function manyTransfers(n: number) {
    const db = await getDb();
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = new Date(now.getTime() + (20 + 3 * i) * DAY);
      const booking = await createBooking(db, {
        carId: fx.carId,
        supplierId: fx.supplierId,
        driverId: fx.driverId,
        locationId: fx.placeId,
        startsAt: start,
        endsAt: new Date(start.getTime() + DAY),
      });
      const [row] = await db
        .insert(payments)
        .values({
          bookingId: booking.id,
          method: "mobilePayment",
          amountCents: booking.priceCents,
          providerReference: `pm:0134:${7000 + i}:2026-11-20`,
          details: { ...transfer, reference: String(7000 + i) },
        })
        .returning({ id: payments.id });
      ids.push(row.id);
    }
    return ids;
  }

  it("pages through every transfer with its total, oldest or newest first", async () => {
    const ids = await manyTransfers(32);
    const admin = staff(fx.adminId, "admin");
    const first = await verificationQueue(admin);
    expect(first.awaiting).toMatchObject({ total: 32, page: 1, pages: 2 });
    expect(first.awaiting.rows.map((r) => r.paymentId)).toEqual(ids.slice(0, 30));
    expect((await verificationQueue(admin, { page: "2" })).awaiting.rows.map((r) => r.paymentId)).toEqual(
      ids.slice(30),
    );
    expect((await verificationQueue(admin, { order: "newest" })).awaiting.rows.map((r) => r.paymentId)).toEqual(
      ids.toReversed().slice(0, 30),
    );
    expect((await verificationQueue(admin, { order: "newest", page: "9" })).awaiting).toMatchObject({
      page: 2,
      rows: [expect.objectContaining({ paymentId: ids[1] }), expect.objectContaining({ paymentId: ids[0] })],
    });
  });

  it("shows the booking's balance next to the payment: the price minus succeeded payments", async () => {
    const db = await getDb();
    await db.insert(payments).values({
      bookingId: fx.bookingId,
      method: "cardPayment",
      status: "succeeded",
      amountCents: 2345,
      providerReference: "stripe:cs_part",
    });
    await db.update(bookings).set({ status: "pending" }).where(eq(bookings.id, fx.bookingId));
    await db.insert(payments).values({
      bookingId: fx.bookingId,
      method: "mobilePayment",
      amountCents: 10000,
      providerReference: "pm:0134:55:2026-11-20",
      details: transfer,
    });
    expect((await verificationQueue(staff(fx.adminId, "admin"))).awaiting.rows[0]).toMatchObject({
      amountUsd: "$100",
      balance: "$100",
    });
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
