import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { readCarListQuery } from "~/modules/fleet/car-list";
import { deleteCar, loadCarForDelete } from "~/modules/fleet/delete-car.server";
import { listCars } from "~/modules/fleet/list-cars.server";
import { loadCar } from "~/modules/fleet/load-car.server";
import { createCar as createCarAsStaff, updateCar } from "~/modules/fleet/save-car.server";
import { getDb, schema } from "~/utils/db.server";
import { createCar } from "../factories";
import { fx, picture, values, carRow, auditOf, fleetHooks } from "./fixtures/admin-cars";

/*
 * The fleet's scope against the real database (docs/domain.md#fleet): every by-id read and write
 * within the staff member's supplier, and the fleet list's search, filters and pages.
 */
const { carLocations } = schema;

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
