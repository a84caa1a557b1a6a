import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import type { CarValues } from "~/modules/fleet/car-values";
import { deleteCar } from "~/modules/fleet/delete-car.server";
import { loadCar } from "~/modules/fleet/load-car.server";
import { createCar, processCarImage, updateCar } from "~/modules/fleet/save-car.server";
import { fleetDataMessages } from "~/modules/fleet/fleet-data";
import { loadSupplier, updateSupplier } from "~/modules/suppliers/suppliers.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createLocation, createSupplier, createUser, resetDatabase } from "../factories";

/*
 * The agreement's fleet data against the real database (docs/domain.md#fleet-data): a plate is
 * unique within a supplier whatever its case, spaces or dashes, also when two saves race, and
 * the supplier's RIF and fiscal address are saved and audited like its other fields.
 */
const { auditLog, cars } = schema;

const asStaff = (id: number, type: "admin" | "supplier", supplierId: number | null = null) =>
  ({ id, type, supplierId, email: "", fullName: "", language: "en", activated: true }) as unknown as StaffUser;

const values = (plate: string | null): CarValues => ({
  name: "Counter Test Spark",
  dailyPriceCents: 3000,
  weeklyDailyPriceCents: null,
  monthlyDailyPriceCents: null,
  youngDriverFeeCents: null,
  depositCents: 0,
  depositMethod: "cardHold",
  payLaterFeePercent: 0,
  minimumAge: 21,
  seats: 4,
  doors: 5,
  aircon: true,
  category: "mini",
  bags: 1,
  orSimilar: false,
  fuelType: "gasoline",
  gearbox: "manual",
  fuelPolicy: "likeForlike",
  mileage: -1,
  extraKmCents: 0,
  availability: "available",
  cancellationCents: -1,
  gpsCents: -1,
  homeDeliveryCents: -1,
  babyChairCents: -1,
  theftProtectionCents: -1,
  collisionDamageWaiverCents: -1,
  fullInsuranceCents: -1,
  additionalDriverCents: -1,
  collisionDamageWaiverExcessCents: 0,
  theftProtectionExcessCents: 0,
  fullInsuranceExcessCents: 0,
  plate,
  vin: null,
  colour: null,
  year: null,
});

async function picture() {
  const png = await sharp(crypto.randomBytes(32 * 24 * 3), { raw: { width: 32, height: 24, channels: 3 } })
    .png()
    .toBuffer();
  const processed = await processCarImage(png);
  if (!processed.ok) throw new Error(processed.reason);
  return processed.webp;
}

let fx: { staffA: StaffUser; staffB: StaffUser; admin: StaffUser; supplierA: number; place: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const [a, b] = [await createSupplier(db), await createSupplier(db)];
  const place = await createLocation(db);
  const staffA = await createUser(db, { type: "supplier", supplierId: a.id });
  const staffB = await createUser(db, { type: "supplier", supplierId: b.id });
  const admin = await createUser(db, { type: "admin" });
  fx = {
    staffA: asStaff(staffA.id, "supplier", a.id),
    staffB: asStaff(staffB.id, "supplier", b.id),
    admin: asStaff(admin.id, "admin"),
    supplierA: a.id,
    place: place.id,
  };
});

afterAll(async () => {
  await closeDb();
});

const carWith = async (user: StaffUser, plate: string | null) =>
  createCar(user, { car: values(plate), locationIds: [fx.place], supplierId: undefined }, await picture());

describe("a car's plate", () => {
  it("is unique within its supplier whatever its case, spaces or dashes", async () => {
    const first = await carWith(fx.staffA, "AB123CD");
    expect(first.ok).toBe(true);
    for (const plate of ["ab-123-cd", "AB 123 CD", "ab123cd"]) {
      expect(await carWith(fx.staffA, plate), plate).toEqual({
        ok: false,
        fieldErrors: { plate: [fleetDataMessages.plateTaken] },
      });
    }
    // Another supplier may have the same plate (they are different fleets), and cars without one are many.
    expect((await carWith(fx.staffB, "AB-123-CD")).ok).toBe(true);
    expect((await carWith(fx.staffA, null)).ok).toBe(true);
    expect((await carWith(fx.staffA, null)).ok).toBe(true);
    const db = await getDb();
    expect(await db.select({ id: cars.id }).from(cars).where(eq(cars.supplierId, fx.supplierA))).toHaveLength(3);
  });

  it("is refused on an edit that takes another car's plate, kept on an edit of its own car, and audited", async () => {
    const first = await carWith(fx.staffA, "AB123CD");
    const second = await carWith(fx.staffA, "XY456ZW");
    if (!first.ok || !second.ok) throw new Error("not created");
    const input = (plate: string) => ({ car: values(plate), locationIds: [fx.place], supplierId: undefined });
    expect(await updateCar(fx.staffA, second.carId, input("ab 123 cd"), null)).toEqual({
      ok: false,
      fieldErrors: { plate: [fleetDataMessages.plateTaken] },
    });
    expect((await loadCar(fx.staffA, second.carId))?.plate).toBe("XY456ZW");
    expect(await updateCar(fx.staffA, first.carId, input("AB-123-CD"), null)).toEqual({ ok: true, carId: first.carId });
    expect((await loadCar(fx.staffA, first.carId))?.plate).toBe("AB-123-CD");
    const db = await getDb();
    const audit = await db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "car"), eq(auditLog.subjectId, first.carId)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["car.create", "car.update"]);
    expect(audit[1].changes).toEqual({ plate: ["AB123CD", "AB-123-CD"] });
  });

  it("is given back when its car is deleted", async () => {
    const first = await carWith(fx.staffA, "AB123CD");
    if (!first.ok) throw new Error("not created");
    expect(await deleteCar(fx.staffA, first.carId)).toBe("deleted");
    expect((await carWith(fx.staffA, "AB123CD")).ok).toBe(true);
  });

  it("holds when two cars with the same plate are saved at once: one is refused with the form's message", async () => {
    const [a, b] = await Promise.all([carWith(fx.staffA, "RA123CE"), carWith(fx.staffA, "ra-123-ce")]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.ok)).toEqual({ ok: false, fieldErrors: { plate: [fleetDataMessages.plateTaken] } });
  });
});

describe("a supplier's RIF and fiscal address", () => {
  it("are saved and audited with the supplier's other fields", async () => {
    const detail = await loadSupplier(fx.admin, fx.supplierA);
    if (!detail) throw new Error("missing");
    const base = {
      name: detail.name,
      email: "reservas@llanos.example",
      phone: null,
      whatsapp: null,
      payLater: detail.payLater,
      collectsIgtf: detail.collectsIgtf,
      active: detail.active,
    };
    expect(
      await updateSupplier(
        fx.admin,
        fx.supplierA,
        { ...base, rif: "J-30125874-6", fiscalAddress: "Av. Miranda, Chacao" },
        null,
      ),
    ).toBe("updated");
    expect(await loadSupplier(fx.admin, fx.supplierA)).toMatchObject({
      rif: "J-30125874-6",
      fiscalAddress: "Av. Miranda, Chacao",
    });
    const db = await getDb();
    const [entry] = await db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "supplier"), eq(auditLog.subjectId, fx.supplierA)));
    expect(entry.action).toBe("supplier.update");
    expect(entry.changes).toMatchObject({ rif: [null, "J-30125874-6"], fiscalAddress: [null, "Av. Miranda, Chacao"] });
  });
});
