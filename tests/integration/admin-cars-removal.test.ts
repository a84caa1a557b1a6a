import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { readCarListQuery } from "~/modules/fleet/car-list";
import { deleteCar } from "~/modules/fleet/delete-car.server";
import { listCars } from "~/modules/fleet/list-cars.server";
import { loadCar } from "~/modules/fleet/load-car.server";
import { updateCar } from "~/modules/fleet/save-car.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking } from "../factories";
import { DAY, now, fx, values, carRow, auditOf, searchAt, fleetHooks } from "./fixtures/admin-cars";

/*
 * Taking a car out of the fleet (docs/domain.md#fleet): making it unavailable or deleting it is
 * refused while bookings that are not over hold it.
 */
const { cars } = schema;

fleetHooks();

describe("making a car unavailable", () => {
  it("is refused while bookings that are not over hold it, naming them; once they are dealt with it leaves the search", async () => {
    const db = await getDb();
    const booking = (days: number, values: Partial<typeof schema.bookings.$inferInsert>) => {
      const startsAt = new Date(now.getTime() + days * DAY);
      return createBooking(db, {
        carId: fx.carA,
        supplierId: fx.supplierA,
        driverId: fx.driver,
        locationId: fx.placeOne,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * DAY),
        ...values,
      });
    };
    const reserved = await booking(4, { status: "reserved" });
    const pending = await booking(12, { status: "pending" });
    await booking(-10, { status: "paid" });
    await booking(20, { status: "cancelled" });
    await booking(30, { status: "void", holdExpiresAt: new Date(now.getTime() - 60_000) });
    const unavailable = {
      car: values({ availability: "unavailable" }),
      locationIds: [fx.placeOne],
      supplierId: undefined,
    };

    expect(await updateCar(fx.staffA, fx.carA, unavailable, null, now)).toEqual({
      ok: false,
      heldBy: [reserved.reference, pending.reference],
    });
    expect((await carRow(fx.carA)).availability).toBe("available");
    expect((await carRow(fx.carA)).dailyPriceCents).toBe(6000);
    expect(await auditOf(fx.carA)).toEqual([]);

    await db
      .update(schema.bookings)
      .set({ status: "cancelled" })
      .where(inArray(schema.bookings.id, [reserved.id, pending.id]));
    expect(await updateCar(fx.staffA, fx.carA, unavailable, null, now)).toEqual({ ok: true, carId: fx.carA });
    expect((await carRow(fx.carA)).availability).toBe("unavailable");
    expect((await searchAt(fx.placeOne)).has(fx.carA)).toBe(false);
  });

  it("lets an edit through that leaves an already unavailable car unavailable", async () => {
    const db = await getDb();
    await db.update(cars).set({ availability: "unavailable" }).where(eq(cars.id, fx.carA));
    const start = new Date(now.getTime() + 5 * DAY);
    await createBooking(db, {
      carId: fx.carA,
      supplierId: fx.supplierA,
      driverId: fx.driver,
      locationId: fx.placeOne,
      startsAt: start,
      endsAt: new Date(start.getTime() + DAY),
      status: "paid",
    });
    const edit = {
      car: values({ availability: "unavailable", dailyPriceCents: 7000 }),
      locationIds: [fx.placeOne],
      supplierId: undefined,
    };
    expect(await updateCar(fx.staffA, fx.carA, edit, null, now)).toEqual({ ok: true, carId: fx.carA });
    expect((await carRow(fx.carA)).dailyPriceCents).toBe(7000);
  });
});

describe("deleting a car", () => {
  it("is refused while a booking that is not over holds the car, naming it", async () => {
    const db = await getDb();
    const start = new Date(now.getTime() + 20 * DAY);
    const held = await createBooking(db, {
      carId: fx.carA,
      supplierId: fx.supplierA,
      driverId: fx.driver,
      locationId: fx.placeOne,
      startsAt: start,
      endsAt: new Date(start.getTime() + 2 * DAY),
      status: "paid",
    });
    expect(await deleteCar(fx.staffA, fx.carA, now)).toEqual({ heldBy: [held.reference] });
    expect((await carRow(fx.carA)).status).toBe("active");
    expect(await auditOf(fx.carA)).toEqual([]);
  });

  it("is allowed when its bookings are over, cancelled or lapsed holds; the car leaves the list and the search but stays for its bookings", async () => {
    const db = await getDb();
    const booking = (days: number, values: Partial<typeof schema.bookings.$inferInsert> = {}) => {
      const startsAt = new Date(now.getTime() + days * DAY);
      return createBooking(db, {
        carId: fx.carA,
        supplierId: fx.supplierA,
        driverId: fx.driver,
        locationId: fx.placeOne,
        startsAt,
        endsAt: new Date(startsAt.getTime() + DAY),
        ...values,
      });
    };
    await booking(-10, { status: "paid" });
    await booking(5, { status: "cancelled" });
    await booking(8, { status: "void", holdExpiresAt: new Date(now.getTime() - 60_000) });
    expect(await deleteCar(fx.staffA, fx.carA, now)).toBe("deleted");
    expect((await carRow(fx.carA)).status).toBe("deleted");
    expect(await loadCar(fx.admin, fx.carA)).toBeNull();
    expect(await deleteCar(fx.staffA, fx.carA, now)).toBe("notFound");
    expect((await listCars(fx.admin, readCarListQuery(new URLSearchParams(), { admin: true }))).rows).toEqual([]);
    expect((await searchAt(fx.placeOne)).has(fx.carA)).toBe(false);
    expect((await auditOf(fx.carA)).map((e) => e.action)).toEqual(["car.delete"]);
  });

  it("counts a live payment hold and a rental under way as holding the car", async () => {
    const db = await getDb();
    const under = await createBooking(db, {
      carId: fx.carA,
      supplierId: fx.supplierA,
      driverId: fx.driver,
      locationId: fx.placeOne,
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + DAY),
      status: "reserved",
    });
    const start = new Date(now.getTime() + 3 * DAY);
    const hold = await createBooking(db, {
      carId: fx.carA,
      supplierId: fx.supplierA,
      driverId: fx.driver,
      locationId: fx.placeOne,
      startsAt: start,
      endsAt: new Date(start.getTime() + DAY),
      status: "void",
      holdExpiresAt: new Date(now.getTime() + 10 * 60_000),
    });
    expect(await deleteCar(fx.admin, fx.carA, now)).toEqual({ heldBy: [under.reference, hold.reference] });
  });
});
