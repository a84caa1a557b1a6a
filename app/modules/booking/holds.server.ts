import { and, eq, lte } from "drizzle-orm";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { moveBooking } from "./move.server";

const { bookings } = schema;

/** Holds ended per transaction of the sweep, so one run never holds many row locks for long. */
const SWEEP_BATCH = 200;

/**
 * docs/domain.md#availability: a `void` booking holds its car until `hold_expires_at`, but the
 * exclusion constraint cannot read the clock, so an expired hold keeps blocking until it is moved
 * to `cancelled` — through the status door, with its history row like any other move. Checkout
 * ends the car's own expired holds first (`carId`); the minute sweep ends the rest. Rows another
 * transaction holds are skipped (a payment settling them decides), so the sweep never waits.
 */
export async function endExpiredHolds(
  tx: Transaction,
  now: Date,
  { carId, limit = SWEEP_BATCH }: { carId?: number; limit?: number } = {},
): Promise<number> {
  const expired = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.status, "void"),
        lte(bookings.holdExpiresAt, now),
        carId === undefined ? undefined : eq(bookings.carId, carId),
      ),
    )
    .limit(limit)
    .for("update", { skipLocked: true });
  let ended = 0;
  for (const hold of expired) {
    const moved = await moveBooking(tx, hold, "cancelled", { kind: "system" }, { note: "hold expired", now });
    if (moved.ok) ended++;
  }
  return ended;
}

/** The `expire-holds` job (every minute): batches until no expired hold is left. Safe to repeat. */
export async function sweepExpiredHolds(now = new Date()): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const ended = await db.transaction((tx) => endExpiredHolds(tx, now));
    total += ended;
    if (ended < SWEEP_BATCH) return total;
  }
}
