import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { changeStatus } from "~/modules/booking/change-status.server";
import { demoCards } from "~/modules/payment/card";
import { findCardPayment } from "~/modules/payment/card-attempts.server";
import { payWithDemoCard } from "~/modules/payment/settle-card-payment.server";
import { loadPickup, pickUp } from "~/modules/counter/pickup.server";
import { schema } from "~/utils/db.server";
import { now, fx, pickupHooks, form } from "./fixtures/pickup";

/*
 * The pick-up at the counter against the real database (docs/domain.md#pick-up): scope, the
 * licence, one pick-up per booking, the counter payment through the money door, no cancel or
 * amendment once out, and no counter payment while another is in flight.
 */
const { bookings, payments, rentals } = schema;

pickupHooks();

describe("pick-up", () => {
  it("is for the booking's supplier's staff and admins; others find no booking", async () => {
    const booking = await fx.book();
    expect(await loadPickup(fx.otherStaff, booking.id, now)).toBeNull();
    expect(await loadPickup(fx.driver, booking.id, now)).toBeNull();
    expect(await pickUp(fx.otherStaff, booking.id, form(), now)).toBe("notFound");
    expect(await pickUp(fx.driver, booking.id, form(), now)).toBe("notFound");
    expect((await loadPickup(fx.admin, booking.id, now))?.blocker).toBeNull();
    expect(await fx.db.select().from(rentals)).toEqual([]);
  });

  it("records it once: a second pick-up is refused", async () => {
    const booking = await fx.book();
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("pickedUp");
    expect(await pickUp(fx.admin, booking.id, form({ odometer: 1 }), now)).toBe("alreadyOut");
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental).toMatchObject({
      state: "out",
      odometerOutKm: 48213,
      fuelOutEighths: 6,
      depositCents: 30000,
      language: "en",
    });
    expect((await loadPickup(fx.staff, booking.id, now))?.blocker).toBe("alreadyOut");
  });

  it("races: of two pick-ups at once, one is recorded", async () => {
    const booking = await fx.book();
    const outcomes = await Promise.all([
      pickUp(fx.staff, booking.id, form(), now),
      pickUp(fx.admin, booking.id, form(), now),
    ]);
    expect(outcomes.sort()).toEqual(["alreadyOut", "pickedUp"]);
  });

  it("refuses an expired licence and asks for one the account lacks", async () => {
    const booking = await fx.book();
    await fx.db.update(schema.users).set({ licenceExpiresOn: "2026-12-02" }).where(eq(schema.users.id, fx.driver.id));
    expect((await loadPickup(fx.staff, booking.id, now))?.asks.licence).toBe(true);
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("asksChanged");
    const expired = { licenceNumber: "X1", licenceCountry: "Colombia", licenceExpiresOn: "2026-12-02" };
    expect(await pickUp(fx.staff, booking.id, form(expired), now)).toBe("licenceExpired");
    expect(await fx.db.select().from(rentals)).toEqual([]);
    // Expiring on the pick-up day still drives that day.
    expect(await pickUp(fx.staff, booking.id, form({ ...expired, licenceExpiresOn: "2026-12-03" }), now)).toBe(
      "pickedUp",
    );
  });

  it("takes a pay-later balance at the counter through the money door: paid once it covers", async () => {
    const booking = await fx.book({ status: "pending", paymentMethod: "payLater" });
    const view = await loadPickup(fx.staff, booking.id, now);
    expect(view).toMatchObject({ balanceCents: 15000, asks: { payment: true } });
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("asksChanged");
    expect(await fx.db.select().from(payments)).toEqual([]);
    expect(await pickUp(fx.staff, booking.id, form({ payment: "Cash" }), now)).toBe("pickedUp");
    const [paid] = await fx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(paid).toMatchObject({ method: "Cash", status: "succeeded", amountCents: 15000, verifiedBy: fx.staff.id });
    const [row] = await fx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("paid");
  });

  it("refuses a cancelled booking", async () => {
    const cancelled = await fx.book({ status: "cancelled" });
    expect(await pickUp(fx.staff, cancelled.id, form(), now)).toBe("notReady");
  });

  it("once out, the booking is neither cancelled nor amended", async () => {
    const booking = await fx.book({ status: "pending", paymentMethod: "payLater" });
    expect(await pickUp(fx.staff, booking.id, form({ payment: "PointOfSell" }), now)).toBe("pickedUp");
    expect(await cancelBooking(fx.driver, booking.id, now)).toBe("pickedUp");
    expect(await changeStatus(fx.staff, booking.id, "cancelled")).toEqual({ ok: false, reason: "pickedUp" });
    expect(await changeStatus(fx.admin, booking.id, "deleted")).toEqual({ ok: false, reason: "pickedUp" });
    const outcome = await amendBooking(
      fx.driver,
      booking.id,
      {
        pickUp: booking.startsAt,
        dropOff: new Date(booking.endsAt.getTime() + 86_400_000),
        pickupLocationId: booking.pickupLocationId,
        dropoffLocationId: booking.dropoffLocationId,
        options: [],
        additionalDriver: null,
      },
      now,
    );
    expect(outcome).toBe("pickedUp");
  });
});

