import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { outbox } from "../db/schema";
import { kickRelay } from "./relay-signal";

/** A job that used up its retries, or failed in a way no retry can fix. */
export type FailedJob = {
  id: number;
  jobId: string;
  jobName: string;
  /** For emails: the template and the recipients; null for other jobs. */
  template: string | null;
  recipients: string[] | null;
  attempts: number;
  lastError: string | null;
  failedAt: Date | null;
};

/** Every failed job, most recent first, for admins to look at and re-send (docs/operations.md#outbox). */
export async function listFailed(): Promise<FailedJob[]> {
  const db = await getDb();
  return db
    .select({
      id: outbox.id,
      jobId: outbox.jobId,
      jobName: outbox.jobName,
      // Only these two fields: an email's payload also holds its whole HTML.
      template: sql<string | null>`${outbox.payload} ->> 'template'`,
      recipients: sql<string[] | null>`${outbox.payload} -> 'to'`,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      failedAt: outbox.processedAt,
    })
    .from(outbox)
    .where(eq(outbox.status, "failed"))
    .orderBy(desc(outbox.processedAt), desc(outbox.id));
}

/**
 * Puts failed jobs back in the outbox with fresh attempts; the relay then runs them or
 * hands them to BullMQ as if they were new, under the same job id (so an email keeps its
 * idempotency key and its stored content). Only failed rows move, so naming a pending or
 * delivered job sends nothing twice. Returns the ids that were re-queued.
 */
export async function resend(which: number[] | "all-failed"): Promise<number[]> {
  if (which !== "all-failed" && which.length === 0) return [];
  const db = await getDb();
  const failed = eq(outbox.status, "failed");
  const rows = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, runAfter: sql`now()`, lastError: null, processedAt: null })
    .where(which === "all-failed" ? failed : and(failed, inArray(outbox.id, which)))
    .returning({ id: outbox.id });
  if (rows.length) kickRelay();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
