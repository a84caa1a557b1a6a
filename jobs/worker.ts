import http from "node:http";
import { Queue, Worker, type Job } from "bullmq";
import { Redis } from "ioredis";
import { eq } from "drizzle-orm";
import { closeDb, getDb } from "../db/client";
import { outbox } from "../db/schema";
import { handlers } from "./handlers";
import { jobs, queueNames, schedules, type JobName } from "./queues";
import { startRelay } from "./relay";

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) {
  console.error("The worker needs REDIS_URL. Without it the web process runs jobs itself (npm start).");
  process.exit(1);
}
if (!process.env.DATABASE_URL) {
  console.error("The worker needs DATABASE_URL: the embedded PGlite database belongs to the web process alone.");
  process.exit(1);
}

await getDb();
const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
connection.on("error", () => {});

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

// Resend allows two requests a second per team.
const workers = queueNames.map(
  (queue) =>
    new Worker(queue, processJob, {
      connection,
      concurrency: queue === "email" ? 2 : 1,
      ...(queue === "email" ? { limiter: { max: 2, duration: 1000 } } : {}),
    }),
);
for (const worker of workers) {
  worker.on("failed", (job, error) => console.error(`[worker] ${job?.id} failed (attempt ${job?.attemptsMade}):`, error.message));
  worker.on("error", () => {});
}

for (const { name, everyMs } of schedules) {
  const queue = new Queue(jobs[name].queue, { connection });
  await queue.upsertJobScheduler(name, { every: everyMs }, { name, data: {} });
  await queue.close();
}

const relay = startRelay({ redisUrl });

const healthPort = Number(process.env.WORKER_HEALTH_PORT ?? 0);
const health = healthPort
  ? http
      .createServer(async (_req, res) => {
        const ok = await relay.redisHealthy();
        res.writeHead(ok ? 200 : 503, { "Content-Type": "application/json" }).end(JSON.stringify({ status: ok ? "ok" : "down" }));
      })
      .listen(healthPort, "127.0.0.1")
  : null;

console.log(`Worker running: queues ${queueNames.join(", ")}`);

async function shutdown(signal: string) {
  console.log(`${signal}: worker finishing current jobs`);
  health?.close();
  await relay.stop();
  await Promise.all(workers.map((w) => w.close()));
  connection.disconnect();
  await closeDb();
  process.exit(0);
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
