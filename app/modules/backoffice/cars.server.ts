import { and, asc, count, eq, gt, ilike, inArray, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Language } from "~/modules/i18n/languages";
import { deleteImageIfUnreferenced, storeImage } from "~/modules/images/images.server";
import { processImage, type ImageRefusal } from "~/modules/images/process.server";
import { pageQuery } from "~/modules/list/paging";
import { optionKeys } from "~/modules/pricing/pricing";
import { closedStatuses } from "~/modules/booking/status";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { isRowId } from "~/utils/row-id";
import { carScope, ownSupplierId, supplierScope, type StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { changedFields, createdFields } from "~/modules/audit/audit";
import { carFormMessages, carLimits } from "./car-limits";
import type { CarValues } from "./car-values";
import { fleetDataMessages, plateKey } from "./fleet-data";
import { containsPattern, type CarListQuery } from "./car-list";
import { placeNameColumn } from "~/modules/i18n/place-name";

/*
 * The fleet of the back office (docs/domain.md#fleet). Every read and write of a car by id puts
 * `carScope(user)` in its WHERE: another supplier's car is a missing one (docs/security.md#back-office).
 * The search's copy of each car (car_locations) is kept by the triggers of migration 0003, so a
 * change here is in the next search.
 */

const { bookings, carLocations, cars, locations, suppliers } = schema;

export type CarListRow = {
  id: number;
  name: string;
  image: string | null;
  supplierName: string;
  dailyPriceCents: number;
  availability: "available" | "unavailable";
  fuelType: string;
  gearbox: string;
  places: number;
};

/** One page of the caller's cars matching the list's search and filters, by name. */
export async function listCars(
  user: StaffUser,
  query: CarListQuery,
): Promise<{ rows: CarListRow[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const conditions: SQL[] = [carScope(user)];
  if (query.text) conditions.push(ilike(cars.name, containsPattern(query.text)));
  if (query.supplier) conditions.push(eq(cars.supplierId, query.supplier));
  if (query.availability) conditions.push(eq(cars.availability, query.availability));
  if (query.fuelType) conditions.push(eq(cars.fuelType, query.fuelType));
  if (query.gearbox) conditions.push(eq(cars.gearbox, query.gearbox));
  const where = and(...conditions);
  const [{ total }] = await db.select({ total: count() }).from(cars).where(where);
  const { page, pages, offset, limit } = pageQuery(total, query.page);
  const rows = await db
    .select({
      id: cars.id,
      name: cars.name,
      image: cars.image,
      supplierName: suppliers.name,
      dailyPriceCents: cars.dailyPriceCents,
      availability: cars.availability,
      fuelType: cars.fuelType,
      gearbox: cars.gearbox,
      places: sql<number>`(select count(*)::int from ${carLocations} where ${carLocations.carId} = ${cars.id})`,
    })
    .from(cars)
    .innerJoin(suppliers, eq(suppliers.id, cars.supplierId))
    .where(where)
    .orderBy(asc(cars.name), asc(cars.id))
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pages };
}

export type Choice = { id: number; name: string };

/** The suppliers an admin may give a car or filter by; none for staff, whose cars are their supplier's. */
export async function supplierChoices(user: StaffUser): Promise<Choice[]> {
  if (user.type !== "admin") return [];
  const db = await getDb();
  return db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(supplierScope(user))
    .orderBy(asc(suppliers.name));
}

/** The supplier a staff member's new cars belong to, by name; null for an admin, who chooses. */
export async function ownSupplierName(user: StaffUser): Promise<string | null> {
  if (user.type === "admin") return null;
  const db = await getDb();
  const [row] = await db.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, user.supplierId));
  return row?.name ?? null;
}

/** Every place a car may serve, by name in the reader's language. */
export async function locationChoices(language: Language): Promise<Choice[]> {
  const db = await getDb();
  const name = placeNameColumn(locations, language);
  return db.select({ id: locations.id, name }).from(locations).orderBy(asc(name), asc(locations.id));
}

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

/**
 * Bookings that still hold the car: not cancelled or deleted, not over yet, and not a payment
 * hold that already ran out (the sweep cancels those within a minute).
 */
function holdsCar(carId: number, now: Date): SQL {
  return and(
    eq(bookings.carId, carId),
    gt(bookings.endsAt, now),
    notInArray(bookings.status, [...closedStatuses]),
    or(ne(bookings.status, "void"), gt(bookings.holdExpiresAt, now)),
  )!;
}

