import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { getDb, schema } from "~/utils/db.server";
import { rentalDays } from "~/modules/pricing/pricing";
import { noFilters, type SearchFilters, type SortOrder } from "~/modules/catalogue/filters";
import { searchCars } from "~/modules/catalogue/search.server";
import { createBooking, createCar, createLocation, createSupplier, createUser } from "../factories";
import type { SearchQuery } from "~/modules/catalogue/search-query";

/*
 * The availability rule end to end: bookings written straight into the database and the
 * real search query. Everything lives at a location of its own, so the test reads the
 * same whatever else the database holds.
 */
const DAY = 24 * 3_600_000;
// Ten days from now at 10:00 UTC: well in the future, whole hours for readable cases.
const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY + 10 * 3_600_000);
const at = (days: number, hours = 0) => new Date(base.getTime() + days * DAY + hours * 3_600_000);

let locationId: number;
let otherLocationId: number;
let supplierId: number;
let carId: number;
let driverId: number;

async function search(
  pickUp: Date,
  dropOff: Date,
  location = locationId,
  page = 1,
  filters: SearchFilters = noFilters,
  sort: SortOrder = "total",
) {
  const query: SearchQuery = {
    pickupId: location,
    dropoffId: location,
    period: { from: "", to: "", pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
    timeZone: "America/Caracas",
    filters,
    sort,
    page,
  };
  return searchCars(query);
}

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

beforeAll(async () => {
  const db = await getDb();
  [{ id: locationId }, { id: otherLocationId }] = [await createLocation(db), await createLocation(db)];
  ({ id: supplierId } = await createSupplier(db));
  ({ id: carId } = await createCar(db, { supplierId, locationIds: [locationId] }));
  ({ id: driverId } = await createUser(db, { fullName: "Integration Driver" }));
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

describe("the order and the filters (docs/domain.md#search-order)", () => {
  let placeId: number;
  const supplierIds: number[] = [];
  const names = new Map<number, string>();

  beforeAll(async () => {
    const db = await getDb();
    ({ id: placeId } = await createLocation(db));
    // Created "Zeta" first, so supplier order by id differs from order by name.
    for (const name of ["Zeta Rentals", "Alfa Rentals"])
      supplierIds.push((await createSupplier(db, { name: `${name} ${Date.now()}` })).id);
    const [zeta, alfa] = supplierIds;
    const cars: Array<[number, string, number, number, "economy" | "suv" | "van", number]> = [
      [zeta, "Z cheap", 2000, 4, "economy", 1],
      [zeta, "Z van", 6000, 8, "van", 4],
      [alfa, "A suv", 5000, 7, "suv", 3],
      [alfa, "A small", 3000, 5, "economy", 2],
      [zeta, "Z mid", 3000, 5, "economy", 2],
    ];
    // What the other filters read: each kind leaves out a different set of these cars.
    const specs: Record<string, Partial<typeof schema.cars.$inferInsert>> = {
      "Z cheap": {
        aircon: false,
        doors: 2,
        fuelType: "gasoline",
        gearbox: "manual",
        mileage: 200,
        depositCents: 20000,
      },
      "Z van": { doors: 4, fuelType: "diesel", mileage: -1, fuelPolicy: "freeTank", depositCents: 60000 },
      "A suv": { doors: 4, fuelType: "diesel", gearbox: "automatic", mileage: -1, depositCents: 50000 },
      "A small": { doors: 4, fuelType: "gasoline", gearbox: "automatic", mileage: 150, depositCents: 25000 },
      "Z mid": { aircon: false, doors: 4, fuelType: "hybrid", mileage: -1, depositCents: 0 },
    };
    for (const [supplierId, name, dailyPriceCents, seats, category, bags] of cars) {
      const car = await createCar(db, {
        supplierId,
        name,
        dailyPriceCents,
        seats,
        category,
        bags,
        ...specs[name],
        locationIds: [placeId],
      });
      names.set(car.id, name);
    }
  });

  afterAll(async () => {
    const db = await getDb();
    await db.delete(schema.carLocations).where(eq(schema.carLocations.locationId, placeId));
    await db.delete(schema.cars).where(inArray(schema.cars.supplierId, supplierIds));
    await db.delete(schema.suppliers).where(inArray(schema.suppliers.id, supplierIds));
    await db.delete(schema.locations).where(eq(schema.locations.id, placeId));
  });

  const listed = async (sort: SortOrder, filters: SearchFilters = noFilters) => {
    const { cars, count } = await search(at(0), at(2), placeId, 1, filters, sort);
    expect(count.total).toBe(cars.length);
    return cars.map((c) => names.get(c.id));
  };

  it("lists cheapest first by total and by price per day, the car id breaking ties", async () => {
    const cheapest = ["Z cheap", "A small", "Z mid", "A suv", "Z van"];
    expect(await listed("total")).toEqual(cheapest);
    expect(await listed("perDay")).toEqual(cheapest);
  });

  it("lists most seats first, then cheapest", async () => {
    expect(await listed("seats")).toEqual(["Z van", "A suv", "A small", "Z mid", "Z cheap"]);
  });

  it("lists by supplier name, each supplier's cars cheapest first", async () => {
    expect(await listed("supplier")).toEqual(["A small", "A suv", "Z cheap", "Z mid", "Z van"]);
  });

  it("filters by category and by a minimum of bags, in every order", async () => {
    const economy: SearchFilters = { ...noFilters, category: ["economy"] };
    expect(await listed("total", economy)).toEqual(["Z cheap", "A small", "Z mid"]);
    expect(await listed("supplier", economy)).toEqual(["A small", "Z cheap", "Z mid"]);
    const threeBags: SearchFilters = { ...noFilters, bags: 3 };
    expect(await listed("seats", threeBags)).toEqual(["Z van", "A suv"]);
    expect(await listed("total", { ...noFilters, category: ["suv", "van"], bags: 4 })).toEqual(["Z van"]);
  });

  it("filters by every other kind, alone and together, whatever was searched before", async () => {
    const [, alfa] = supplierIds;
    const cases: Array<[Partial<SearchFilters>, string[]]> = [
      [{ specs: ["aircon"] }, ["A small", "A suv", "Z van"]],
      [{ specs: ["doors4"] }, ["A small", "Z mid", "A suv", "Z van"]],
      [{ specs: ["seats5"] }, ["A small", "Z mid", "A suv", "Z van"]],
      [{ specs: ["aircon", "doors4", "seats5"] }, ["A small", "A suv", "Z van"]],
      [{ fuel: ["diesel"] }, ["A suv", "Z van"]],
      [{ fuel: ["gasoline", "hybrid"] }, ["Z cheap", "A small", "Z mid"]],
      [{ gearbox: ["automatic"] }, ["A small", "A suv"]],
      [{ mileage: ["unlimited"] }, ["Z mid", "A suv", "Z van"]],
      [{ mileage: ["limited"] }, ["Z cheap", "A small"]],
      [{ mileage: ["limited", "unlimited"] }, ["Z cheap", "A small", "Z mid", "A suv", "Z van"]],
      [{ fuelPolicy: ["freeTank"] }, ["Z van"]],
      [{ deposit: 250 }, ["Z cheap", "A small", "Z mid"]],
      [{ deposit: 500 }, ["Z cheap", "A small", "Z mid", "A suv"]],
      [{ suppliers: [alfa] }, ["A small", "A suv"]],
      [{ specs: ["aircon"], fuel: ["diesel"], mileage: ["unlimited"], deposit: 500 }, ["A suv"]],
      [{ gearbox: ["manual"], category: ["economy"], bags: 2 }, ["Z mid"]],
      [{}, ["Z cheap", "A small", "Z mid", "A suv", "Z van"]],
    ];
    // One after the other, so a filter left over from the search before would show.
    for (const [filters, expected] of cases)
      expect(await listed("total", { ...noFilters, ...filters }), JSON.stringify(filters)).toEqual(expected);
    expect(await listed("seats", { ...noFilters, fuel: ["diesel"] })).toEqual(["Z van", "A suv"]);
    expect(await listed("supplier", { ...noFilters, specs: ["doors4"], mileage: ["unlimited"] })).toEqual([
      "A suv",
      "Z mid",
      "Z van",
    ]);
  });

  it("follows a car's new category and bag count", async () => {
    const db = await getDb();
    const id = [...names].find(([, name]) => name === "Z cheap")![0];
    await db.update(schema.cars).set({ category: "suv", bags: 3 }).where(eq(schema.cars.id, id));
    try {
      expect(await listed("total", { ...noFilters, category: ["suv"], bags: 3 })).toEqual(["Z cheap", "A suv"]);
    } finally {
      await db.update(schema.cars).set({ category: "economy", bags: 1 }).where(eq(schema.cars.id, id));
    }
  });

  it("leaves out an inactive supplier's cars by supplier too", async () => {
    const db = await getDb();
    await db.update(schema.suppliers).set({ active: false }).where(eq(schema.suppliers.id, supplierIds[1]));
    try {
      expect(await listed("supplier")).toEqual(["Z cheap", "Z mid", "Z van"]);
    } finally {
      await db.update(schema.suppliers).set({ active: true }).where(eq(schema.suppliers.id, supplierIds[1]));
    }
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
