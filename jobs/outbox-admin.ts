import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "../db/client";
import { outbox } from "../db/schema";
import { relayedTimeoutMs } from "./queues";
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
  createdAt: Date;
  failedAt: Date | null;
};

/**
 * Failed jobs, most recent first, for admins to look at and re-send (docs/operations.md#outbox):
 * every one, or one page of them (`/admin/outbox`).
 */
export async function listFailed(page?: { limit: number; offset: number }, executor?: Executor): Promise<FailedJob[]> {
  const db = executor ?? (await getDb());
  const query = db
    .select({
      id: outbox.id,
      jobId: outbox.jobId,
      jobName: outbox.jobName,
      // Only these two fields: an email's payload also holds its whole HTML.
      template: sql<string | null>`${outbox.payload} ->> 'template'`,
      recipients: sql<string[] | null>`${outbox.payload} -> 'to'`,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      createdAt: outbox.createdAt,
      failedAt: outbox.processedAt,
    })
    .from(outbox)
    .where(eq(outbox.status, "failed"))
    .orderBy(desc(outbox.processedAt), desc(outbox.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/**
 * How many jobs failed for good, how many wait to run — still in the outbox (`pending`) or handed
 * to BullMQ and not finished yet (`relayed`) — and how many of the latter are overdue
 * (overdueCondition below), so a loss with Redis's data shows instead of passing for "waiting".
 */
export async function outboxCounts(
  executor?: Executor,
): Promise<{ pending: number; failed: number; waiting: number; overdue: number }> {
  const db = executor ?? (await getDb());
  const counted = (condition: SQL | undefined) =>
    sql<number>`(count(*) filter (where ${condition}))::int`.mapWith(Number);
  const [row] = await db
    .select({
      pending: counted(eq(outbox.status, "pending")),
      relayed: counted(eq(outbox.status, "relayed")),
      failed: counted(eq(outbox.status, "failed")),
      overdue: counted(overdueCondition()),
    })
    .from(outbox)
    .where(inArray(outbox.status, ["pending", "relayed", "failed"]));
  return { pending: row.pending, failed: row.failed, waiting: row.pending + row.relayed, overdue: row.overdue };
}

/** One row of `outboxByJob`: a job name and state, how many rows, how many overdue, and the oldest's age. */
export type OutboxGroup = { job: string; status: string; count: number; overdue: number; oldestSeconds: number | null };

/**
 * The outbox by job name and state, for /metrics (docs/operations.md#metrics): `done` and `failed`
 * are job outcomes wherever the job ran (a worker, or a web process without Redis), `pending` and
 * `relayed` the backlog. One pass over the table, so a scrape costs one query.
 */
export async function outboxByJob(executor?: Executor): Promise<OutboxGroup[]> {
  const db = executor ?? (await getDb());
  return db
    .select({
      job: outbox.jobName,
      status: outbox.status,
      count: sql<number>`count(*)::int`.mapWith(Number),
      overdue: sql<number>`(count(*) filter (where ${overdueCondition()}))::int`.mapWith(Number),
      oldestSeconds: sql<number | null>`extract(epoch from now() - min(${outbox.createdAt}))::float8`.mapWith(
        (value) => (value === null ? null : Number(value)),
      ),
    })
    .from(outbox)
    .groupBy(outbox.jobName, outbox.status);
}

/**
 * Jobs handed to BullMQ (`relayed`) longer than `relayedTimeoutMs` ago and still not finished:
 * retrying for a long time, or lost with Redis's data and not yet handed over again because no
 * relay can reach Redis (docs/operations.md#outbox). Either way worth an operator's look.
 */
export function overdueCondition() {
  return and(
    eq(outbox.status, "relayed"),
    lt(outbox.processedAt, sql`now() - make_interval(secs => ${relayedTimeoutMs / 1000})`),
  );
}

/**
 * Puts failed jobs back in the outbox with fresh attempts; the relay then runs them or
 * hands them to BullMQ as if they were new, under the same job id (so an email keeps its
 * idempotency key and its stored content). Only failed rows move, so naming a pending or
 * delivered job sends nothing twice. Returns the ids that were re-queued. `executor` lets a
 * caller re-send inside its own transaction (the back office records who did it there).
 */
export async function resend(which: number[] | "all-failed", executor?: Executor): Promise<number[]> {
  if (which !== "all-failed" && which.length === 0) return [];
  const db = executor ?? (await getDb());
  const failed = eq(outbox.status, "failed");
  const rows = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, runAfter: sql`now()`, lastError: null, processedAt: null })
    .where(which === "all-failed" ? failed : and(failed, inArray(outbox.id, which)))
    .returning({ id: outbox.id });
  if (rows.length) kickRelay();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
