import { pageQuery } from "~/modules/list/paging";
import { getDb } from "~/utils/db.server";
import { listFailed, outboxCounts, resend } from "~/utils/jobs.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { appWallClock } from "./audit-view";
import { recordAudit } from "~/modules/audit/audit.server";

/**
 * The admins' view of the outbox (docs/operations.md#outbox): one page of the jobs that failed for
 * good, newest first, with the reason, how many jobs are still waiting to run and how many of
 * those are overdue (handed to Redis long ago and not finished). The counts and
 * the page are read in one snapshot: the relay marks jobs failed at any moment, and a count taken
 * just before the list would say "0 failed" above a failed job.
 */
export async function failedJobsPage(requestedPage: number) {
  const db = await getDb();
  const { failed, waiting, overdue, page, jobs } = await db.transaction(
    async (tx) => {
      const counts = await outboxCounts(tx);
      const { page, offset, limit } = pageQuery(counts.failed, requestedPage);
      const jobs = await listFailed({ limit, offset }, tx);
      return { ...counts, page, jobs };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const { pages } = pageQuery(failed, page);
  return {
    failed,
    waiting,
    overdue,
    page,
    pages,
    jobs: jobs.map((job) => ({
      id: job.id,
      jobId: job.jobId,
      jobName: job.jobName,
      template: job.template,
      recipients: job.recipients ?? [],
      attempts: job.attempts,
      lastError: job.lastError ?? "",
      createdAt: appWallClock(job.createdAt),
      failedAt: job.failedAt ? appWallClock(job.failedAt) : "",
    })),
  };
}

/**
 * Re-sends failed jobs the way `npm run outbox -- resend` does (same function, same job ids, so
 * nothing already delivered goes twice), and records each re-queued job in the audit log in the
 * same transaction. Returns how many went back in line.
 */
export async function resendFailedJobs(user: Pick<StaffUser, "id">, which: number[] | "all-failed"): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const requeued = await resend(which, tx);
    for (const id of requeued) {
      await recordAudit(tx, user, {
        action: "outbox.resend",
        subjectType: "outbox",
        subjectId: id,
        changes: { status: ["failed", "pending"] },
      });
    }
    return requeued.length;
  });
}
