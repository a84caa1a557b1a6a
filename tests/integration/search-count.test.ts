import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { getDb, schema } from "~/utils/db.server";
import { createCar, createLocation, createSupplier } from "../factories";
import { at, search } from "./fixtures/availability";

/* The search's count and pages at a busy place, over the real search query. */

afterAll(async () => {
  await closeDb();
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
