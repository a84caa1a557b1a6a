import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rejectMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { verificationQueue } from "~/modules/payment/verification-queue.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking } from "../factories";
import { DAY, now, fx, staff, payable, transfer, mobilePaymentHooks } from "./fixtures/mobile-payment";

/*
 * The pago móvil queue staff verify (docs/domain.md#pago-móvil): the same reference under another
 * date or bank shown as a possible duplicate, paging, and each booking's balance.
 */
const { bookings, payments } = schema;

mobilePaymentHooks();

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
