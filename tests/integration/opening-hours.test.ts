import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import type { CheckoutInput } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import { getDb, schema } from "~/utils/db.server";
import { createApiClient, signedInUser } from "../api/client";
import { bookingRow } from "../api/resources";
import { createCar, createLocation, createMaiquetia, createSupplier, createUser, resetDatabase } from "../factories";

/*
 * Opening hours and fees against the real database (docs/domain.md#opening-hours, #fees): the
 * checkout, the amendment and the API refuse a handover outside the hours, naming them, or add
 * the place's out-of-hours fee and the supplier's one-way fee as lines of the price.
 */
const { bookings } = schema;
const api = createApiClient({ ip: "198.51.100.77" });

const week = (open: string, close: string) => ({
  mon: { open, close },
  tue: { open, close },
  wed: { open, close },
  thu: { open, close },
  fri: { open, close },
  sat: { open, close },
  sun: null,
});

// A Monday well ahead, on Caracas's clock (UTC−4 all year).
const DAY = 86_400_000;
const monday = (() => {
  const start = new Date(Date.now() + 20 * DAY);
  const shift = (8 - start.getUTCDay()) % 7;
  return new Date(start.getTime() + shift * DAY).toISOString().slice(0, 10);
})();
const local = (days: number, time: string) =>
  `${new Date(Date.parse(`${monday}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)}T${time}`;
const caracas = (days: number, time: string) => new Date(`${local(days, time)}:00-04:00`);

let fx: { airport: number; office: number; supplierId: number; carId: number; driverId: number };

function checkout(from: Date, to: Date, overrides: Partial<CheckoutInput> = {}) {
  return createBooking({
    carId: fx.carId,
    pickupLocationId: fx.airport,
    dropoffLocationId: fx.airport,
    from,
    to,
    options: [],
    driver: { kind: "user", userId: fx.driverId },
    additionalDriver: null,
    acceptedTerms: false,
    paymentMethod: "payLater",
    ...overrides,
  });
}

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  forgetReferenceData();
  const airport = await createMaiquetia(db, { openingHours: week("06:00", "22:00"), outOfHoursFeeCents: 2500 });
  const office = await createLocation(db, {
    nameEn: "Altamira office",
    timeZone: "America/Caracas",
    openingHours: week("08:00", "18:00"),
    closedDates: [local(2, "").slice(0, 10)],
  });
  const supplier = await createSupplier(db, { oneWayFeeCents: 4000, payLater: true });
  const car = await createCar(db, {
    supplierId: supplier.id,
    locationIds: [airport.id, office.id],
    dailyPriceCents: 5000,
    payLaterFeePercent: 0,
  });
  const driver = await createUser(db, { birthDate: "1990-01-01" });
  fx = { airport: airport.id, office: office.id, supplierId: supplier.id, carId: car.id, driverId: driver.id };
});

afterAll(async () => {
  await closeDb();
});

describe("checkout (docs/domain.md#opening-hours)", () => {
  it("books within the hours at the base price, the closing minute included", async () => {
    const result = await checkout(caracas(0, "10:00"), caracas(3, "22:00"));
    expect(result).toMatchObject({ ok: true });
    if (result.ok) expect((await bookingRow(result.bookingId)).priceCents).toBe(20_000);
  });

  it("adds the airport's out-of-hours fee once per handover outside its hours", async () => {
    const result = await checkout(caracas(0, "05:00"), caracas(3, "23:30"));
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const row = await bookingRow(result.bookingId);
    // 4 days × $50, plus $25 for the pick-up and $25 for the drop-off.
    expect(row.priceCents).toBe(25_000);
    expect(row.breakdown.fees).toEqual({ outOfHoursPickUp: 2500, outOfHoursDropOff: 2500 });
  });

  it("refuses a drop-off at an office outside its hours, on a closed weekday and on a closed date, naming the place", async () => {
    const refused = (to: Date) => checkout(caracas(0, "10:00"), to, { dropoffLocationId: fx.office });
    expect(await refused(caracas(1, "19:00"))).toMatchObject({
      ok: false,
      reason: "outsideHours",
      handover: "dropOff",
      weekday: "tue",
      hours: { open: "08:00", close: "18:00" },
      holiday: false,
      place: { nameEn: "Altamira office" },
    });
    expect(await refused(caracas(6, "10:00"))).toMatchObject({ reason: "outsideHours", weekday: "sun", hours: null });
    expect(await refused(caracas(2, "10:00"))).toMatchObject({ reason: "outsideHours", holiday: true });
    expect(await (await getDb()).$count(bookings)).toBe(0);
  });

  it("adds the supplier's one-way fee when the drop-off is at another place", async () => {
    const result = await checkout(caracas(0, "10:00"), caracas(3, "10:00"), { dropoffLocationId: fx.office });
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    const row = await bookingRow(result.bookingId);
    expect(row.priceCents).toBe(19_000);
    expect(row.breakdown.fees).toEqual({ oneWay: 4000 });
  });
});

describe("amendment", () => {
  it("refuses a new drop-off outside the office's hours and re-prices one within them with the one-way fee", async () => {
    const booked = await checkout(caracas(0, "10:00"), caracas(3, "10:00"));
    if (!booked.ok) throw new Error("not booked");
    const user = { id: fx.driverId, type: "user" as const, supplierId: null };
    const change = {
      pickUp: caracas(0, "10:00"),
      dropOff: caracas(3, "19:00"),
      pickupLocationId: fx.airport,
      dropoffLocationId: fx.office,
      options: [],
      additionalDriver: null,
    };
    expect(await amendBooking(user, booked.bookingId, change)).toMatchObject({
      outsideHours: { handover: "dropOff", hours: { open: "08:00", close: "18:00" } },
    });
    expect(await amendBooking(user, booked.bookingId, { ...change, dropOff: caracas(3, "17:00") })).toBe("amended");
    expect((await bookingRow(booked.bookingId)).priceCents).toBe(24_000);
  });
});

describe("POST /api/bookings", () => {
  it("answers 400 outsideHours with the hours in the caller's language, and books nothing", async () => {
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const response = await api("/api/bookings?l=en", {
      token,
      method: "POST",
      json: {
        carId: fx.carId,
        pickupLocationId: fx.office,
        dropoffLocationId: fx.office,
        from: local(6, "10:00"),
        to: local(7, "10:00"),
        options: [],
        paymentMethod: "payLater",
      },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toEqual({
      code: "outsideHours",
      message: "Altamira office is closed on Sundays. Choose another day.",
      hours: {
        placeId: fx.office,
        handover: "pickUp",
        date: local(6, "").slice(0, 10),
        weekday: "sun",
        hours: null,
        holiday: false,
      },
    });
    expect(await (await getDb()).$count(bookings)).toBe(0);
  });

  it("answers the airport's hours for a pick-up at 05:00 when it offers no out-of-hours service", async () => {
    const db = await getDb();
    await db.update(schema.locations).set({ outOfHoursFeeCents: null }).where(eq(schema.locations.id, fx.airport));
    forgetReferenceData();
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const response = await api("/api/bookings?l=es", {
      token,
      method: "POST",
      json: {
        carId: fx.carId,
        pickupLocationId: fx.airport,
        from: local(7, "05:00"),
        to: local(9, "10:00"),
        options: [],
        paymentMethod: "payLater",
      },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toBe(
      "El horario de Aeropuerto de Maiquetía el lunes es de 06:00 a 22:00. Elija una hora dentro de ese horario.",
    );
  });
});
