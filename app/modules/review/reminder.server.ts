import { and, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { bookingDetailIn } from "~/modules/booking/booking-detail.server";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { notify } from "~/modules/notification/notify.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { REVIEW_WINDOW_MS, reviewWindowEnd } from "./review";

const { bookings, rentals, reviews, users } = schema;

/** The driver is reminded once, when this little of the window is left (docs/domain.md#reviews). */
const REMIND_BEFORE_MS = 3 * 86_400_000;
/** Reminders written per run of the sweep. */
const SWEEP_BATCH = 100;

/**
 * The job `send-review-reminders` (every 15 minutes, docs/domain.md#reviews): each rental whose
 * window closes within 3 days, whose driver has not reviewed it and whose account and booking are
 * not deleted, is marked reminded (`review_reminded_at`) and its driver gets a notification and an
 * email (`review-reminder-<booking>`), in their language, in one transaction: once, however often
 * the sweep runs. Returns how many it reminded.
 */
export async function sendReviewReminders(now = new Date()): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: rentals.bookingId })
      .from(rentals)
      .innerJoin(bookings, eq(bookings.id, rentals.bookingId))
      .innerJoin(users, eq(users.id, bookings.driverId))
      .where(
        and(
          isNull(rentals.reviewRemindedAt),
          isNotNull(rentals.returnedAt),
          lte(rentals.returnedAt, new Date(now.getTime() - REVIEW_WINDOW_MS + REMIND_BEFORE_MS)),
          gt(rentals.returnedAt, new Date(now.getTime() - REVIEW_WINDOW_MS)),
          sql`not exists (select 1 from ${reviews} where ${reviews.bookingId} = ${rentals.bookingId})`,
          sql`${bookings.status} <> 'deleted' and ${users.status} <> 'deleted'`,
        ),
      )
      .limit(SWEEP_BATCH)
      .for("update", { of: rentals, skipLocked: true });
    const reminded = await tx
      .update(rentals)
      .set({ reviewRemindedAt: now })
      .where(sql`${rentals.bookingId} in (${due})`)
      .returning({ bookingId: rentals.bookingId, returnedAt: rentals.returnedAt });
    for (const { bookingId, returnedAt } of reminded) {
      const detail = await bookingDetailIn(tx, bookingId);
      if (!detail || !returnedAt) continue;
      const until = wallClockLabel(reviewWindowEnd(returnedAt), detail.dropoff.timeZone);
      const values = { reference: detail.booking.reference, supplier: detail.supplier.name, until };
      await notify(tx, [
        { userId: detail.driver.id, bookingId, messageKey: "notifications:messages.reviewReminder", params: values },
      ]);
      await enqueueEmail(
        tx,
        {
          template: "review-reminder",
          to: [detail.driver.email],
          language: languageOrDefault(detail.driver.language),
          data: {
            ...values,
            fullName: detail.driver.fullName,
            link: new URL(`/booking?b=${bookingId}#review`, getEnv().APP_URL).toString(),
          },
        },
        `review-reminder-${bookingId}`,
      );
    }
    return reminded.length;
  });
}
