import { Queue, type Worker } from "bullmq";
import { eq, inArray, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { outbox } from "../../db/schema";
import { provideHandlers } from "../../jobs/handlers";
import { enqueue, relayedTimeoutMs, type JobPayload } from "../../jobs/queues";
import { startRelay, type Relay } from "../../jobs/relay";
import { keepSchedules, startWorkers } from "../../jobs/workers";
import { outboxCommand } from "../../scripts/outbox";
import { statusReport } from "~/modules/http/status.server";
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
  "release-unproven-bookings": async () => {},
  "expire-mobile-payments": async () => {},
  "send-pickup-reminders": async () => {},
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

const email = (to: string): JobPayload<"send-email"> => ({
  template: "contact-message",
  to: [to],
  language: "en",
  subject: `To ${to}`,
  html: "<p>Hi</p>",
  text: "Hi",
});

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
  // A sweep every 300 ms; its periodic look is left at a minute, so only the reconnection can bring it back here.
  const schedules = keepSchedules(connection, {
    schedules: [{ name: "expire-holds", everyMs: 300 }],
    checkEveryMs: 60_000,
  });
  let workers: Worker[] = startWorkers(connection);
  // Production's hand-over timeout (36 minutes): the relay asks about its jobs as soon as Redis is back.
  const relay = startRelay({ redisUrl });
  const maintenance = new Queue("maintenance", { connection });
  const emailQueue = new Queue("email", { connection });
  try {
    const before = await enqueueBatch("before", 3);
    await until(async () => (await statuses(before)).every((row) => row.status === "done"), 15_000);
    await until(() => sweeps.length > 0, 5000);

    // Nobody takes jobs for now: the next ones wait in BullMQ, handed over.
    await Promise.all(workers.map((worker) => worker.close()));
    const queued = await enqueueBatch("queued", 6);
    await until(async () => (await statuses(queued)).every((row) => row.status === "relayed"), 15_000);
    expect(await emailQueue.getWaitingCount()).toBe(6);

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
    expect(Object.fromEntries(runs)).toEqual(
      Object.fromEntries(all.filter((id) => id.includes("-usdt-")).map((id) => [id, 1])),
    );

    await until(async () => (await maintenance.getJobScheduler("expire-holds")) !== undefined, 5000);
    await until(() => sweeps.some((at) => at > restartedAt), 5000);
  } finally {
    await relay.stop();
    await schedules.stop();
    await maintenance.close();
    await emailQueue.close();
    await Promise.all(workers.map((worker) => worker.close()));
    connection.disconnect();
    await stopRedis(redis);
  }
}, 90_000);

const testRedisUrl = process.env.TEST_REDIS_URL;

