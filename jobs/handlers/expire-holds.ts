import { and, eq, lte } from "drizzle-orm";
import { getDb } from "../../db/client";
import { bookings } from "../../db/schema";

/**
 * docs/domain.md#availability: a `void` booking holds its car until `hold_expires_at`, but the
 * exclusion constraint cannot read the clock, so an expired hold keeps blocking until it is
 * moved to `cancelled`. Checkout cancels the car's own expired holds; this sweeps the rest.
 * Safe to repeat: a cancelled hold no longer matches.
 */
export async function cancelExpiredHolds(now = new Date()): Promise<number> {
  const db = await getDb();
  const cancelled = await db
    .update(bookings)
    .set({ status: "cancelled", updatedAt: now })
    .where(and(eq(bookings.status, "void"), lte(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  return cancelled.length;
}

export async function expireHolds() {
  await cancelExpiredHolds();
}
