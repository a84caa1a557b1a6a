import { and, asc, eq, gt, inArray, lt, or, ne } from "drizzle-orm";
import { carScope, type StaffUser } from "~/modules/access/staff.server";
import { createdFields } from "~/modules/audit/audit";
import { recordAudit } from "~/modules/audit/audit.server";
import { blockingStatuses } from "~/modules/booking/status";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { isRowId } from "~/utils/row-id";
import { blockRange, type BlockReason, type CarBlockValues } from "./car-block-form";

/*
 * Out-of-service blocks of a car (docs/domain.md#out-of-service). Every read and write goes
 * through carScope: another supplier's car, or a block of one, is not found (404).
 */

const { bookings, carBlocks, cars } = schema;

export type CarBlockRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  reason: BlockReason;
  note: string | null;
};

/** The car's blocks that have not ended, earliest first. */
export async function listCarBlocks(user: StaffUser, carId: number, now = new Date()): Promise<CarBlockRow[]> {
  const db = await getDb();
  return db
    .select({
      id: carBlocks.id,
      startsAt: carBlocks.startsAt,
      endsAt: carBlocks.endsAt,
      reason: carBlocks.reason,
      note: carBlocks.note,
    })
    .from(carBlocks)
    .innerJoin(cars, eq(cars.id, carBlocks.carId))
    .where(and(eq(carBlocks.carId, carId), carScope(user), gt(carBlocks.endsAt, now)))
    .orderBy(asc(carBlocks.startsAt), asc(carBlocks.id));
}

/**
 * Locks the caller's car FOR UPDATE: a checkout or an amendment locks it FOR SHARE before asking
 * the availability predicate, so one of the two waits for the other and then sees its row
 * (docs/domain.md#out-of-service).
 */
async function lockCar(tx: Transaction, user: StaffUser, carId: number) {
  const [row] = await tx
    .select({ id: cars.id, supplierId: cars.supplierId })
    .from(cars)
    .where(and(eq(cars.id, carId), carScope(user)))
    .for("update");
  return row ?? null;
}

export type BlockOutcome = "blocked" | "notFound" | { overlaps: string[] };

/**
 * Takes the car out of service for the days given, refused (naming the bookings) while a booking
 * that holds the car overlaps them: an unexpired hold or any other blocking status.
 */
export async function blockCar(
  user: StaffUser,
  carId: number,
  values: CarBlockValues,
  now = new Date(),
): Promise<BlockOutcome> {
  if (!isRowId(carId)) return "notFound";
  const { startsAt, endsAt } = blockRange(values.from, values.to);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const car = await lockCar(tx, user, carId);
    if (!car) return "notFound" as const;
    const overlapping = await tx
      .select({ reference: bookings.reference })
      .from(bookings)
      .where(
        and(
          eq(bookings.carId, carId),
          inArray(bookings.status, [...blockingStatuses]),
          or(ne(bookings.status, "void"), gt(bookings.holdExpiresAt, now)),
          lt(bookings.startsAt, endsAt),
          gt(bookings.endsAt, startsAt),
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.id));
    if (overlapping.length > 0) return { overlaps: overlapping.map((row) => row.reference) };
    const values_ = { carId, startsAt, endsAt, reason: values.reason, note: values.note || null, createdBy: user.id };
    const [block] = await tx.insert(carBlocks).values(values_).returning({ id: carBlocks.id });
    await recordAudit(tx, user, {
      action: "car.block",
      subjectType: "car",
      subjectId: carId,
      supplierId: car.supplierId,
      changes: createdFields({ blockId: block.id, startsAt, endsAt, reason: values.reason, note: values_.note }),
    });
    return "blocked" as const;
  });
}

/** Puts the car back in service for a block's days: the block is deleted, the audit keeps it. */
export async function unblockCar(user: StaffUser, carId: number, blockId: number): Promise<"removed" | "notFound"> {
  if (!isRowId(carId) || !isRowId(blockId)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const car = await lockCar(tx, user, carId);
    if (!car) return "notFound" as const;
    const [removed] = await tx
      .delete(carBlocks)
      .where(and(eq(carBlocks.id, blockId), eq(carBlocks.carId, carId)))
      .returning();
    if (!removed) return "notFound" as const;
    await recordAudit(tx, user, {
      action: "car.unblock",
      subjectType: "car",
      subjectId: carId,
      supplierId: car.supplierId,
      changes: {
        blockId: [removed.id, null],
        startsAt: [removed.startsAt, null],
        endsAt: [removed.endsAt, null],
        reason: [removed.reason, null],
      },
    });
    return "removed" as const;
  });
}
