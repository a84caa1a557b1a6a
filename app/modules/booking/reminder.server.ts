import { and, asc, eq, gt, inArray, lte, ne, notExists, sql } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { bookingDetailIn } from "./booking-detail.server";
import { tripAndVoucher } from "./confirmation.server";
import { liveStatuses } from "./status";

const { bookings, outbox, users } = schema;

const HOUR = 3_600_000;

/** A pick-up this close (or closer) gets no reminder: the confirmation has just said it all (docs/domain.md#reminder). */
const REMINDER_NEAREST_MS = 2 * HOUR;
/** A pick-up this far away (or closer) is reminded (docs/domain.md#reminder). */
const REMINDER_AHEAD_MS = 24 * HOUR;

/** Reminders written per round of the sweep. */
const SWEEP_BATCH = 100;

/** A booking's reminder is the outbox job `pickup-reminder-<booking>`: one per booking, however often the sweep runs. */
const JOB_PREFIX = "pickup-reminder-";

/**
 * Writes the pick-up reminder of one booking to the outbox (docs/domain.md#reminder): the trip,
 * the booking page's link and the voucher (its QR code inline), in the driver's language.
 */
async function enqueuePickupReminder(executor: Executor, bookingId: number): Promise<boolean> {
  const detail = await bookingDetailIn(executor, bookingId);
  if (!detail) return false;
  const language = languageOrDefault(detail.driver.language);
  const { data, qr } = await tripAndVoucher(detail, language);
  await enqueueEmail(
    executor,
    { template: "pickup-reminder", to: [detail.driver.email], language, data, attachments: [qr] },
    `${JOB_PREFIX}${bookingId}`,
  );
  return true;
}

/**
 * The `send-pickup-reminders` job (every 15 minutes, docs/domain.md#reminder): each live booking
 * whose pick-up is more than 2 hours and at most 24 hours away, whose driver's account is not
 * deleted and that has no reminder yet, gets one. The outbox keeps each booking's under
 * `pickup-reminder-<booking>`, so a booking is never reminded twice; the sweep only renders the
 * ones not yet written. Returns how many it wrote.
 */
export async function sendPickupReminders(now = new Date()): Promise<number> {
  const db = await getDb();
  let total = 0;
  for (;;) {
    const due = await db
      .select({ id: bookings.id })
      .from(bookings)
      .innerJoin(users, eq(users.id, bookings.driverId))
      .where(
        and(
          inArray(bookings.status, [...liveStatuses]),
          gt(bookings.startsAt, new Date(now.getTime() + REMINDER_NEAREST_MS)),
          lte(bookings.startsAt, new Date(now.getTime() + REMINDER_AHEAD_MS)),
          ne(users.status, "deleted"),
          notExists(
            db
              .select({ one: sql`1` })
              .from(outbox)
              .where(eq(outbox.jobId, sql`${JOB_PREFIX}::text || ${bookings.id}::text`)),
          ),
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(SWEEP_BATCH);
    let written = 0;
    for (const { id } of due) if (await enqueuePickupReminder(db, id)) written++;
    total += written;
    if (due.length < SWEEP_BATCH || written === 0) return total;
  }
}
