import { and, asc, eq } from "drizzle-orm";
import { optionKeys } from "~/modules/pricing/pricing";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import { isRowId } from "~/utils/row-id";
import { carScope, type StaffUser } from "~/modules/access/staff.server";
import type { CarValues } from "./car-values";

/*
 * One car of the back office's fleet, read for its form or locked for a change (docs/domain.md#fleet).
 * Every read and write of a car by id puts `carScope(user)` in its WHERE: another supplier's car is
 * a missing one (docs/security.md#back-office).
 */

const { carLocations, cars, suppliers } = schema;

const carColumns = {
  id: cars.id,
  supplierId: cars.supplierId,
  image: cars.image,
  name: cars.name,
  dailyPriceCents: cars.dailyPriceCents,
  weeklyDailyPriceCents: cars.weeklyDailyPriceCents,
  youngDriverFeeCents: cars.youngDriverFeeCents,
  monthlyDailyPriceCents: cars.monthlyDailyPriceCents,
  depositCents: cars.depositCents,
  depositMethod: cars.depositMethod,
  payLaterFeePercent: cars.payLaterFeePercent,
  minimumAge: cars.minimumAge,
  seats: cars.seats,
  doors: cars.doors,
  aircon: cars.aircon,
  category: cars.category,
  bags: cars.bags,
  orSimilar: cars.orSimilar,
  fuelType: cars.fuelType,
  gearbox: cars.gearbox,
  fuelPolicy: cars.fuelPolicy,
  mileage: cars.mileage,
  extraKmCents: cars.extraKmCents,
  availability: cars.availability,
  plate: cars.plate,
  vin: cars.vin,
  colour: cars.colour,
  year: cars.year,
  ...Object.fromEntries(optionKeys.map((key) => [`${key}Cents`, cars[`${key}Cents`]])),
  collisionDamageWaiverExcessCents: cars.collisionDamageWaiverExcessCents,
  theftProtectionExcessCents: cars.theftProtectionExcessCents,
  fullInsuranceExcessCents: cars.fullInsuranceExcessCents,
} as const;

export type StoredCar = CarValues & { id: number; supplierId: number; image: string | null; locationIds: number[] };

async function placesOf(executor: Executor, carId: number): Promise<number[]> {
  const rows = await executor
    .select({ id: carLocations.locationId })
    .from(carLocations)
    .where(eq(carLocations.carId, carId))
    .orderBy(asc(carLocations.locationId));
  return rows.map((row) => row.id);
}

/** A car the caller may see, with its places; null when it does not exist for them (404). */
export async function loadCar(
  user: StaffUser,
  carId: unknown,
): Promise<(StoredCar & { supplierName: string; updatedAt: Date }) | null> {
  if (!isRowId(carId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ ...carColumns, supplierName: suppliers.name, updatedAt: cars.updatedAt })
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, cars.supplierId))
    .where(and(eq(cars.id, carId), carScope(user)));
  if (!row) return null;
  return {
    ...(row as unknown as StoredCar & { supplierName: string; updatedAt: Date }),
    locationIds: await placesOf(db, carId),
  };
}

/** Whether the caller may see this car: asked before an edit form is read, so another supplier's car is a 404 whatever was posted. */
export async function carInScope(user: StaffUser, carId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.id, carId), carScope(user)));
  return row !== undefined;
}

/** The caller's car, locked for this transaction, with its places; null when not theirs. */
export async function lockCar(tx: Transaction, user: StaffUser, carId: number): Promise<StoredCar | null> {
  const [row] = await tx
    .select(carColumns)
    .from(cars)
    .where(and(eq(cars.id, carId), carScope(user)))
    .for("update");
  return row ? { ...(row as unknown as StoredCar), locationIds: await placesOf(tx, carId) } : null;
}
