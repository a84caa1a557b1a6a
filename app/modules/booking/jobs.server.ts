import { provideHandlers } from "~/utils/jobs.server";
import { sweepExpiredHolds } from "./holds.server";
import { sendPickupReminders } from "./reminder.server";
import { releaseUnprovenBookings } from "./unproven-holds.server";

/**
 * The booking's own scheduled jobs (docs/architecture.md#layers): each ends or reminds through the
 * booking's rules and its status door, which the web process runs too, so the handlers live here and
 * each process entry provides them to the job runner. All are idempotent sweeps: a retried or
 * redelivered run changes nothing more.
 */
export function provideBookingJobs() {
  provideHandlers({
    // Holds end through the booking status door, which lives with the domain (docs/domain.md#availability).
    "expire-holds": async () => {
      await sweepExpiredHolds();
    },
    // So do unproven visitors' pay-later bookings past their 2 hours (docs/domain.md#unproven-holds).
    "release-unproven-bookings": async () => {
      await releaseUnprovenBookings();
    },
    // A booking's reminder reads its details as the confirmation does (docs/domain.md#reminder).
    "send-pickup-reminders": async () => {
      await sendPickupReminders();
    },
  });
}