/** The references of the bookings that still hold the car, by pick-up: what staff must move or cancel first. */
async function holdingReferences(executor: Executor, carId: number, now: Date): Promise<string[]> {
  const rows = await executor
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(holdsCar(carId, now))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((row) => row.reference);
}

/** The caller's car as the delete confirmation names it; null when not theirs. */
export async function loadCarForDelete(user: StaffUser, carId: unknown) {
  const car = await loadCar(user, carId);
  return car && { id: car.id, name: car.name, supplierName: car.supplierName };
}

export type ProcessedCarImage = { ok: true; webp: Buffer } | { ok: false; reason: ImageRefusal };

/** An upload as the car's 300×200 picture, judged by its content (docs/security.md#uploads). */
export async function processCarImage(bytes: Uint8Array): Promise<ProcessedCarImage> {
  const result = await processImage(bytes, { ...carLimits.image, fit: "cover" });
  return result.ok ? { ok: true, webp: result.webp } : result;
}

export type CarInput = { car: CarValues; locationIds: number[]; supplierId: number | undefined };
export type SaveResult =
  | { ok: true; carId: number }
  | { ok: false; fieldErrors: Record<string, string[]> }
  | { ok: false; notFound: true }
  /** Made unavailable while these bookings (references) still hold it: staff move or cancel them first. */
  | { ok: false; heldBy: string[] };

/**
 * Whether another live car of the supplier already has this plate, compared as plateKey does
 * (docs/domain.md#fleet-data). The unique index `cars_supplier_plate` holds the same rule against
 * two saves at once; this check gives the form its message first.
 */
