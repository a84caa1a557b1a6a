import { eq, inArray } from "drizzle-orm";
import { describe, expect, it, afterAll, beforeAll } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { noFilters, type SearchFilters } from "~/modules/catalogue/filters";
import { createBooking, createCar, createLocation, createSupplier } from "../factories";
import {
  at,
  locationId,
  otherLocationId,
  supplierId,
  carId,
  driverId,
  search,
  availabilityHooks,
} from "./fixtures/availability";

/*
 * The availability rule end to end: bookings written straight into the database and the real search
 * query (docs/domain.md#availability); and the search's count and pages at a busy place.
 */

availabilityHooks();

async function found(pickUp: Date, dropOff: Date, filters: SearchFilters = noFilters) {
  const { cars, count } = await search(pickUp, dropOff, locationId, 1, filters);
  const ids = cars.map((c) => c.id);
  // The count and the page always agree on the one car at this place.
  expect(count).toEqual({ total: ids.length, more: false, pages: ids.length });
  return ids.includes(carId);
}

async function book(startsAt: Date, endsAt: Date, status: (typeof schema.bookingStatuses)[number] = "paid") {
  const row = await createBooking(await getDb(), { carId, supplierId, driverId, locationId, startsAt, endsAt, status });
  return row.id;
}

async function removeBooking(id: number) {
  const db = await getDb();
  await db.delete(schema.bookings).where(eq(schema.bookings.id, id));
}

