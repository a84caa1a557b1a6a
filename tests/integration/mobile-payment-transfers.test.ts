import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approveMobilePayment, rejectMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { mobilePaymentPage, submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { getDb, schema } from "~/utils/db.server";
import { now, fx, staff, payable, transfer, mobilePaymentHooks, DAY } from "./fixtures/mobile-payment";
import { verificationQueue } from "~/modules/payment/verification-queue.server";
import { createBooking } from "../factories";

/*
 * Pago móvil against the real database (docs/domain.md#pago-móvil): the page, and a submitted
 * transfer waiting for staff as a pending payment of the booking's balance in bolívares; one bank +
 * reference + date pays once, also when submitted twice at the same moment. The queue staff verify:
 * the same reference under another date or bank shown as a possible duplicate, paging, and each
 * booking's balance.
 */

const { bookings, outbox, payments, settings } = schema;

mobilePaymentHooks();

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