describe.runIf(testRedisUrl)("the relay's check of jobs handed to Redis (TEST_REDIS_URL)", () => {
  const relayedTimeoutMs = 1000;
  let connection: Redis;
  let queue: Queue;
  let relay: Relay;

  beforeEach(async () => {
    connection = new Redis(testRedisUrl!, { maxRetriesPerRequest: null });
    connection.on("error", () => {});
    // A scratch database: jobs an earlier run left behind would reach these workers.
    await connection.flushdb();
    queue = new Queue("payments", { connection });
    relay = startRelay({ redisUrl: testRedisUrl, relayedTimeoutMs });
  });
  afterEach(async () => {
    await relay.stop();
    await queue.close();
    connection.disconnect();
  });

  async function rowOf(jobId: string) {
    const [row] = await (await getDb()).select().from(outbox).where(eq(outbox.jobId, jobId));
    return row;
  }

  /** Handed to BullMQ with no worker running, so it waits there. */
  async function relayed(jobId: string) {
    await enqueue(await getDb(), "check-usdt-payment", { paymentId: 1 }, jobId);
    await until(async () => (await rowOf(jobId)).status === "relayed");
    expect(await queue.getJobState(jobId)).toBe("waiting");
  }

  it("hands a relayed job over again once its timeout has passed and Redis no longer has it", async () => {
    await relayed("vanished");
    const handedOver = await rowOf("vanished");
    await queue.remove("vanished");
    await until(async () => (await queue.getJobState("vanished")) === "waiting", 5000);
    // Claimed once more from `pending`, and handed over again.
    await until(async () => (await rowOf("vanished")).status === "relayed");
    expect((await rowOf("vanished")).attempts).toBe(handedOver.attempts + 1);
  });

  it("leaves a relayed job Redis still holds alone, and looks again one timeout later", async () => {
    await relayed("still-queued");
    const handedOver = await rowOf("still-queued");
    await until(async () => (await rowOf("still-queued")).runAfter.getTime() > handedOver.runAfter.getTime(), 5000);
    expect(await rowOf("still-queued")).toMatchObject({
      status: "relayed",
      lastError: null,
      attempts: handedOver.attempts,
    });
    expect(await queue.getJobCounts("waiting", "delayed", "active")).toEqual({ waiting: 1, delayed: 0, active: 0 });
  });

  it("does not duplicate a job handed over again while Redis still holds it", async () => {
    await relayed("twice");
    // As a re-send or a check that raced with a worker would: the row is pending again.
    await (
      await getDb()
    )
      .update(outbox)
      .set({ status: "pending", runAfter: new Date() })
      .where(eq(outbox.jobId, "twice"));
    await until(async () => (await rowOf("twice")).status === "relayed");
    expect(await queue.getJobCounts("waiting")).toEqual({ waiting: 1 });
    const workers = startWorkers(connection);
    try {
      await until(async () => (await rowOf("twice")).status === "done", 10_000);
      await new Promise((r) => setTimeout(r, 500));
      expect(runs.get("twice")).toBe(1);
    } finally {
      await Promise.all(workers.map((worker) => worker.close()));
    }
  });

  it("registers the recurring jobs again when Redis is emptied without dropping the connection", async () => {
    const maintenance = new Queue("maintenance", { connection });
    const schedules = keepSchedules(connection, { checkEveryMs: 200 });
    try {
      await schedules.ready;
      expect((await maintenance.getJobSchedulers()).map((scheduler) => scheduler.key).sort()).toEqual([
        "expire-holds",
        "publish-reviews",
        "purge-expired-tokens",
        "release-unproven-bookings",
        "send-pickup-reminders",
        "send-review-reminders",
      ]);
      await connection.flushdb();
      expect(await maintenance.getJobScheduler("expire-holds")).toBeUndefined();
      await until(async () => (await maintenance.getJobScheduler("expire-holds")) !== undefined, 3000);
      await until(async () => (await maintenance.getJobScheduler("release-unproven-bookings")) !== undefined, 3000);
      await until(async () => (await queue.getJobScheduler("expire-mobile-payments")) !== undefined, 3000);
    } finally {
      await schedules.stop();
      await maintenance.close();
    }
  });

  describe("when the database refuses to record a finished job", () => {
    const db = getDb();
    beforeEach(async () => {
      await (await db).execute(sql`create sequence done_write_refusals`);
      await (await db).execute(sql`create table done_write_refusal_limit (n int not null)`);
      // A sequence is not rolled back with the refused write, so it counts the refusals.
      await (
        await db
      ).execute(sql`
        create function refuse_done_writes() returns trigger language plpgsql as $$
        begin
          if new.status = 'done' and new.job_id like 'unrecorded-%' and nextval('done_write_refusals') <= (select n from done_write_refusal_limit) then
            raise exception 'simulated database outage';
          end if;
          return new;
        end $$`);
      await (
        await db
      ).execute(
        sql`create trigger refuse_done_writes before update on outbox for each row execute function refuse_done_writes()`,
      );
    });
    afterEach(async () => {
      await (await db).execute(sql`drop trigger refuse_done_writes on outbox`);
      await (await db).execute(sql`drop function refuse_done_writes`);
      await (await db).execute(sql`drop table done_write_refusal_limit`);
      await (await db).execute(sql`drop sequence done_write_refusals`);
    });

    /** The first `times` writes marking an `unrecorded-…` job done fail (counted from the start of the test). */
    async function refuse(times: number) {
      await (await db).execute(sql`delete from done_write_refusal_limit`);
      await (await db).execute(sql`insert into done_write_refusal_limit values (${times})`);
    }

    it("records it once the database answers again, without running the job a second time", async () => {
      await refuse(2);
      const workers = startWorkers(connection);
      try {
        await enqueue(await db, "check-usdt-payment", { paymentId: 1 }, "unrecorded-briefly");
        await until(async () => (await rowOf("unrecorded-briefly")).status === "done", 15_000);
        await new Promise((r) => setTimeout(r, 500));
        expect(runs.get("unrecorded-briefly")).toBe(1);
      } finally {
        await Promise.all(workers.map((worker) => worker.close()));
      }
    });

    it("leaves the row to the relay's check, which marks it done from the completed job", async () => {
      await refuse(100);
      const workers = startWorkers(connection);
      try {
        await enqueue(await db, "check-usdt-payment", { paymentId: 1 }, "unrecorded-long");
        await until(async () => (await queue.getJobState("unrecorded-long")) === "completed", 15_000);
        expect((await rowOf("unrecorded-long")).status).toBe("relayed");
        await refuse(0);
        await until(async () => (await rowOf("unrecorded-long")).status === "done", 5000);
        expect(runs.get("unrecorded-long")).toBe(1);
      } finally {
        await Promise.all(workers.map((worker) => worker.close()));
      }
    }, 30_000);
  });
});

