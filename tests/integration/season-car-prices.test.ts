import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { ratesForCar } from "~/modules/pricing/seasons.server";
import { addSeason, loadSeasonCars, loadSeasons, setSeasonCarPrices } from "~/modules/suppliers/seasons.server";
import { localToInstant } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createCar, createSupplier, createUser } from "../factories";

/*
 * A season's fixed daily prices per car as the back office sets them (docs/domain.md#seasons):
 * saved and removed per car, audited, scoped to the supplier's staff, and what the price function
 * then charges for the season's days.
 */
const { auditLog, seasons } = schema;
let admin: StaffUser;

beforeAll(async () => {
  const db = await getDb();
  admin = { ...(await createUser(db, { type: "admin" })), type: "admin", unreadNotifications: 0 } as StaffUser;
});
afterAll(async () => {
  await closeDb();
});

async function supplierWithSeason() {
  const db = await getDb();
  const supplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, dailyPriceCents: 4000 });
  const other = await createCar(db, { supplierId: supplier.id, dailyPriceCents: 3000 });
  expect(
    await addSeason(admin, supplier.id, {
      name: "Diciembre",
      firstDay: "2027-12-01",
      lastDay: "2027-12-31",
      percent: 40,
    }),
  ).toBe("added");
  const [season] = await db.select({ id: seasons.id }).from(seasons).where(eq(seasons.supplierId, supplier.id));
  return { supplier, car, other, seasonId: season.id };
}

const staffOf = async (supplierId: number): Promise<StaffUser> => {
  const row = await createUser(await getDb(), { type: "supplier", supplierId });
  return { ...row, type: "supplier", supplierId, unreadNotifications: 0 } as StaffUser;
};

describe("season car prices", () => {
  it("sets a car's fixed price, which the season's days then charge instead of the percent", async () => {
    const { supplier, car, other, seasonId } = await supplierWithSeason();
    const staff = await staffOf(supplier.id);
    expect(
      await setSeasonCarPrices(staff, supplier.id, seasonId, [
        { carId: car.id, cents: 5000 },
        { carId: other.id, cents: null },
      ]),
    ).toBe("saved");
    expect(await loadSeasonCars(staff, supplier.id, seasonId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: car.id, dailyPriceCents: 4000, seasonPriceCents: 5000 }),
        expect.objectContaining({ id: other.id, dailyPriceCents: 3000, seasonPriceCents: null }),
      ]),
    );
    expect((await loadSeasons(staff, supplier.id))!.seasons[0].fixedPrices).toBe(1);

    const db = await getDb();
    const rental = {
      pickUp: localToInstant("2027-11-30T10:00", "America/Caracas")!,
      days: 3,
      timeZone: "America/Caracas",
    };
    const rated = (row: typeof car) => ({ ...row, supplierId: supplier.id });
    // One day before the season at the car's own price, two inside it at the fixed one.
    expect(
      (await ratesForCar(db, rated(car), rental)).map(({ days, dailyPriceCents }) => [days, dailyPriceCents]),
    ).toEqual([
      [1, 4000],
      [2, 5000],
    ]);
    // The car without a fixed price follows the +40 %.
    expect(
      (await ratesForCar(db, rated(other), rental)).map(({ days, dailyPriceCents }) => [days, dailyPriceCents]),
    ).toEqual([
      [1, 3000],
      [2, 4200],
    ]);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "supplier"), eq(auditLog.subjectId, supplier.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: "supplier.seasonCarPrices",
      changes: { season: ["Diciembre", "Diciembre"], [`car ${car.id} dailyPriceCents`]: [null, 5000] },
    });

    // Emptying the field removes the price: the car follows the percent again.
    expect(await setSeasonCarPrices(admin, supplier.id, seasonId, [{ carId: car.id, cents: null }])).toBe("saved");
    expect((await ratesForCar(db, rated(car), rental)).map(({ dailyPriceCents }) => dailyPriceCents)).toEqual([
      4000, 5600,
    ]);
  });

  it("is not found for another supplier's staff, and never writes another supplier's car", async () => {
    const { supplier, car, seasonId } = await supplierWithSeason();
    const elsewhere = await supplierWithSeason();
    const stranger = await staffOf(elsewhere.supplier.id);
    expect(await loadSeasonCars(stranger, supplier.id, seasonId)).toBeNull();
    expect(await setSeasonCarPrices(stranger, supplier.id, seasonId, [{ carId: car.id, cents: 100 }])).toBe("notFound");
    // A season of one supplier reached through another's address is not found either.
    expect(await setSeasonCarPrices(admin, elsewhere.supplier.id, seasonId, [{ carId: car.id, cents: 100 }])).toBe(
      "notFound",
    );
    // Another supplier's car sent along is left alone.
    expect(await setSeasonCarPrices(admin, supplier.id, seasonId, [{ carId: elsewhere.car.id, cents: 100 }])).toBe(
      "saved",
    );
    expect(
      (await loadSeasonCars(admin, elsewhere.supplier.id, elsewhere.seasonId))!.every(
        (c) => c.seasonPriceCents === null,
      ),
    ).toBe(true);
    expect((await loadSeasons(admin, supplier.id))!.seasons[0].fixedPrices).toBe(0);
  });
});

describe("adding a season (docs/domain.md#seasons)", () => {
  it("refuses days that overlap another season of the supplier, naming it; the next day and another supplier's seasons are free", async () => {
    const { supplier } = await supplierWithSeason();
    const other = await createSupplier(await getDb());
    const season = (firstDay: string, lastDay: string) => ({ name: "Navidad", firstDay, lastDay, percent: 20 });
    // Diciembre is 2027-12-01..2027-12-31, both days included.
    expect(await addSeason(admin, supplier.id, season("2027-11-25", "2027-12-01"))).toEqual({
      overlaps: ["Diciembre"],
    });
    expect(await addSeason(admin, supplier.id, season("2027-12-31", "2028-01-06"))).toEqual({
      overlaps: ["Diciembre"],
    });
    expect(await addSeason(admin, supplier.id, season("2028-01-01", "2028-01-06"))).toBe("added");
    expect(await addSeason(admin, other.id, season("2027-12-20", "2027-12-26"))).toBe("added");
  });
});
