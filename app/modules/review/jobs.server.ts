import { provideHandlers } from "~/utils/jobs.server";
import { publishClosedWindows } from "./publish.server";
import { sendReviewReminders } from "./reminder.server";

/**
 * The reviews' scheduled jobs (docs/domain.md#reviews): what is still blind when its window after
 * the return has closed publishes, and a driver who has not reviewed is reminded once before. Idempotent sweeps, provided to the job runner by each process
 * entry like the booking's and the payments' jobs.
 */
export function provideReviewJobs() {
  provideHandlers({
    "publish-reviews": async () => {
      await publishClosedWindows();
    },
    // The one reminder before a window closes (docs/domain.md#reviews).
    "send-review-reminders": async () => {
      await sendReviewReminders();
    },
  });
}
