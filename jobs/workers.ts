import { Queue, Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "../db/client";
import { outbox } from "../db/schema";
import { runJob } from "./handlers";
import {
  handlerTimeoutMs,
  jobs,
  queueNames,
  retryDelayMs,
  retryPolicy,
  schedules as recurring,
  type JobName,
  type RetryPolicy,
} from "./queues";
import { errorMessage, logError } from "../log/error-log";
import { log } from "../log/logger.server";

/** Rows the worker may still write to; a row back in `pending` was re-sent meanwhile. */
const inFlight = inArray(outbox.status, ["pending", "relayed"]);

async function recordDone(job: Job) {
  if (!job.id) return;
  const db = await getDb();
  await db
    .update(outbox)
    .set({ status: "done", attempts: job.attemptsMade + 1, lastError: null, processedAt: new Date() })
    .where(and(eq(outbox.jobId, job.id), inFlight));
}

/** The waits between tries of recording a finished job, e.g. while PostgreSQL restarts. */
const RECORD_RETRY_MS = [250, 1000, 4000];

/**
 * Records a job whose work is done without ever failing it: a failed job would be retried and
 * its effect (an email) repeated. If the database stays unreachable the job still completes in
 * BullMQ, and the relay's check of overdue rows marks its row done (docs/architecture.md#outbox).
 */
async function recordDoneOrLeave(job: Job) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await recordDone(job);
    } catch (error) {
      if (attempt >= RECORD_RETRY_MS.length)
        return logError(`worker recording ${job.id} as done (left to the relay's check)`, error);
      await new Promise((resolve) => setTimeout(resolve, RECORD_RETRY_MS[attempt]));
    }
  }
}

/**
 * Called after BullMQ has moved the job on, so when the row says `failed` the job is
 * already gone from Redis (`removeOnFail`) and a re-send can add the same id again.
 */
async function recordFailure(job: Job, error: Error) {
  if (!job.id) return;
  const final = error.name === "UnrecoverableError" || job.attemptsMade >= (job.opts.attempts ?? 1);
  const db = await getDb();
  await db
    .update(outbox)
    .set({
      attempts: job.attemptsMade,
      lastError: errorMessage(error),
      ...(final ? { status: "failed", processedAt: new Date() } : {}),
    })
    .where(and(eq(outbox.jobId, job.id), inFlight));
}

export type WorkerOptions = {
  /** The waits between attempts; how many attempts a job gets travels with it, set by the relay. */
  retryPolicy?: RetryPolicy;
  handlerTimeoutMs?: number;
};

/** One BullMQ worker per queue, running the same handlers the in-process relay runs. */
export function startWorkers(connection: Redis, options: WorkerOptions = {}): Worker[] {
  const policy = options.retryPolicy ?? retryPolicy;
  const timeoutMs = options.handlerTimeoutMs ?? handlerTimeoutMs;
  async function processJob(job: Job) {
    // A timed-out attempt rejects here, which frees this worker slot for the next job.
    await runJob(
      job.name,
      job.data,
      { jobId: job.id ?? `${job.name}-${job.timestamp}`, attempt: job.attemptsMade + 1 },
      timeoutMs,
    );
    await recordDoneOrLeave(job);
  }
  return queueNames.map((queue) => {
    const worker = new Worker(queue, processJob, {
      connection,
      concurrency: queue === "email" ? 2 : 1,
      // Resend allows two requests a second per team.
      ...(queue === "email" ? { limiter: { max: 2, duration: 1000 } } : {}),
      // The relay adds jobs with the `backoffType` backoff: this is its schedule.
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade, policy) },
    });
    worker.on("failed", (job, error) => {
      log().error(
        { op: "job", job: job?.name, jobId: job?.id, attempt: job?.attemptsMade },
        `job failed: ${errorMessage(error)}`,
      );
      if (job) recordFailure(job, error).catch((e) => logError(`worker recording the failure of ${job.id}`, e));
    });
    worker.on("error", () => {});
    return worker;
  });
}

export type ScheduleOptions = {
  schedules?: Array<{ name: JobName; everyMs: number }>;
  /** How often the schedules are looked for in Redis, which may have been emptied without a reconnect. */
  checkEveryMs?: number;
};

/**
 * Registers the recurring jobs (`schedules` in jobs/queues.ts) in Redis, and again those Redis
 * lost: looked for on every reconnection of `connection` and periodically, since Redis may be
 * emptied without a reconnect (docs/architecture.md#outbox). Each schedule has a stable id, so
 * registering one twice never duplicates it.
 * `ready` settles once the first registration is done.
 */
export function keepSchedules(connection: Redis, options: ScheduleOptions = {}) {
  const wanted = options.schedules ?? recurring;
  const queues = new Map(wanted.map(({ name }) => [name, new Queue(jobs[name].queue, { connection })]));
  for (const queue of queues.values()) queue.on("error", () => {});
  const register = async (only?: (name: JobName) => Promise<boolean>) => {
    for (const { name, everyMs } of wanted) {
      if (only && !(await only(name))) continue;
      await queues.get(name)!.upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
    }
  };
  const missing = async (name: JobName) => (await queues.get(name)!.getJobScheduler(name)) === undefined;
  // The first connection is covered by `ready` below; every later one may find Redis emptied.
  let connectedBefore = connection.status === "ready";
  const onReady = () => {
    if (!connectedBefore) return void (connectedBefore = true);
    register(missing).catch((e) => logError("worker registering the recurring jobs", e));
  };
  connection.on("ready", onReady);
  const timer = setInterval(() => {
    if (connection.status !== "ready") return;
    register(missing).catch((e) => logError("worker checking the recurring jobs", e));
  }, options.checkEveryMs ?? 60_000);
  return {
    ready: register(),
    async stop() {
      clearInterval(timer);
      connection.off("ready", onReady);
      await Promise.all([...queues.values()].map((queue) => queue.close()));
    },
  };
}
