import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { PayableBooking } from "./payable.server";
import { ATTEMPT_GRACE_MS, USDT_UNITS_PER_CENT, usdtUnits } from "./tron";

const { bookings, usdtAttempts } = schema;

/** How long the amount a page shows may be sent. */
export const ATTEMPT_MS = 30 * 60 * 1000;
/** A page reuses its booking's attempt only while this much of it is left, so the payer has time to send. */
const REUSE_MIN_MS = 10 * 60 * 1000;
/** Tags are 1..9,999 micro-USDT: the payer sends less than a cent over the balance, and what is credited is the balance. */
const MAX_TAG = 9_999;
/** Random tags tried before giving up: only thousands of running attempts for one balance exhaust them. */
const TAG_TRIES = 40;
export type UsdtAttempt = {
  id: number;
  balanceCents: number;
  amountUnits: bigint;
  amount: string;
  openedAt: Date;
  expiresAt: Date;
};

const presentAttempt = (row: typeof usdtAttempts.$inferSelect): UsdtAttempt => ({
  id: row.id,
  balanceCents: row.balanceCents,
  amountUnits: row.amountUnits,
  amount: usdtUnits(row.amountUnits),
  openedAt: row.openedAt,
  expiresAt: row.expiresAt,
});

/**
 * Every tag for this balance is held by a running attempt (docs/domain.md#usdt): thousands of
 * payers of the same amount at once, which passes as their windows end. Not a fault: the page and
 * the API say "try again in a few minutes" (409).
 */
export class UsdtTagsInUse extends Error {
  name = "UsdtTagsInUse";
}

/**
 * The attempt a booking's page (or the API) shows (docs/domain.md#usdt): the running one for the
 * booking's current balance while at least REUSE_MIN_MS of it is left, else a new one with a
 * random tag. The partial unique index refuses an amount another unreleased attempt holds, so a
 * taken tag is simply drawn again. Attempts whose window and grace are over are released first,
 * which is the only moment an amount can be given twice — never to overlapping windows. Throws
 * UsdtTagsInUse when no tag is free (see usdtAttemptOrBusy).
 */
export async function openUsdtAttempt(
  booking: Pick<PayableBooking, "id" | "balanceCents">,
  now = new Date(),
): Promise<UsdtAttempt> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One page at a time per booking, so two tabs opening together share one attempt.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for("update");
    const [running] = await tx
      .select()
      .from(usdtAttempts)
      .where(
        and(
          eq(usdtAttempts.bookingId, booking.id),
          eq(usdtAttempts.balanceCents, booking.balanceCents),
          gt(usdtAttempts.expiresAt, new Date(now.getTime() + REUSE_MIN_MS)),
        ),
      )
      .orderBy(desc(usdtAttempts.id))
      .limit(1);
    if (running) return presentAttempt(running);
    await tx
      .update(usdtAttempts)
      .set({ releasedAt: now })
      .where(
        and(isNull(usdtAttempts.releasedAt), lt(usdtAttempts.expiresAt, new Date(now.getTime() - ATTEMPT_GRACE_MS))),
      );
    for (let i = 0; i < TAG_TRIES; i++) {
      const [row] = await tx
        .insert(usdtAttempts)
        .values({
          bookingId: booking.id,
          balanceCents: booking.balanceCents,
          amountUnits: BigInt(booking.balanceCents) * USDT_UNITS_PER_CENT + BigInt(randomInt(1, MAX_TAG + 1)),
          openedAt: now,
          expiresAt: new Date(now.getTime() + ATTEMPT_MS),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return presentAttempt(row);
    }
    throw new UsdtTagsInUse(`No free USDT tag for a balance of ${booking.balanceCents} cents`);
  });
}

/** openUsdtAttempt for the page and the API: `busy` when every tag of the balance is in use right now. */
export async function usdtAttemptOrBusy(
  booking: Pick<PayableBooking, "id" | "balanceCents">,
  now = new Date(),
): Promise<UsdtAttempt | "busy"> {
  try {
    return await openUsdtAttempt(booking, now);
  } catch (error) {
    if (error instanceof UsdtTagsInUse) return "busy";
    throw error;
  }
}
