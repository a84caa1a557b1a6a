import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { readCarListQuery } from "~/modules/fleet/car-list";
import { deleteCar, loadCarForDelete } from "~/modules/fleet/delete-car.server";
import { listCars } from "~/modules/fleet/list-cars.server";
import { loadCar } from "~/modules/fleet/load-car.server";
import { createCar as createCarAsStaff, updateCar } from "~/modules/fleet/save-car.server";
import { getDb, schema } from "~/utils/db.server";
import { createCar, createBooking } from "../factories";
import { fx, picture, values, carRow, auditOf, fleetHooks, DAY, now, searchAt } from "./fixtures/admin-cars";
import sharp from "sharp";
import { contentKey } from "~/modules/images/images.server";

/*
 * The fleet against the real database (docs/domain.md#fleet): every by-id read and write within the
 * staff member's supplier, the fleet list's search, filters and pages; and saving a car: the picture
 * stored with its car in one transaction, the search's copy kept by the triggers, and the audit entry.
 */

const { auditLog, carLocations, cars, images } = schema;

fleetHooks();

describe("the fleet's scope", () => {
  it("staff of supplier B cannot read, edit or delete supplier A's car: not found, nothing changed", async () => {
    const before = await carRow(fx.carA);
    expect(await loadCar(fx.staffB, fx.carA)).toBeNull();
    expect(await loadCarForDelete(fx.staffB, fx.carA)).toBeNull();
    expect(
      await updateCar(
        fx.staffB,
        fx.carA,
        { car: values({ dailyPriceCents: 1 }), locationIds: [fx.placeTwo], supplierId: fx.supplierB },
        await picture(),
      ),
    ).toEqual({ ok: false, notFound: true });
    expect(await deleteCar(fx.staffB, fx.carA)).toBe("notFound");
    expect(await carRow(fx.carA)).toEqual(before);
    expect(await auditOf(fx.carA)).toEqual([]);
    const db = await getDb();
    expect(await db.select().from(carLocations).where(eq(carLocations.carId, fx.carA))).toMatchObject([
      { locationId: fx.placeOne, dailyPriceCents: 6000 },
    ]);
    // Nor does their list show it, whatever supplier the URL asks for.
    const list = await listCars(
      fx.staffB,
      readCarListQuery(new URLSearchParams(`supplier=${fx.supplierA}`), { admin: false }),
    );
    expect(list.rows).toEqual([]);
  });

  it("staff of supplier A and admins reach it; ids that are not row ids are not found", async () => {
    expect((await loadCar(fx.staffA, fx.carA))?.locationIds).toEqual([fx.placeOne]);
    expect((await loadCar(fx.admin, fx.carA))?.supplierId).toBe(fx.supplierA);
    for (const id of [0, -1, 2 ** 31, 1.5, Number.NaN, "1"]) expect(await loadCar(fx.admin, id)).toBeNull();
  });

  it("a car staff create is their supplier's, whatever supplier the form names", async () => {
    const created = await createCarAsStaff(
      fx.staffB,
      { car: values(), locationIds: [fx.placeOne], supplierId: fx.supplierA },
      await picture(),
    );
    if (!created.ok) throw new Error("refused");
    expect((await carRow(created.carId)).supplierId).toBe(fx.supplierB);
  });
});

describe("the fleet list", () => {
  it("finds by part of the name and by filters, staff within their supplier", async () => {
    const db = await getDb();
    await createCar(db, {
      supplierId: fx.supplierA,
      name: "Kia Picanto 100%",
      fuelType: "electric",
      availability: "unavailable",
    });
    await createCar(db, { supplierId: fx.supplierB, name: "Kia Rio", gearbox: "automatic" });
    const names = async (user: StaffUser, search: string) =>
      (await listCars(user, readCarListQuery(new URLSearchParams(search), { admin: user.type === "admin" }))).rows.map(
        (row) => row.name,
      );
    expect(await names(fx.admin, "q=kia")).toEqual(["Kia Picanto 100%", "Kia Rio"]);
    expect(await names(fx.staffA, "q=kia")).toEqual(["Kia Picanto 100%"]);
    expect(await names(fx.admin, "q=100%25")).toEqual(["Kia Picanto 100%"]);
    expect(await names(fx.admin, "q=_")).toEqual([]);
    expect(await names(fx.admin, `supplier=${fx.supplierB}`)).toEqual(["Kia Rio"]);
    expect(await names(fx.admin, "fuel=electric&availability=unavailable")).toEqual(["Kia Picanto 100%"]);
    expect(await names(fx.admin, "gearbox=automatic")).toEqual(["Kia Rio"]);
  });

  it("pages by 30, a page past the end showing the last", async () => {
    const db = await getDb();
    for (let i = 0; i < 31; i++)
      await createCar(db, { supplierId: fx.supplierB, name: `Paged ${String(i).padStart(2, "0")}` });
    const query = (page: number) =>
      readCarListQuery(new URLSearchParams(`supplier=${fx.supplierB}&page=${page}`), { admin: true });
    const first = await listCars(fx.admin, query(1));
    expect([first.rows.length, first.total, first.pages]).toEqual([30, 31, 2]);
    const last = await listCars(fx.admin, query(9));
    expect(last.page).toBe(2);
    expect(last.rows.map((row) => row.name)).toEqual(["Paged 30"]);
  });
});

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
