import { Queue, type Worker } from "bullmq";
import { inArray } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeEach, expect, it, vi } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { outbox } from "../../db/schema";
import { provideHandlers } from "../../jobs/handlers";
import { enqueue, type JobPayload } from "../../jobs/queues";
import { startRelay } from "../../jobs/relay";
import { keepSchedules, startWorkers } from "../../jobs/workers";
import { resetDatabase } from "../factories";
import { freePort, startRedis, stopRedis, until } from "../redis-server";

/*
 * Issue 23's acceptance (docs/architecture.md#outbox): Redis restarted empty while jobs wait in
 * BullMQ. Every job of the outbox still runs once and only once, within a bounded time, and the
 * hold-expiry schedule exists again and runs. The Redis is the test's own process, started
 * without persistence, so its restart comes back with no keys at all.
 */
const fake = await vi.hoisted(async () => {
  const { startResendFake } = await import("../fakes/resend");
  const started = await startResendFake();
  process.env.RESEND_API_KEY = "re_test_redis_loss";
  process.env.RESEND_BASE_URL = started.url;
  return started;
});

/** How many times each provided job ran, by job id; the fake only shows an email's first delivery. */
const runs = new Map<string, number>();
let sweeps: number[] = [];
provideHandlers({
  "stripe-event": async () => {},
  "check-usdt-payment": async (_payload, { jobId }) => {
    runs.set(jobId, (runs.get(jobId) ?? 0) + 1);
  },
  "expire-holds": async () => {
    sweeps.push(Date.now());
  },
  "expire-mobile-payments": async () => {},
});

afterAll(async () => {
  await fake.close();
  await closeDb();
});

beforeEach(async () => {
  await resetDatabase(await getDb());
  fake.emails.length = 0;
  runs.clear();
  sweeps = [];
});

const email = (to: string): JobPayload<"send-email"> => ({ template: "contact-message", to: [to], language: "en", subject: `To ${to}`, html: "<p>Hi</p>", text: "Hi" });

async function statuses(jobIds: string[]) {
  const db = await getDb();
  return db.select({ jobId: outbox.jobId, status: outbox.status }).from(outbox).where(inArray(outbox.jobId, jobIds));
}

async function enqueueBatch(prefix: string, count: number) {
  const db = await getDb();
  const ids: string[] = [];
  for (let i = 1; i <= count; i++) {
    await enqueue(db, "send-email", email(`${prefix}-${i}@example.com`), `${prefix}-email-${i}`);
    await enqueue(db, "check-usdt-payment", { paymentId: i }, `${prefix}-usdt-${i}`);
    ids.push(`${prefix}-email-${i}`, `${prefix}-usdt-${i}`);
  }
  return ids;
}

it("runs every job once after Redis restarts empty with jobs queued, and schedules the hold-expiry sweep again", async () => {
  const port = await freePort();
  const redisUrl = `redis://127.0.0.1:${port}`;
  let redis = await startRedis(port);
  // The worker's connection, kept across the restart as worker.ts keeps it.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connection.on("error", () => {});
  const schedules = keepSchedules(connection, { schedules: [{ name: "expire-holds", everyMs: 300 }], checkEveryMs: 1000 });
  let workers: Worker[] = startWorkers(connection);
  // A short hand-over timeout so the test is quick; production's is relayedTimeoutMs.
  const relay = startRelay({ redisUrl, relayedTimeoutMs: 2000 });
  const maintenance = new Queue("maintenance", { connection });
  try {
    const before = await enqueueBatch("before", 3);
    await until(async () => (await statuses(before)).every((row) => row.status === "done"), 15_000);
    await until(() => sweeps.length > 0, 5000);

    // Nobody takes jobs for now: the next ones wait in BullMQ, handed over.
    await Promise.all(workers.map((worker) => worker.close()));
    const queued = await enqueueBatch("queued", 6);
    await until(async () => (await statuses(queued)).every((row) => row.status === "relayed"), 15_000);
    expect(await new Queue("email", { connection }).getWaitingCount()).toBe(6);

    await stopRedis(redis);
    redis = await startRedis(port);
    const restartedAt = Date.now();
    workers = startWorkers(connection);

    await until(async () => (await statuses([...before, ...queued])).every((row) => row.status === "done"), 30_000);
    // Time for a second run to show up if anything were to start one.
    await new Promise((r) => setTimeout(r, 2500));

    const all = [...before, ...queued];
    expect((await statuses(all)).filter((row) => row.status !== "done")).toEqual([]);
    const delivered = fake.emails.map((sent) => sent.idempotencyKey).sort();
    expect(delivered).toEqual(all.filter((id) => id.includes("-email-")).sort());
    expect(Object.fromEntries(runs)).toEqual(Object.fromEntries(all.filter((id) => id.includes("-usdt-")).map((id) => [id, 1])));

    await until(async () => (await maintenance.getJobScheduler("expire-holds")) !== undefined, 5000);
    await until(() => sweeps.some((at) => at > restartedAt), 5000);
  } finally {
    await relay.stop();
    await schedules.stop();
    await maintenance.close();
    await Promise.all(workers.map((worker) => worker.close()));
    connection.disconnect();
    await stopRedis(redis);
  }
}, 90_000);
