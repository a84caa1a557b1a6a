import crypto from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { getDb, schema } from "~/utils/db.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { noFilters } from "~/modules/catalogue/filters";
import { searchCars } from "~/modules/catalogue/search.server";
import type { SearchQuery } from "~/modules/catalogue/search-query";

/*
 * The availability rule end to end: bookings written straight into the database and the
 * real search query. Everything lives at a location of its own, so the test reads the
 * same whatever else the database holds.
 */
const DAY = 24 * 3_600_000;
const tag = crypto.randomBytes(4).toString("hex");
// Ten days from now at 10:00 UTC: well in the future, whole hours for readable cases.
const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY + 10 * 3_600_000);
const at = (days: number, hours = 0) => new Date(base.getTime() + days * DAY + hours * 3_600_000);

let locationId: number;
let otherLocationId: number;
let supplierId: number;
let carId: number;
let driverId: number;

async function search(pickUp: Date, dropOff: Date, location = locationId, page = 1) {
  const query: SearchQuery = {
    pickupId: location,
    dropoffId: location,
    period: { from: "", to: "", pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
    filters: noFilters,
    page,
  };
  return searchCars(query);
}

async function found(pickUp: Date, dropOff: Date) {
  const { cars, total } = await search(pickUp, dropOff);
  const ids = cars.map((c) => c.id);
  // The count and the page always agree on the one car at this place.
  expect(total).toBe(ids.length);
  return ids.includes(carId);
}

let bookingSeq = 0;
async function book(startsAt: Date, endsAt: Date, status: (typeof schema.bookingStatuses)[number] = "paid") {
  const db = await getDb();
  const days = rentalDays(startsAt, endsAt);
  const [row] = await db
    .insert(schema.bookings)
    .values({
      reference: `IT${tag}${++bookingSeq}`.slice(0, 16),
      carId,
      supplierId,
      driverId,
      pickupLocationId: locationId,
      dropoffLocationId: locationId,
      startsAt,
      endsAt,
      status,
      days,
      priceCents: 5000 * days,
      breakdown: { days, dailyPriceCents: 5000, options: {}, subtotalCents: 5000 * days, payLaterFeePercent: 0, totalCents: 5000 * days },
      paymentMethod: "payLater",
    })
    .returning({ id: schema.bookings.id });
  return row.id;
}

async function removeBooking(id: number) {
  const db = await getDb();
  await db.delete(schema.bookings).where(eq(schema.bookings.id, id));
}

beforeAll(async () => {
  const db = await getDb();
  const location = (slug: string) => ({
    slug,
    nameEs: slug,
    nameEn: slug,
    nameFr: slug,
    nameEl: slug,
    address: "Test street",
    latitude: 10.5,
    longitude: -66.9,
  });
  [{ id: locationId }, { id: otherLocationId }] = await db
    .insert(schema.locations)
    .values([location(`it-avail-${tag}`), location(`it-avail-other-${tag}`)])
    .returning({ id: schema.locations.id });
  [{ id: supplierId }] = await db.insert(schema.suppliers).values({ name: `IT ${tag}`, slug: `it-${tag}` }).returning({ id: schema.suppliers.id });
  [{ id: carId }] = await db
    .insert(schema.cars)
    .values({ supplierId, name: `IT car ${tag}`, dailyPriceCents: 5000, seats: 5, doors: 4, fuelType: "gasoline", gearbox: "manual", fuelPolicy: "likeForlike" })
    .returning({ id: schema.cars.id });
  await db.insert(schema.carLocations).values({ carId, locationId });
  [{ id: driverId }] = await db
    .insert(schema.users)
    .values({ email: `it-${tag}@example.com`, fullName: "Integration Driver" })
    .returning({ id: schema.users.id });
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(schema.bookings).where(eq(schema.bookings.carId, carId));
  await db.delete(schema.carLocations).where(eq(schema.carLocations.carId, carId));
  await db.delete(schema.cars).where(eq(schema.cars.id, carId));
  await db.delete(schema.suppliers).where(eq(schema.suppliers.id, supplierId));
  await db.delete(schema.locations).where(inArray(schema.locations.id, [locationId, otherLocationId]));
  await db.delete(schema.users).where(eq(schema.users.id, driverId));
  await closeDb();
});

describe("availability in search", () => {
  it("finds the free car at its location only", async () => {
    expect(await found(at(0), at(2))).toBe(true);
    const elsewhere = await search(at(0), at(2), otherLocationId);
    expect(elsewhere).toEqual({ cars: [], total: 0 });
  });

  it("still counts the cars on a page past the end", async () => {
    expect(await search(at(0), at(2), locationId, 2)).toEqual({ cars: [], total: 1 });
  });

  it("hides a booked car from every overlapping search and shows it for the others", async () => {
    // Booked [day 2 10:00, day 5 10:00).
    const id = await book(at(2), at(5));
    try {
      expect(await found(at(2), at(5)), "the same period").toBe(false);
      expect(await found(at(1), at(3)), "overlapping the start").toBe(false);
      expect(await found(at(4), at(6)), "overlapping the end").toBe(false);
      expect(await found(at(3), at(4)), "inside").toBe(false);
      expect(await found(at(0), at(8)), "around").toBe(false);
      expect(await found(at(1), at(2, 1)), "one hour into it").toBe(false);

      expect(await found(at(0), at(2)), "back-to-back before: drop-off at 10:00 as it starts").toBe(true);
      expect(await found(at(5), at(7)), "back-to-back after: pick-up at 10:00 as it ends").toBe(true);
      expect(await found(at(6), at(9)), "later").toBe(true);
      expect(await found(at(0), at(1)), "earlier").toBe(true);
    } finally {
      await removeBooking(id);
    }
    expect(await found(at(2), at(5)), "free again once the booking is gone").toBe(true);
  });

  it("is blocked by every blocking status and not by cancelled or deleted bookings", async () => {
    for (const status of ["void", "pending", "deposit", "paid", "reserved"] as const) {
      const id = await book(at(20), at(22), status);
      expect(await found(at(21), at(23)), status).toBe(false);
      await removeBooking(id);
    }
    for (const status of ["cancelled", "deleted"] as const) {
      const id = await book(at(20), at(22), status);
      expect(await found(at(21), at(23)), status).toBe(true);
      await removeBooking(id);
    }
  });

  it("leaves out unavailable cars, deleted cars and inactive suppliers", async () => {
    const db = await getDb();
    await db.update(schema.cars).set({ availability: "unavailable" }).where(eq(schema.cars.id, carId));
    expect(await found(at(0), at(2))).toBe(false);
    await db.update(schema.cars).set({ availability: "available", status: "deleted" }).where(eq(schema.cars.id, carId));
    expect(await found(at(0), at(2))).toBe(false);
    await db.update(schema.cars).set({ status: "active" }).where(eq(schema.cars.id, carId));
    await db.update(schema.suppliers).set({ active: false }).where(eq(schema.suppliers.id, supplierId));
    expect(await found(at(0), at(2))).toBe(false);
    await db.update(schema.suppliers).set({ active: true }).where(eq(schema.suppliers.id, supplierId));
    expect(await found(at(0), at(2))).toBe(true);
  });
});