describe("availability in search", () => {
  it("finds the free car at its location only", async () => {
    expect(await found(at(0), at(2))).toBe(true);
    const elsewhere = await search(at(0), at(2), otherLocationId);
    expect(elsewhere).toEqual({ cars: [], count: { total: 0, more: false, pages: 0 } });
  });

  it("still counts the cars on a page past the end", async () => {
    expect(await search(at(0), at(2), locationId, 2)).toEqual({ cars: [], count: { total: 1, more: false, pages: 1 } });
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

  it("looks past the car's other bookings, before and after the period", async () => {
    // Booked [day 0, day 1), [day 3, day 4) and [day 6, day 7), all at 10:00.
    const ids = [await book(at(0), at(1)), await book(at(3), at(4)), await book(at(6), at(7))];
    try {
      expect(await found(at(1), at(3)), "between the first two, back to back").toBe(true);
      expect(await found(at(4), at(6)), "between the last two, back to back").toBe(true);
      expect(await found(at(1), at(3, 1)), "one hour into the second").toBe(false);
      expect(await found(at(0, 23), at(3)), "one hour before the first ends").toBe(false);
      expect(await found(at(4), at(6, 1)), "one hour into the third").toBe(false);
      expect(await found(at(1), at(6)), "over the second").toBe(false);
      expect(await found(at(7), at(9)), "after the last").toBe(true);
      expect(await found(at(-3), at(0)), "before the first").toBe(true);
    } finally {
      for (const id of ids) await removeBooking(id);
    }
  });

  it("gives every fact of a result card with its type: numbers, booleans, enums, options, the supplier", async () => {
    const db = await getDb();
    const [car] = await db.select().from(schema.cars).where(eq(schema.cars.id, carId));
    const [supplier] = await db.select().from(schema.suppliers).where(eq(schema.suppliers.id, supplierId));
    const { cars } = await search(at(0), at(2));
    expect(cars).toEqual([
      {
        id: carId,
        name: car.name,
        image: car.image,
        category: car.category,
        bags: car.bags,
        orSimilar: car.orSimilar,
        dailyPriceCents: car.dailyPriceCents,
        depositCents: car.depositCents,
        depositMethod: car.depositMethod,
        seats: car.seats,
        doors: car.doors,
        aircon: car.aircon,
        fuelType: car.fuelType,
        gearbox: car.gearbox,
        mileage: car.mileage,
        fuelPolicy: car.fuelPolicy,
        payLaterFeePercent: car.payLaterFeePercent,
        payLaterAllowed: supplier.payLater,
        options: {
          cancellation: car.cancellationCents,
          gps: car.gpsCents,
          homeDelivery: car.homeDeliveryCents,
          babyChair: car.babyChairCents,
          theftProtection: car.theftProtectionCents,
          collisionDamageWaiver: car.collisionDamageWaiverCents,
          fullInsurance: car.fullInsuranceCents,
          additionalDriver: car.additionalDriverCents,
        },
        excess: {
          collisionDamageWaiver: car.collisionDamageWaiverExcessCents,
          theftProtection: car.theftProtectionExcessCents,
          fullInsurance: car.fullInsuranceExcessCents,
        },
        supplierId,
        supplierName: supplier.name,
        supplierLogo: supplier.logo,
        supplierReviews: { count: 0, sum: 0 },
        // Two days, no season of this supplier: both at the daily price (docs/domain.md#seasons).
        rates: [{ days: 2, dailyPriceCents: car.dailyPriceCents, rate: "daily", season: null }],
        // The same place to return, inside its hours: no fee.
        fees: {},
      },
    ]);
    expect(typeof cars[0].aircon).toBe("boolean");
  });

  it("follows changes to the car: price, specs, availability", async () => {
    const db = await getDb();
    const seats5: SearchFilters = { ...noFilters, specs: ["seats5"] };
    expect(await found(at(0), at(2), seats5)).toBe(true);
    await db.update(schema.cars).set({ seats: 2, dailyPriceCents: 7000 }).where(eq(schema.cars.id, carId));
    try {
      expect(await found(at(0), at(2), seats5), "no longer 5 seats").toBe(false);
      const { cars } = await search(at(0), at(2));
      expect(cars.map((c) => c.dailyPriceCents)).toEqual([7000]);
    } finally {
      await db.update(schema.cars).set({ seats: 5, dailyPriceCents: 5000 }).where(eq(schema.cars.id, carId));
    }
    expect(await found(at(0), at(2), seats5)).toBe(true);
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

describe("the count of a busy place", () => {
  const CARS = 160;
  let placeId: number;
  let fleetSupplierId: number;

  beforeAll(async () => {
    const db = await getDb();
    ({ id: placeId } = await createLocation(db));
    ({ id: fleetSupplierId } = await createSupplier(db));
    for (let i = 0; i < CARS; i++)
      await createCar(db, { supplierId: fleetSupplierId, dailyPriceCents: 1000 + i * 10, locationIds: [placeId] });
  });

  afterAll(async () => {
    const db = await getDb();
    await db.delete(schema.carLocations).where(eq(schema.carLocations.locationId, placeId));
    await db.delete(schema.cars).where(eq(schema.cars.supplierId, fleetSupplierId));
    await db.delete(schema.suppliers).where(eq(schema.suppliers.id, fleetSupplierId));
    await db.delete(schema.locations).where(eq(schema.locations.id, placeId));
  });

  it("says 'more than 100' on the first six pages and offers the seventh", async () => {
    const first = await search(at(0), at(2), placeId, 1);
    expect(first.count).toEqual({ total: 100, more: true, pages: 7 });
    expect(first.cars.map((c) => c.dailyPriceCents)).toEqual(Array.from({ length: 15 }, (_, i) => 1000 + i * 10));
    const sixth = await search(at(0), at(2), placeId, 6);
    expect(sixth.count).toEqual({ total: 100, more: true, pages: 7 });
    expect(sixth.cars[0].dailyPriceCents).toBe(1000 + 75 * 10);
  });

  it("counts further on the pages past the 100th car", async () => {
    const seventh = await search(at(0), at(2), placeId, 7);
    expect(seventh.count).toEqual({ total: CARS, more: false, pages: 11 });
    expect(seventh.cars.map((c) => c.dailyPriceCents)).toEqual(
      Array.from({ length: 15 }, (_, i) => 1000 + (90 + i) * 10),
    );
    const last = await search(at(0), at(2), placeId, 11);
    expect(last.cars).toHaveLength(CARS - 150);
  });

  it("counts exactly once no more than 100 are bookable", async () => {
    const db = await getDb();
    const some = await db
      .select({ id: schema.cars.id })
      .from(schema.cars)
      .where(eq(schema.cars.supplierId, fleetSupplierId))
      .limit(61);
    await db
      .update(schema.cars)
      .set({ availability: "unavailable" })
      .where(
        inArray(
          schema.cars.id,
          some.map((c) => c.id),
        ),
      );
    const fewer = await search(at(0), at(2), placeId, 1);
    expect(fewer.count).toEqual({ total: CARS - 61, more: false, pages: 7 });
  });
});
