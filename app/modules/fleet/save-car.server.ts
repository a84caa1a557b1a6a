import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { deleteImageIfUnreferenced, storeImage } from "~/modules/images/images.server";
import { processImage, type ImageRefusal } from "~/modules/images/process.server";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { isRowId } from "~/utils/row-id";
import { ownSupplierId, supplierScope, type StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { changedFields, createdFields } from "~/modules/audit/audit";
import { carFormMessages, carLimits } from "./car-limits";
import type { CarValues } from "./car-values";
import { fleetDataMessages, plateKey } from "./fleet-data";
import { holdingReferences } from "./car-holds.server";
import { lockCar } from "./load-car.server";

/*
 * A car of the back office's fleet created or edited from its form, with its picture and places
 * (docs/domain.md#fleet). The search's copy of each car (car_locations) is kept by the triggers of
 * migration 0003, so a change here is in the next search.
 */

const { carLocations, cars, locations, suppliers } = schema;

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
