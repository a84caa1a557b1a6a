import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { loadPickup, pickUp } from "~/modules/counter/pickup.server";
import { loader } from "~/routes/admin.counter_.pickup";
import { schema } from "~/utils/db.server";
import { noBill } from "../factories";
import { now, fx, pickupHooks, form, post } from "./fixtures/pickup";

/*
 * When a car may go out (docs/domain.md#pick-up): the pick-up window on the place's clock, one
 * rental out per car, a staff member's own booking, and what the page says instead of the form.
 */
const { rentals } = schema;

pickupHooks();

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