describe("no counter payment while another is in flight (docs/domain.md#pick-up)", () => {
  /** A pay-later booking picking up today, with a payment of its balance under way (`method`, pending). */
  async function withPending(method: "mobilePayment" | "walletPayment" | "cardPayment", reference: string) {
    const booking = await fx.book({ status: "pending", paymentMethod: "payLater" });
    const [payment] = await fx.db
      .insert(payments)
      .values({ bookingId: booking.id, method, status: "pending", amountCents: 15000, providerReference: reference })
      .returning();
    return { booking, payment };
  }

  it("refuses the balance while a pago móvil transfer or a USDT payment waits, naming it; nothing is written", async () => {
    for (const [method, reference] of [
      ["mobilePayment", "0102:123456"],
      ["walletPayment", `tron:${"ab".repeat(32)}`],
    ] as const) {
      const { booking } = await withPending(method, reference);
      expect(await loadPickup(fx.staff, booking.id, now)).toMatchObject({
        blocker: "transferPending",
        why: { method, amountCents: 15000 },
      });
      expect(await pickUp(fx.staff, booking.id, form({ payment: "Cash" }), now)).toBe("transferPending");
      const taken = await fx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      expect(taken.map((p) => p.status)).toEqual(["pending"]);
    }
    // The driver was shown a USDT amount to send for the balance, and its 30 minutes still run.
    const sending = await fx.book({ status: "pending", paymentMethod: "payLater" });
    await fx.db.insert(schema.usdtAttempts).values({
      bookingId: sending.id,
      balanceCents: 15000,
      amountUnits: 150_000_123n,
      openedAt: new Date(now.getTime() - 5 * 60_000),
      expiresAt: new Date(now.getTime() + 25 * 60_000),
    });
    expect(await pickUp(fx.staff, sending.id, form({ payment: "Cash" }), now)).toBe("transferPending");
    expect(await fx.db.select().from(rentals)).toEqual([]);
  });

  it("ends an open card attempt before taking the balance: completing it afterwards takes nothing (M1)", async () => {
    const sessionId = crypto.randomBytes(16).toString("hex");
    const { booking, payment } = await withPending("cardPayment", `demo:${sessionId}`);
    expect(await pickUp(fx.staff, booking.id, form({ payment: "Cash" }), now)).toBe("pickedUp");
    const attempt = await findCardPayment(sessionId, booking.id);
    expect(attempt?.status).toBe("failed");
    // The driver's card page, still open on the phone, is submitted afterwards.
    expect(await payWithDemoCard(attempt!, demoCards.approved)).toBe("failed");
    const received = await fx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, "succeeded")));
    expect(received.map((p) => [p.method, p.amountCents])).toEqual([["Cash", 15000]]);
    expect(payment.id).not.toBe(received[0].id);
  });

  it("says on the page that an open card attempt will be ended, without blocking the pick-up", async () => {
    const { booking } = await withPending("cardPayment", `demo:${crypto.randomBytes(16).toString("hex")}`);
    expect(await loadPickup(fx.staff, booking.id, now)).toMatchObject({ blocker: null, openCardCents: 15000 });
  });
});