it("decides nothing about relayed jobs while Redis is away", async () => {
  const rowOfJob = async (jobId: string) =>
    (await (await getDb()).select().from(outbox).where(eq(outbox.jobId, jobId)))[0];
  const port = await freePort();
  const away = startRelay({ redisUrl: `redis://127.0.0.1:${port}`, relayedTimeoutMs: 1000 });
  try {
    const db = await getDb();
    const runAfter = new Date(Date.now() - 60_000);
    await db.insert(outbox).values({
      jobName: "check-usdt-payment",
      jobId: "redis-away",
      payload: { paymentId: 1 },
      status: "relayed",
      runAfter,
    });
    await new Promise((r) => setTimeout(r, 1500));
    expect(await rowOfJob("redis-away")).toMatchObject({ status: "relayed", runAfter, lastError: null });
  } finally {
    await away.stop();
  }
});

it("reports jobs handed to Redis and unfinished after the timeout in /status and `npm run outbox -- failed`", async () => {
  const db = await getDb();
  const ago = (ms: number) => new Date(Date.now() - ms);
  await db.insert(outbox).values([
    {
      jobName: "check-usdt-payment",
      jobId: "overdue",
      payload: { paymentId: 1 },
      status: "relayed",
      processedAt: ago(relayedTimeoutMs + 60_000),
    },
    {
      jobName: "check-usdt-payment",
      jobId: "on-its-way",
      payload: { paymentId: 2 },
      status: "relayed",
      processedAt: ago(60_000),
    },
    { jobName: "check-usdt-payment", jobId: "waiting", payload: { paymentId: 3 }, status: "pending" },
  ]);
  expect(await statusReport(null)).toEqual({
    status: "degraded",
    database: "ok",
    redis: "not configured",
    outbox: { pending: 1, failed: 0, overdue: 1 },
  });
  const output: string[] = [];
  expect(await outboxCommand(["failed"], (line) => output.push(line))).toBe(0);
  expect(output).toEqual([
    "No failed jobs.",
    "1 job handed to Redis over 36 minutes ago is not finished yet (see docs/operations.md#outbox).",
  ]);

  await db.update(outbox).set({ status: "done" }).where(eq(outbox.jobId, "overdue"));
  expect(await statusReport(null)).toMatchObject({ status: "ok", outbox: { pending: 1, failed: 0, overdue: 0 } });
});
