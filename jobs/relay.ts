import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getEnv } from "../config/env";
import { getDb } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import { runJob } from "./handlers";
import {
  backoffType,
  handlerTimeoutMs,
  jobs,
  relayedTimeoutMs,
  retryDelayMs,
  retryPolicy,
  schedules,
  type JobName,
  type RetryPolicy,
} from "./queues";
import { onRelayKick } from "./relay-signal";
import { withTimeout } from "./timeout";
import { errorMessage, logError } from "../log/error-log";
import { log } from "../log/logger.server";

const POLL_MS = 500;
const BATCH = 20;
/**
 * A claimed row is invisible to other relays for this long; a crash mid-job frees it
 * after. It must outlast the handler timeout, or a slow attempt would run twice at once.
 */
const LEASE_MS = 5 * 60 * 1000;

/**
 * Takes up to a batch of `status` rows whose `run_after` has come, pushing it `hideMs` ahead (and
 * setting `more`) in the same statement, so no other relay takes them meanwhile.
 */
async function claimDue(
  status: "pending" | "relayed",
  hideMs: number,
  more: { attempts?: SQL } = {},
): Promise<OutboxRow[]> {
  const db = await getDb();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, status), lte(outbox.runAfter, sql`now()`)))
    .orderBy(outbox.id)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ ...more, runAfter: new Date(Date.now() + hideMs) })
    .where(inArray(outbox.id, due))
    .returning();
}

/** Takes due rows, pushing their next visibility past the lease so only this relay works them. */
const claim = () => claimDue("pending", LEASE_MS, { attempts: sql`${outbox.attempts} + 1` });

/**
 * Takes `relayed` rows whose hand-over timeout has passed (their `run_after`), pushing it one
 * timeout further so only this relay asks Redis about them now (docs/architecture.md#outbox).
 */
const claimOverdue = (timeoutMs: number) => claimDue("relayed", timeoutMs);

/**
 * The relay's BullMQ queues on its connection, made on first use. BullMQ leaves a queue whose
 * first exchange with Redis failed (Redis went away as it was made) refusing every job for good,
 * even after Redis returns: such a queue is dropped, so the next attempt makes a fresh one.
 */
