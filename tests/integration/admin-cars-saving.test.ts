import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createCar as createCarAsStaff, updateCar } from "~/modules/fleet/save-car.server";
import { contentKey } from "~/modules/images/images.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking } from "../factories";
import { DAY, now, fx, picture, values, carRow, auditOf, searchAt, fleetHooks } from "./fixtures/admin-cars";

/*
 * Saving a car against the real database (docs/domain.md#fleet): the picture stored with its car in
 * one transaction, the search's copy kept by the triggers, and the audit entry.
 */
const { auditLog, cars, images } = schema;

fleetHooks();

async function imageStored(path: string | null) {
  if (!path) return false;
  const db = await getDb();
  const key = path.replace(/^\/media\/|\.webp$/g, "");
  return (await db.select({ key: images.key }).from(images).where(eq(images.key, key))).length === 1;
}

describe("saving a car", () => {
  it("stores the car, its 300×200 picture, its places and the audit entry together, and the search offers it at once", async () => {
    const webp = await picture();
    const created = await createCarAsStaff(
      fx.staffA,
      { car: values(), locationIds: [fx.placeOne, fx.placeTwo], supplierId: undefined },
      webp,
    );
    if (!created.ok) throw new Error("refused");
    const row = await carRow(created.carId);
    expect(row).toMatchObject({
      supplierId: fx.supplierA,
      dailyPriceCents: 4550,
      gpsCents: 325,
      cancellationCents: 0,
      homeDeliveryCents: -1,
      status: "active",
    });
    expect(row.image).toBe(`/media/${contentKey(webp)}.webp`);
    expect(await imageStored(row.image)).toBe(true);
    expect(await sharp(webp).metadata()).toMatchObject({ format: "webp", width: 300, height: 200 });
    const [entry] = await auditOf(created.carId);
    expect(entry).toMatchObject({ action: "car.create", actorId: fx.staffA.id, supplierId: fx.supplierA });
    expect((entry.changes as Record<string, unknown>).dailyPriceCents).toEqual([null, 4550]);
    expect((await searchAt(fx.placeOne)).get(created.carId)).toBe(4550);
    expect((await searchAt(fx.placeTwo)).get(created.carId)).toBe(4550);
  });

  it("an edit's new price and places reach the search, its new picture replaces the old one, and the audit says what changed", async () => {
    const first = await picture();
    const created = await createCarAsStaff(
      fx.staffA,
      { car: values(), locationIds: [fx.placeOne], supplierId: undefined },
      first,
    );
    if (!created.ok) throw new Error("refused");
    const oldImage = (await carRow(created.carId)).image;

    const second = await picture();
    const updated = await updateCar(
      fx.staffA,
      created.carId,
      { car: values({ dailyPriceCents: 3999 }), locationIds: [fx.placeTwo], supplierId: fx.supplierB },
      second,
    );
    expect(updated).toEqual({ ok: true, carId: created.carId });
    const row = await carRow(created.carId);
    expect(row).toMatchObject({
      dailyPriceCents: 3999,
      supplierId: fx.supplierA,
      image: `/media/${contentKey(second)}.webp`,
    });
    expect(await imageStored(row.image)).toBe(true);
    expect(await imageStored(oldImage)).toBe(false);
    expect((await searchAt(fx.placeOne)).has(created.carId)).toBe(false);
    expect((await searchAt(fx.placeTwo)).get(created.carId)).toBe(3999);
    const entries = await auditOf(created.carId);
    expect(entries.map((e) => e.action)).toEqual(["car.create", "car.update"]);
    expect(entries[1].changes).toEqual({
      dailyPriceCents: [4550, 3999],
      image: [oldImage, row.image],
      locationIds: [[fx.placeOne], [fx.placeTwo]],
    });
  });

  it("an edit without a picture keeps the current one, and saving nothing new records nothing", async () => {
    const created = await createCarAsStaff(
      fx.staffA,
      { car: values(), locationIds: [fx.placeOne], supplierId: undefined },
      await picture(),
    );
    if (!created.ok) throw new Error("refused");
    const image = (await carRow(created.carId)).image;
    expect(
      await updateCar(
        fx.staffA,
        created.carId,
        { car: values(), locationIds: [fx.placeOne], supplierId: undefined },
        null,
      ),
    ).toEqual({ ok: true, carId: created.carId });
    expect((await carRow(created.carId)).image).toBe(image);
    expect(await imageStored(image)).toBe(true);
    expect((await auditOf(created.carId)).map((e) => e.action)).toEqual(["car.create"]);
  });

  it("a refused save writes nothing: no car, no picture, no audit entry", async () => {
    const db = await getDb();
    const webp = await picture();
    const carsBefore = await db.select({ id: cars.id }).from(cars);
    const refused = await createCarAsStaff(
      fx.admin,
      { car: values(), locationIds: [fx.placeOne, 999_999], supplierId: 999_999 },
      webp,
    );
    expect(refused).toEqual({
      ok: false,
      fieldErrors: { supplierId: ["adminCars:errors.unknownSupplier"], locationIds: ["adminCars:errors.unknownPlace"] },
    });
    expect(await db.select({ id: cars.id }).from(cars)).toEqual(carsBefore);
    expect(await imageStored(`/media/${contentKey(webp)}.webp`)).toBe(false);
    expect(await db.select().from(auditLog)).toEqual([]);

    const before = await carRow(fx.carA);
    expect(
      await updateCar(fx.staffA, fx.carA, { car: values(), locationIds: [999_999], supplierId: undefined }, webp),
    ).toMatchObject({ ok: false });
    expect(await carRow(fx.carA)).toEqual(before);
    expect(await imageStored(`/media/${contentKey(webp)}.webp`)).toBe(false);
  });

  it("an admin moves a car to another supplier only while no booking holds it", async () => {
    const db = await getDb();
    const start = new Date(now.getTime() + 5 * DAY);
    await createBooking(db, {
      carId: fx.carA,
      supplierId: fx.supplierA,
      driverId: fx.driver,
      locationId: fx.placeOne,
      startsAt: start,
      endsAt: new Date(start.getTime() + DAY),
    });
    const move = { car: values(), locationIds: [fx.placeOne], supplierId: fx.supplierB };
    expect(await updateCar(fx.admin, fx.carA, move, null)).toEqual({
      ok: false,
      fieldErrors: { supplierId: ["adminCars:errors.supplierHasBookings"] },
    });
    expect((await carRow(fx.carA)).supplierId).toBe(fx.supplierA);
    await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.carId, fx.carA));
    expect(await updateCar(fx.admin, fx.carA, move, null)).toEqual({ ok: true, carId: fx.carA });
    expect((await carRow(fx.carA)).supplierId).toBe(fx.supplierB);
  });
});
