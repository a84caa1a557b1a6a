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
import { now, fx, pickupHooks, form, post } from "./fixtures/pickup";
import type { AppLoadContext } from "@remix-run/node";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { loader } from "~/routes/admin.counter_.pickup";
import { noBill } from "../factories";

/*
 * The pick-up at the counter against the real database (docs/domain.md#pick-up): scope, the
 * licence, one pick-up per booking, the counter payment through the money door, no cancel or
 * amendment once out, and no counter payment while another is in flight; and when a car may go out:
 * the pick-up window on the place's clock, one rental out per car, a staff member's own booking, and
 * what the page says instead of the form.
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

/** 2026-12-03 at `time` on Caracas's clock (UTC−4). */
const caracas = (day: number, time: string) => new Date(`2026-12-${String(day).padStart(2, "0")}T${time}:00-04:00`);

describe("the pick-up window and the car out (docs/domain.md#pick-up)", () => {
  it("refuses a pick-up months before its start, and the day before outside the preparation time", async () => {
    // The review's booking 8: March, picked up in December.
    const march = await fx.book({
      startsAt: new Date("2027-03-10T18:00:00Z"),
      endsAt: new Date("2027-03-13T18:00:00Z"),
    });
    expect(await pickUp(fx.staff, march.id, form(), now)).toBe("tooEarly");
    expect(await loadPickup(fx.staff, march.id, now)).toMatchObject({ blocker: "tooEarly" });
    // Tomorrow at 14:00: not today (26 hours ahead), and Llanos prepares no car in advance.
    const tomorrow = await fx.book({ startsAt: caracas(4, "14:00"), endsAt: caracas(7, "14:00") });
    expect(await pickUp(fx.staff, tomorrow.id, form(), now)).toBe("tooEarly");
    expect(await fx.db.select().from(rentals)).toEqual([]);
    // On its own day, at any hour of that day on the place's clock.
    expect(await pickUp(fx.staff, tomorrow.id, form(), caracas(4, "00:30"))).toBe("pickedUp");
    // With 30 hours' preparation the car may go out that much before its start.
    await fx.db.update(schema.suppliers).set({ preparationHours: 30 }).where(eq(schema.suppliers.id, fx.llanos.id));
    const prepared = await fx.book({ startsAt: caracas(4, "14:00"), endsAt: caracas(7, "14:00") });
    expect(await pickUp(fx.staff, prepared.id, form(), now)).toBe("pickedUp");
    // A booking whose drop-off time has passed is not picked up any more.
    const past = await fx.book({ startsAt: caracas(1, "10:00"), endsAt: caracas(3, "10:00") });
    expect(await pickUp(fx.staff, past.id, form(), now)).toBe("ended");
  });

  it("refuses a second rental of a car that is out, and one ahead of the car's earlier booking", async () => {
    const morning = await fx.book({ startsAt: caracas(3, "08:00"), endsAt: caracas(3, "13:00") });
    const afternoon = await fx.book({
      carId: morning.carId,
      startsAt: caracas(3, "14:00"),
      endsAt: caracas(5, "14:00"),
    });
    // The morning's driver has not come yet: the car is theirs until 13:00.
    expect(await pickUp(fx.staff, afternoon.id, form(), now)).toBe("carBooked");
    expect(await pickUp(fx.staff, morning.id, form(), now)).toBe("pickedUp");
    expect(await pickUp(fx.staff, afternoon.id, form(), caracas(3, "14:00"))).toBe("carOut");
    expect(await loadPickup(fx.staff, afternoon.id, caracas(3, "14:00"))).toMatchObject({
      blocker: "carOut",
      why: { reference: morning.reference },
    });
    const out = await fx.db.select().from(rentals);
    expect(out.map((r) => r.bookingId)).toEqual([morning.id]);
    // Back at 13:30: the afternoon's pick-up goes ahead.
    await fx.db
      .update(rentals)
      .set({
        state: "returned",
        returnedAt: caracas(3, "13:30"),
        odometerInKm: 48_300,
        fuelInEighths: 6,
        finalBill: noBill,
      })
      .where(eq(rentals.bookingId, morning.id));
    expect(await pickUp(fx.staff, afternoon.id, form(), caracas(3, "14:00"))).toBe("pickedUp");
  });

  it("races: of pick-ups of two bookings of one car at once, one is recorded, and the database keeps one rental out per car", async () => {
    const first = await fx.book({ startsAt: caracas(3, "13:00"), endsAt: caracas(3, "13:30") });
    const second = await fx.book({ carId: first.carId, startsAt: caracas(3, "14:00"), endsAt: caracas(5, "14:00") });
    const outcomes = await Promise.all([
      pickUp(fx.staff, first.id, form(), now),
      pickUp(fx.admin, second.id, form(), now),
    ]);
    expect(outcomes.filter((o) => o === "pickedUp")).toHaveLength(1);
    expect(await fx.db.select().from(rentals)).toHaveLength(1);
    // Whatever code writes it: a second rental out of one car is refused by the partial unique index.
    const other = outcomes[0] === "pickedUp" ? second : first;
    await expect(
      fx.db.insert(rentals).values({
        bookingId: other.id,
        pickedUpAt: now,
        odometerOutKm: 1,
        fuelOutEighths: 8,
        depositCents: 0,
        signerName: "Daniela Conductora",
        signedAt: now,
        language: "en",
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
  });

  it("is refused to a staff member for their own booking, paid or not (docs/security.md#back-office)", async () => {
    const own = await fx.book({ driverId: fx.staff.id });
    expect(await loadPickup(fx.staff, own.id, now)).toMatchObject({ blocker: "ownBooking" });
    expect(await pickUp(fx.staff, own.id, form({ odometer: 9_000_000, fuel: 0 }), now)).toBe("ownBooking");
    expect(await fx.db.select().from(rentals)).toEqual([]);
    // A colleague records it (with the staff member's licence, which their account lacks).
    const licence = { licenceNumber: "V-9", licenceCountry: "Venezuela", licenceExpiresOn: "2031-01-01" };
    expect(await pickUp(fx.admin, own.id, form(licence), now)).toBe("pickedUp");
  });

  it("says on the page why, in the reader's language, in place of the form; a post is refused with nothing written", async () => {
    // The route reads the live clock: a booking far ahead of it.
    const march = await fx.book({
      startsAt: new Date("2099-03-10T18:00:00Z"),
      endsAt: new Date("2099-03-13T18:00:00Z"),
    });
    const context = { user: fx.staff, language: "en", t: getFixedT("en") } as unknown as AppLoadContext;
    const request = new Request(`http://rueda.test/admin/counter/pickup?b=${march.id}&l=en`);
    const page = (await loader({ request, context, params: {} })) as unknown as {
      blocker: { key: string; values: Record<string, string> };
    };
    expect(getFixedT("en", "adminDashboard")(page.blocker.key, page.blocker.values)).toBe(
      "It is too early for this pick-up: the car is handed over from 2099-03-10 00:00 (America/Caracas time).",
    );
    expect((await post(fx.staff, march.id, {})).status).toBe(409);
    expect(await fx.db.select().from(rentals)).toEqual([]);
  });

  it("shows the driver's birth date and age on the pick-up day beside the licence", async () => {
    const booking = await fx.book();
    // Born 10 December 2004: 21 on 3 December 2026, the pick-up day.
    expect((await loadPickup(fx.staff, booking.id, now))?.driverAge).toEqual({ birthDate: "2004-12-10", age: 21 });
  });
});
