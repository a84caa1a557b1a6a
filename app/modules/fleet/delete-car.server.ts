import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { isRowId } from "~/utils/row-id";
import type { StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { holdingReferences } from "./car-holds.server";
import { loadCar, lockCar } from "./load-car.server";

/*
 * A car deleted from the back office's fleet (docs/domain.md#fleet), and the car its confirmation
 * names.
 */

const { cars } = schema;

/** The caller's car as the delete confirmation names it; null when not theirs. */
export async function loadCarForDelete(user: StaffUser, carId: unknown) {
  const car = await loadCar(user, carId);
  return car && { id: car.id, name: car.name, supplierName: car.supplierName };
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