export function bullQueues(connection: Redis) {
  const queues = new Map<string, Queue>();
  return {
    get(name: string): Queue {
      const known = queues.get(name);
      if (known) return known;
      const queue = new Queue(name, { connection });
      queue.on("error", () => {});
      queue.waitUntilReady().catch(() => {
        if (queues.get(name) === queue) queues.delete(name);
        queue.close().catch(() => {});
      });
      queues.set(name, queue);
      return queue;
    },
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}

export type RelayOptions = {
  /** Unset: REDIS_URL from the environment; empty: run jobs in this process. */
  redisUrl?: string;
  /** Also run the recurring jobs here when jobs go to Redis (a worker normally schedules them). */
  inlineSchedules?: boolean;
  retryPolicy?: RetryPolicy;
  handlerTimeoutMs?: number;
  /** How long a `relayed` row may stay unfinished before Redis is asked about its job (`relayedTimeoutMs`). */
  relayedTimeoutMs?: number;
};

export type Relay = { stop: () => Promise<void>; redisHealthy: () => Promise<boolean>; drain: () => Promise<void> };

/**
 * Moves outbox rows to BullMQ when REDIS_URL is set, or runs their handlers in this
 * process otherwise (docs/architecture.md#outbox). Either way a row leaves `pending`
 * only once the job is safely handed over or finished; failures retry with capped
 * exponential backoff, and the row ends `done` or `failed` with its reason.
 */
export function startRelay(options: RelayOptions = {}): Relay {
  const redisUrl = options.redisUrl ?? getEnv().REDIS_URL;
  const policy = options.retryPolicy ?? retryPolicy;
  const timeoutMs = options.handlerTimeoutMs ?? handlerTimeoutMs;
  const overdueMs = options.relayedTimeoutMs ?? relayedTimeoutMs;
  // Producers fail fast while Redis is away, so rows simply stay in the outbox until it returns.
  const connection = redisUrl
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  connection?.on("error", () => {});
  const queues = connection ? bullQueues(connection) : null;

  async function runInline(row: OutboxRow) {
    const db = await getDb();
    try {
      await runJob(row.jobName, row.payload, { jobId: row.jobId, attempt: row.attempts }, timeoutMs);
    } catch (error) {
      // The log and outbox.last_error (shown to admins) never carry a failed query's values.
      const message = errorMessage(error);
      log().error({ op: "job", job: row.jobName, jobId: row.jobId, attempt: row.attempts }, `job failed: ${message}`);
      const final = row.attempts >= policy.attempts || (error instanceof Error && error.name === "UnrecoverableError");
      await db
        .update(outbox)
        .set(
          final
            ? { status: "failed", lastError: message, processedAt: new Date() }
            : { lastError: message, runAfter: new Date(Date.now() + retryDelayMs(row.attempts, policy)) },
        )
        .where(eq(outbox.id, row.id));
      return;
    }
    await db
      .update(outbox)
      .set({ status: "done", processedAt: new Date(), lastError: null })
      .where(eq(outbox.id, row.id));
  }

  async function relayToRedis(row: OutboxRow) {
    const name = row.jobName as JobName;
    const db = await getDb();
    try {
      // Known to be away: the row waits at once, without making a queue or waiting 3 s on one.
      if (connection!.status !== "ready") throw new Error(`Redis is not connected (${connection!.status})`);
      await withTimeout(
        queues!.get(jobs[name].queue).add(name, row.payload, {
          jobId: row.jobId,
          attempts: policy.attempts,
          backoff: { type: backoffType },
          removeOnComplete: { age: 7 * 24 * 3600 },
          // The outbox row records the failure (jobs/workers.ts); dropping the job at
          // once lets a re-send add the same job id again instead of being ignored.
          removeOnFail: true,
        }),
        3000,
        "handing the job to Redis",
      );
    } catch (error) {
      // Redis being away is not the job's fault: try again soon without using up attempts.
      await db
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} - 1`,
          runAfter: new Date(Date.now() + 1000),
          lastError: errorMessage(error),
        })
        .where(eq(outbox.id, row.id));
      return;
    }
    // Only a row still pending: a fast worker may already have recorded the outcome. It is
    // done only once the worker says so; until then `run_after` is when to check on it.
    await db
      .update(outbox)
      .set({ status: "relayed", processedAt: new Date(), lastError: null, runAfter: new Date(Date.now() + overdueMs) })
      .where(and(eq(outbox.id, row.id), eq(outbox.status, "pending")));
  }

  /**
   * A `relayed` row unfinished after the timeout: its job is asked about in Redis. Gone (Redis
   * lost its data) → the row is pending again and the job is handed over anew under the same id;
   * completed (the worker could not record it) → the row is done; anything else → still on its
   * way, asked again after another timeout. Redis away → nothing is decided.
   */
  async function reconcile(row: OutboxRow) {
    const db = await getDb();
    const stillRelayed = and(eq(outbox.id, row.id), eq(outbox.status, "relayed"));
    let state: string;
    try {
      if (connection!.status !== "ready") throw new Error(`Redis is not connected (${connection!.status})`);
      state = await withTimeout(
        queues!.get(jobs[row.jobName as JobName].queue).getJobState(row.jobId),
        3000,
        "asking Redis about a job",
      );
    } catch {
      await db
        .update(outbox)
        .set({ runAfter: new Date(Date.now() + 1000) })
        .where(stillRelayed);
      return;
    }
    if (state === "unknown") {
      log().warn(
        { op: "relay", job: row.jobName, jobId: row.jobId },
        "job was handed to Redis but Redis no longer has it: handing it over again",
      );
      await db
        .update(outbox)
        .set({
          status: "pending",
          runAfter: sql`now()`,
          processedAt: null,
          lastError: "Redis lost the job; handed over again",
        })
        .where(stillRelayed);
    } else if (state === "completed") {
      await db.update(outbox).set({ status: "done", processedAt: new Date(), lastError: null }).where(stillRelayed);
    }
  }

  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function tick() {
    const rows = await claim();
    for (const row of rows) await (connection ? relayToRedis(row) : runInline(row));
    // Redis away: the overdue rows wait, their hand-over timeout untouched, until it returns.
    const overdue = connection?.status === "ready" ? await claimOverdue(overdueMs) : [];
    for (const row of overdue) await reconcile(row);
    return rows.length + overdue.length;
  }

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, delay);
  }

  function run() {
    if (running || stopped) return;
    running = (async () => {
      let processed = 0;
      try {
        processed = await tick();
      } catch (error) {
        logError("jobs relay", error);
      } finally {
        running = null;
        schedule(processed >= BATCH ? 0 : POLL_MS);
      }
    })();
  }

  onRelayKick(() => (running ? undefined : run()));

  // Back after losing Redis, which may have come back empty: every relayed row is asked
  // about now rather than after its timeout (docs/architecture.md#outbox).
  let connectedBefore = false;
  let lost = false;
  connection?.on("close", () => {
    if (connectedBefore && !lost && !stopped)
      log().warn({ op: "relay" }, "Redis connection lost: jobs wait in the outbox until it returns");
    lost = true;
  });
  connection?.on("ready", () => {
    lost = false;
    if (!connectedBefore) return void (connectedBefore = true);
    log().warn({ op: "relay" }, "Redis is back: checking the jobs handed to it");
    getDb()
      .then((db) =>
        db
          .update(outbox)
          .set({ runAfter: sql`now()` })
          .where(eq(outbox.status, "relayed")),
      )
      .then(() => (running ? undefined : run()))
      .catch((error) => logError("jobs relay checking after Redis returned", error));
  });
  schedule(0);

  const intervals =
    !connection || options.inlineSchedules
      ? schedules.map(({ name, everyMs }) =>
          setInterval(() => {
            runJob(name, {}, { jobId: `${name}-${Date.now()}`, attempt: 1 }, timeoutMs).catch((e) =>
              logError(`jobs ${name}`, e),
            );
          }, everyMs),
        )
      : [];

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      intervals.forEach(clearInterval);
      await running;
      await queues?.close();
      connection?.disconnect();
    },
    async redisHealthy() {
      if (!connection) return true;
      try {
        return (await withTimeout(connection.ping(), 1000, "Redis ping")) === "PONG";
      } catch {
        return false;
      }
    },
    /**
     * Processes everything due now; used by tests and scripts. It runs alone: a run of the
     * relay's own started meanwhile could lease rows this loop then skips, and drain would
     * return before they were done.
     */
    async drain() {
      while (running) await running;
      const draining = (async () => {
        while ((await tick()) > 0);
      })();
      running = draining;
      try {
        await draining;
      } finally {
        running = null;
        schedule(POLL_MS);
      }
    },
  };
}
