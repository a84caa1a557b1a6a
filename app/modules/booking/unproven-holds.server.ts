import { and, eq, inArray, lte, notExists, sql } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { getDb, schema, type Transaction } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { bookingDetailIn } from "./booking-detail.server";
import { tripOf } from "./confirmation.server";
import { moveBooking } from "./move.server";

const { bookings, payments, users } = schema;

/**
 * How long a visitor's pay-later booking holds its car while nobody has proven the address it was
 * made with (docs/domain.md#unproven-holds).
 */
export const UNPROVEN_HOLD_HOURS = 2;

/** The history's reason for the release. */
export const RELEASE_NOTE = `address not proven within ${UNPROVEN_HOLD_HOURS} hours`;

/** Bookings released per transaction of the sweep, so one run never holds many row locks for long. */
const SWEEP_BATCH = 100;

/** The deadline stored on a visitor's pay-later booking made at `now`. */
export const unprovenReleaseAt = (now: Date) => new Date(now.getTime() + UNPROVEN_HOLD_HOURS * 3_600_000);

/**
 * Tells the visitor, in their language, that the booking was released and how to book again. One
 * email per booking: the outbox keeps it under `booking-released-<booking>`.
 */
async function tellReleased(tx: Transaction, bookingId: number) {
  const detail = await bookingDetailIn(tx, bookingId);
  if (!detail) return;
  const language = languageOrDefault(detail.driver.language);
  await enqueueEmail(
    tx,
    {
      template: "booking-released",
      to: [detail.driver.email],
      language,
      data: {
        ...tripOf(detail, language),
        hours: UNPROVEN_HOLD_HOURS,
        // Where an unproven account asks for a new activation link, and an activated one signs in.
        link: new URL("/sign-in", getEnv().APP_URL).toString(),
      },
    },
    `booking-released-${bookingId}`,
  );
}

/**
 * One batch of the sweep: the `pending` bookings past their deadline whose driver has not
 * activated the account and that have no payment succeeded or in flight are cancelled through the
 * status door (history reason `RELEASE_NOTE`; staff are told as of any cancellation) and the
 * visitor is emailed. Rows another transaction holds are skipped (a payment or a staff move
 * decides), and a booking the door refuses (its car was picked up) loses its deadline, so the
 * sweep never meets it again.
 */
async function releaseBatch(tx: Transaction, now: Date): Promise<{ seen: number; released: number }> {
  const due = await tx
    .select({ booking: bookings })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        eq(bookings.status, "pending"),
        lte(bookings.unprovenReleaseAt, now),
        eq(users.activated, false),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.bookingId, bookings.id), inArray(payments.status, ["pending", "succeeded"]))),
        ),
      ),
    )
    .limit(SWEEP_BATCH)
    .for("update", { of: bookings, skipLocked: true });
  let released = 0;
  for (const { booking } of due) {
    const moved = await moveBooking(tx, booking, "cancelled", { kind: "system" }, { note: RELEASE_NOTE, now });
    if (moved.ok) {
      await tellReleased(tx, booking.id);
      released++;
    } else {
      await tx.update(bookings).set({ unprovenReleaseAt: null }).where(eq(bookings.id, booking.id));
    }
  }
  return { seen: due.length, released };
}

/**
 * The `release-unproven-bookings` job (every minute, docs/domain.md#unproven-holds): batches until
 * no due booking is left. Idempotent: a released booking is `cancelled` and no longer due, and its
 * email has a fixed job id, so a repeated or redelivered run changes nothing more. A missed run
 * (Redis restarting) is made up by the next, which compares the stored deadlines with its clock.
 */
export async function releaseUnprovenBookings(now = new Date()): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const { seen, released } = await db.transaction((tx) => releaseBatch(tx, now));
    total += released;
    if (seen < SWEEP_BATCH) return total;
  }
}
