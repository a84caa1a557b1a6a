import { provideHandlers } from "~/utils/jobs.server";
import { publishClosedWindows } from "./publish.server";

/**
 * The reviews' scheduled job (docs/domain.md#reviews): what is still blind when its window after
 * the return has closed publishes. An idempotent sweep, provided to the job runner by each process
 * entry like the booking's and the payments' jobs.
 */
export function provideReviewJobs() {
  provideHandlers({
    "publish-reviews": async () => {
      await publishClosedWindows();
    },
  });
}