async function plateTaken(tx: Transaction, supplierId: number, plate: string, carId: number | null): Promise<boolean> {
  const [row] = await tx
    .select({ id: cars.id })
    .from(cars)
    .where(
      and(
        eq(cars.supplierId, supplierId),
        ne(cars.status, "deleted"),
        sql`upper(regexp_replace(${cars.plate}, '[^A-Za-z0-9]', '', 'g')) = ${plateKey(plate)}`,
        carId === null ? undefined : ne(cars.id, carId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The places that exist among `ids`, whether the supplier may receive the car and whether its plate is free: field errors otherwise. */
async function checkReferences(
  tx: Transaction,
  user: StaffUser,
  supplierId: number,
  input: CarInput,
  carId: number | null,
): Promise<Record<string, string[]> | null> {
  const { locationIds } = input;
  const errors: Record<string, string[]> = {};
  if (input.car.plate && (await plateTaken(tx, supplierId, input.car.plate, carId)))
    errors.plate = [fleetDataMessages.plateTaken];
  const [supplier] = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), supplierScope(user)));
  if (!supplier) errors.supplierId = [carFormMessages.unknownSupplier];
  const found = await tx.select({ id: locations.id }).from(locations).where(inArray(locations.id, locationIds));
  if (found.length !== locationIds.length) errors.locationIds = [carFormMessages.unknownPlace];
  return Object.keys(errors).length ? errors : null;
}

/** Thrown inside a transaction to roll it back and answer with this refusal. */
class Refused extends Error {
  constructor(readonly result: Extract<SaveResult, { ok: false }>) {
    super("refused");
  }
}

async function inTransaction(work: (tx: Transaction) => Promise<SaveResult>): Promise<SaveResult> {
  const db = await getDb();
  try {
    return await db.transaction(work);
  } catch (error) {
    if (error instanceof Refused) return error.result;
    // Two saves of the same plate at once: the one that lost the race gets the form's message.
    if (sqlState(error) === UNIQUE_VIOLATION)
      return { ok: false, fieldErrors: { plate: [fleetDataMessages.plateTaken] } };
    throw error;
  }
}

const storedImage = (tx: Transaction, webp: Buffer) => storeImage(tx, webp, carLimits.image);

/**
 * A new car of the caller's supplier (an admin's choice), its picture, its places and the audit
 * entry, in one transaction: no car without its picture, no picture without its car.
 */
export async function createCar(user: StaffUser, input: CarInput, webp: Buffer): Promise<SaveResult> {
  const supplierId = ownSupplierId(user, input.supplierId ?? 0);
  return inTransaction(async (tx) => {
    const refused = await checkReferences(tx, user, supplierId, input, null);
    if (refused) throw new Refused({ ok: false, fieldErrors: refused });
    const image = await storedImage(tx, webp);
    const [car] = await tx
      .insert(cars)
      .values({ ...input.car, supplierId, image })
      .returning({ id: cars.id });
    await tx.insert(carLocations).values(input.locationIds.map((locationId) => ({ carId: car.id, locationId })));
    await recordAudit(tx, user, {
      action: "car.create",
      subjectType: "car",
      subjectId: car.id,
      supplierId,
      changes: createdFields({ ...input.car, supplierId, image, locationIds: input.locationIds }),
    });
    return { ok: true, carId: car.id };
  });
}

/** The caller's car, locked for this transaction, with its places; null when not theirs. */
async function lockCar(tx: Transaction, user: StaffUser, carId: number): Promise<StoredCar | null> {
  const [row] = await tx
    .select(carColumns)
    .from(cars)
    .where(and(eq(cars.id, carId), carScope(user)))
    .for("update");
  return row ? { ...(row as unknown as StoredCar), locationIds: await placesOf(tx, carId) } : null;
}

/**
 * Saves an edit: the values, the places (rows added and removed, so the search's copies follow),
 * a new picture when one was sent (the old one deleted once nothing shows it), and the audit
 * entry of what changed, in one transaction. Staff keep the car with their supplier; an admin may
 * move it only while no booking still holds it, since a booking stays with the supplier it was made with.
 * Making it unavailable is refused while bookings still hold it, naming them. The car row is locked
 * first, so a booking committed before the lock is seen by these checks.
 */
export async function updateCar(
  user: StaffUser,
  carId: unknown,
  input: CarInput,
  webp: Buffer | null,
  now = new Date(),
): Promise<SaveResult> {
  if (!isRowId(carId)) return { ok: false, notFound: true };
  return inTransaction(async (tx) => {
    const before = await lockCar(tx, user, carId);
    if (!before) return { ok: false, notFound: true };
    const supplierId = user.type === "admin" ? (input.supplierId ?? before.supplierId) : before.supplierId;
    const refused = await checkReferences(tx, user, supplierId, input, carId);
    if (refused) throw new Refused({ ok: false, fieldErrors: refused });
    if (supplierId !== before.supplierId && (await holdingReferences(tx, carId, now)).length > 0) {
      throw new Refused({ ok: false, fieldErrors: { supplierId: [carFormMessages.supplierHasBookings] } });
    }
    // docs/domain.md#fleet: a car its bookings still count on is not taken out of the fleet under them.
    if (input.car.availability === "unavailable" && before.availability !== "unavailable") {
      const heldBy = await holdingReferences(tx, carId, now);
      if (heldBy.length > 0) throw new Refused({ ok: false, heldBy });
    }
    const image = webp ? await storedImage(tx, webp) : before.image;
    const after = { ...input.car, supplierId, image };
    await tx.update(cars).set(after).where(eq(cars.id, carId));
    const removed = before.locationIds.filter((id) => !input.locationIds.includes(id));
    const added = input.locationIds.filter((id) => !before.locationIds.includes(id));
    if (removed.length)
      await tx
        .delete(carLocations)
        .where(and(eq(carLocations.carId, carId), inArray(carLocations.locationId, removed)));
    if (added.length) await tx.insert(carLocations).values(added.map((locationId) => ({ carId, locationId })));
    if (before.image !== image) await deleteImageIfUnreferenced(tx, before.image);
    const { id: _id, locationIds: beforePlaces, ...beforeValues } = before;
    const changes = changedFields(
      { ...beforeValues, locationIds: beforePlaces },
      { ...after, locationIds: input.locationIds },
    );
    if (Object.keys(changes).length) {
      await recordAudit(tx, user, { action: "car.update", subjectType: "car", subjectId: carId, supplierId, changes });
    }
    return { ok: true, carId };
  });
}

export type DeleteResult = "deleted" | "notFound" | { heldBy: string[] };

/**
 * Soft-deletes the caller's car (status `deleted`: gone from the back office and the search, kept
 * for its bookings' history), refused while a booking still holds it. The car row is locked
 * first, so a booking committed before the lock is seen by the check.
 */
export async function deleteCar(user: StaffUser, carId: unknown, now = new Date()): Promise<DeleteResult> {
  if (!isRowId(carId)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const car = await lockCar(tx, user, carId);
    if (!car) return "notFound";
    const heldBy = await holdingReferences(tx, carId, now);
    if (heldBy.length > 0) return { heldBy };
    await tx.update(cars).set({ status: "deleted" }).where(eq(cars.id, carId));
    await recordAudit(tx, user, {
      action: "car.delete",
      subjectType: "car",
      subjectId: carId,
      supplierId: car.supplierId,
      changes: { status: ["active", "deleted"] },
    });
    return "deleted";
  });
}
