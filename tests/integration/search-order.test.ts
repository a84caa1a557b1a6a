import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { getDb, schema } from "~/utils/db.server";
import { noFilters, type SearchFilters, type SortOrder } from "~/modules/catalogue/filters";
import { createCar, createLocation, createSupplier } from "../factories";
import { at, search } from "./fixtures/availability";

/* The search's order and filters (docs/domain.md#search-order) over the real search query. */

afterAll(async () => {
  await closeDb();
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

  it("lists the best-scored suppliers first, new ones last, and keeps only 4+ stars when asked (docs/domain.md#reviews)", async () => {
    const db = await getDb();
    const [zeta, alfa] = supplierIds;
    // The score's columns as refreshSupplierScore leaves them (its own tests write the reviews).
    const score = (id: number, reviewCount: number, reviewSum: number) =>
      db.update(schema.suppliers).set({ reviewCount, reviewSum }).where(eq(schema.suppliers.id, id));
    const fourPlus: SearchFilters = { ...noFilters, rating: 4 };
    try {
      // Zeta 4.0 from 3 reviews; Alfa "new" with 2: after every scored supplier, and never 4+.
      await score(zeta, 3, 12);
      await score(alfa, 2, 10);
      expect(await listed("rating")).toEqual(["Z cheap", "Z mid", "Z van", "A small", "A suv"]);
      expect(await listed("rating", fourPlus)).toEqual(["Z cheap", "Z mid", "Z van"]);
      // Alfa 4.5 from 4 reviews goes first.
      await score(alfa, 4, 18);
      expect(await listed("rating")).toEqual(["A small", "A suv", "Z cheap", "Z mid", "Z van"]);
      expect(await listed("total", fourPlus)).toEqual(["Z cheap", "A small", "Z mid", "A suv", "Z van"]);
      // 3.95 reads 4.0 and is 4+; 3.94 reads 3.9 and is not.
      await score(zeta, 20, 79);
      expect(await listed("total", fourPlus)).toEqual(["Z cheap", "A small", "Z mid", "A suv", "Z van"]);
      await score(zeta, 50, 197);
      expect(await listed("total", fourPlus)).toEqual(["A small", "A suv"]);
    } finally {
      await score(zeta, 0, 0);
      await score(alfa, 0, 0);
    }
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
