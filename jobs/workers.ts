import { Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "../db/client";
import { outbox } from "../db/schema";
import { runJob } from "./handlers";
import { handlerTimeoutMs, queueNames, retryDelayMs, retryPolicy, type RetryPolicy } from "./queues";
import { errorMessage, logError } from "../app/utils/error-log";

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
    .set({ attempts: job.attemptsMade, lastError: errorMessage(error), ...(final ? { status: "failed", processedAt: new Date() } : {}) })
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
    await runJob(job.name, job.data, { jobId: job.id ?? `${job.name}-${job.timestamp}`, attempt: job.attemptsMade + 1 }, timeoutMs);
    await recordDone(job);
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
      console.error(`[worker] ${job?.id} failed (attempt ${job?.attemptsMade}): ${errorMessage(error)}`);
      if (job) recordFailure(job, error).catch((e) => logError(`worker recording the failure of ${job.id}`, e));
    });
    worker.on("error", () => {});
    return worker;
  });
}
