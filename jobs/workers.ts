import { Worker, type Job } from "bullmq";
import type { Redis } from "ioredis";
import { eq } from "drizzle-orm";
import { getDb } from "../db/client";
import { outbox } from "../db/schema";
import { handlers } from "./handlers";
import { jobs, queueNames, type JobName } from "./queues";

async function processJob(job: Job) {
  const name = job.name as JobName;
  const payload = jobs[name].payload.parse(job.data);
  const handler = handlers[name] as (p: unknown, c: { jobId: string; attempt: number }) => Promise<void>;
  await handler(payload, { jobId: job.id ?? `${name}-${job.timestamp}`, attempt: job.attemptsMade + 1 });
  if (job.id) {
    const db = await getDb();
    await db.update(outbox).set({ status: "done", processedAt: new Date() }).where(eq(outbox.jobId, job.id));
  }
}

/** One BullMQ worker per queue, running the same handlers the in-process relay runs. */
export function startWorkers(connection: Redis): Worker[] {
  return queueNames.map((queue) => {
    const worker = new Worker(queue, processJob, {
      connection,
      concurrency: queue === "email" ? 2 : 1,
      // Resend allows two requests a second per team.
      ...(queue === "email" ? { limiter: { max: 2, duration: 1000 } } : {}),
    });
    worker.on("failed", (job, error) => console.error(`[worker] ${job?.id} failed (attempt ${job?.attemptsMade}):`, error.message));
    worker.on("error", () => {});
    return worker;
  });
}
