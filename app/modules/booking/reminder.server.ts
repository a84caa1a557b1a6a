import { and, asc, eq, gt, inArray, lte, ne, notExists, sql } from "drizzle-orm";
import { hoursOn, openingHoursOf } from "~/modules/availability/opening-hours";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { calendarDateIn } from "~/modules/time/calendar";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { bookingDetailIn } from "./booking-detail.server";
import { tripAndVoucher } from "./confirmation.server";
import { liveStatuses } from "./status";

const { bookings, locations, outbox, users } = schema;

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
 * The pick-up place's hours on the pick-up day, on its clock, as the email's values: open and
 * close, or closed that day; none when the place keeps no hours (docs/domain.md#reminder).
 */
async function pickupDayHours(
  executor: Executor,
  placeId: number,
  timeZone: string,
  startsAt: Date,
): Promise<Record<string, string | number>> {
  const [place] = await executor
    .select({
      openingHours: locations.openingHours,
      closedDates: locations.closedDates,
      outOfHoursFeeCents: locations.outOfHoursFeeCents,
    })
    .from(locations)
    .where(eq(locations.id, placeId));
  const day = place ? hoursOn(openingHoursOf(place), calendarDateIn(timeZone, startsAt)) : undefined;
  if (day === undefined) return {};
  return day ? { hoursOpen: day.open, hoursClose: day.close } : { closedThatDay: 1 };
}

/**
 * Writes the pick-up reminder of one booking to the outbox (docs/domain.md#reminder): the trip,
 * the place's hours that day, the booking page's link and the voucher (its QR code inline, what
 * to bring), in the driver's language.
 */
async function enqueuePickupReminder(executor: Executor, bookingId: number): Promise<boolean> {
  const detail = await bookingDetailIn(executor, bookingId);
  if (!detail) return false;
  const language = languageOrDefault(detail.driver.language);
  const { data, qr } = await tripAndVoucher(detail, language);
  const hours = await pickupDayHours(executor, detail.pickup.id, detail.pickup.timeZone, detail.booking.startsAt);
  await enqueueEmail(
    executor,
    {
      template: "pickup-reminder",
      to: [detail.driver.email],
      language,
      data: { ...data, ...hours },
      attachments: [qr],
    },
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
