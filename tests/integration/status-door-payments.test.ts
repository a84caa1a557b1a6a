import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { changeStatus } from "~/modules/booking/change-status.server";
import { amendClosingCardAttempts } from "~/modules/payment/amend-closing-card-attempts.server";
import { failPayment, fulfilPayment } from "~/modules/payment/fulfil.server";
import { recordPayment } from "~/modules/payment/record.server";
import { getDb, schema } from "~/utils/db.server";
import { DAY, driver, staff, admin, locationId, book, rowOf, payment, statusDoorHooks } from "./fixtures/status-door";

/*
 * "Paid means paid in full" (docs/domain.md#payments) through the status door, and failed or
 * rejected transfers releasing a hold. Each test was written against 1ecac28, where it failed, before
 * the door existed.
 */

statusDoorHooks();

describe("paid means paid in full (H1)", () => {
  it("staff cannot mark paid what payments do not cover; once covered they can", async () => {
    const b = await book({ status: "reserved" });
    expect(await changeStatus(staff, b.id, "paid")).toEqual({ ok: false, reason: "balanceDue" });
    await fulfilPayment(await payment(b.id, b.priceCents - 1));
    expect((await rowOf(b.id)).status).toBe("reserved");
    expect(await changeStatus(staff, b.id, "paid")).toEqual({ ok: false, reason: "balanceDue" });
    expect(await fulfilPayment(await payment(b.id, 1))).toBe("paid");
    expect((await rowOf(b.id)).status).toBe("paid");
  });

  it("a payment started before an amendment raised the price does not make the booking paid", async () => {
    const b = await book();
    const old = await payment(b.id, b.priceCents);
    const change = {
      pickUp: b.startsAt,
      dropOff: new Date(b.startsAt.getTime() + 60 * DAY),
      pickupLocationId: locationId,
      dropoffLocationId: locationId,
      options: [],
      additionalDriver: null,
    };
    // The open attempt was for the old price: the amendment is refused while it is open…
    expect(await amendBooking(driver, b.id, change)).toBe("paymentInProgress");
    expect((await rowOf(b.id)).priceCents).toBe(b.priceCents);
    // …and confirming it anyway (a webhook racing the amendment) pays what it pays, not the new price.
    const db = await getDb();
    await db
      .update(schema.bookings)
      .set({ priceCents: b.priceCents * 20 })
      .where(eq(schema.bookings.id, b.id));
    expect(await fulfilPayment(old)).toBe("partial");
    const after = await rowOf(b.id);
    expect(after.status).toBe("pending");
    const shortfall = await db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.bookingId, b.id),
          eq(schema.notifications.messageKey, "notifications:messages.paymentShortfall"),
        ),
      );
    expect(shortfall.map((n) => n.userId)).toEqual(expect.arrayContaining([staff.id, admin.id]));
    expect(shortfall[0].params).toMatchObject({ amount: expect.any(String), balance: expect.any(String) });
  });

  it("an amendment ends the booking's open card attempts first, so the old session can no longer pay", async () => {
    const b = await book();
    const attempt = await payment(b.id, b.priceCents);
    const local = (at: Date) => new Date(at.getTime() - 4 * 3_600_000).toISOString().slice(0, 16);
    const outcome = await amendClosingCardAttempts(driver, b.id, {
      pickUp: local(b.startsAt),
      dropOff: local(new Date(b.startsAt.getTime() + 10 * DAY)),
      pickupLocationId: locationId,
      dropoffLocationId: locationId,
      options: [],
      additionalDriver: null,
    });
    expect(outcome).toBe("amended");
    const db = await getDb();
    const [closed] = await db.select().from(schema.payments).where(eq(schema.payments.id, attempt));
    expect(closed).toMatchObject({
      status: "failed",
      details: expect.objectContaining({ failure: "booking amended" }),
    });
    expect(await fulfilPayment(attempt)).toBe("alreadyDone");
    expect((await rowOf(b.id)).status).toBe("pending");
  });

  it("a hold paid in part waits as pending with its balance", async () => {
    const b = await book({
      status: "void",
      paymentMethod: "cardPayment",
      holdExpiresAt: new Date(Date.now() + 30 * 60_000),
    });
    expect(await fulfilPayment(await payment(b.id, 100))).toBe("partial");
    expect((await rowOf(b.id)).status).toBe("pending");
  });
});

describe("failed and rejected transfers release a hold (M3)", () => {
  it("a rejected transfer returns a hold to void while it runs, and cancels it once over", async () => {
    const db = await getDb();
    const running = await book({
      status: "void",
      paymentMethod: "mobilePayment",
      holdExpiresAt: new Date(Date.now() + 20 * 60_000),
    });
    const submitted = await db.transaction((tx) =>
      recordPayment(tx, {
        bookingId: running.id,
        method: "mobilePayment",
        amountCents: running.priceCents,
        providerReference: `pm:test:${running.id}`,
        details: {},
        awaitingVerification: true,
      }),
    );
    expect((await rowOf(running.id)).status).toBe("pending");
    await failPayment((submitted as { paymentId: number }).paymentId, {
      status: "rejected",
      reason: "not in the statement",
    });
    expect((await rowOf(running.id)).status).toBe("void");

    const over = await book({
      status: "void",
      paymentMethod: "mobilePayment",
      holdExpiresAt: new Date(Date.now() + 20 * 60_000),
    });
    const late = await db.transaction((tx) =>
      recordPayment(tx, {
        bookingId: over.id,
        method: "mobilePayment",
        amountCents: over.priceCents,
        providerReference: `pm:test:${over.id}`,
        details: {},
        awaitingVerification: true,
      }),
    );
    await failPayment((late as { paymentId: number }).paymentId, {
      status: "rejected",
      reason: "not in the statement",
      now: new Date(Date.now() + 40 * 60_000),
    });
    expect((await rowOf(over.id)).status).toBe("cancelled");
  });
});
