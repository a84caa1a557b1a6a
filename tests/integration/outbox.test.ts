import type { Worker } from "bullmq";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { outbox } from "../../db/schema";
import { listFailed, resend } from "../../jobs/outbox-admin";
import { enqueue, type JobPayload, type RetryPolicy } from "../../jobs/queues";
import { bullQueues, startRelay, type Relay, type RelayOptions } from "../../jobs/relay";
import { startWorkers } from "../../jobs/workers";
import { submitContactMessage } from "../../app/modules/contact/contact.server";
import { outboxCommand } from "../../scripts/outbox";
import { createUser, resetDatabase } from "../factories";
import { freePort, startRedis, stopRedis, until } from "../redis-server";

/*
 * The product reads its configuration once (config/env.ts), so the Resend fake must be
 * listening, and named in the environment, before anything asks for it.
 */
const fake = await vi.hoisted(async () => {
  const { startResendFake } = await import("../fakes/resend");
  const started = await startResendFake();
  process.env.RESEND_API_KEY = "re_test_outbox";
  process.env.RESEND_BASE_URL = started.url;
  return started;
});

afterAll(async () => {
  await fake.close();
  await closeDb();
});

beforeEach(async () => {
  await resetDatabase(await getDb());
  fake.emails.length = 0;
});

const email = (to: string, subject: string): JobPayload<"send-email"> => ({
  template: "contact-message",
  to: [to],
  language: "en",
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
});

async function rowOf(jobId: string) {
  const db = await getDb();
  const [row] = await db.select().from(outbox).where(eq(outbox.jobId, jobId));
  return row;
}

const sentTo = (address: string) => fake.emails.filter((e) => e.to[0] === address);

describe("outbox without Redis (embedded default)", () => {
  let current: Relay | undefined;
  /** Started inside the test, after the tables were emptied, so it never sees another file's rows. */
  function useRelay(options: RelayOptions = {}) {
    current = startRelay({ redisUrl: "", ...options });
    return current;
  }
  afterEach(async () => {
    await current?.stop();
    current = undefined;
  });

  it("runs a job written in a committed transaction, and none from a rolled-back one", async () => {
    const relay = useRelay();
    const db = await getDb();
    await db.transaction(async (tx) => enqueue(tx, "send-email", email("kept@example.com", "kept"), "test-kept"));
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, "send-email", email("lost@example.com", "lost"), "test-lost");
        throw new Error("business change failed");
      }),
    ).rejects.toThrow("business change failed");
    await relay.drain();
    expect(fake.emails.map((e) => e.to[0])).toEqual(["kept@example.com"]);
    expect((await rowOf("test-kept")).status).toBe("done");
  });

  it("never sends one job twice, even when it is enqueued twice", async () => {
    const relay = useRelay();
    const db = await getDb();
    await enqueue(db, "send-email", email("once@example.com", "once"), "test-once");
    await enqueue(db, "send-email", email("once@example.com", "once"), "test-once");
    await relay.drain();
    await relay.drain();
    expect(sentTo("once@example.com")).toHaveLength(1);
  });

  it("retries a failed delivery with backoff and keeps the error visible meanwhile", async () => {
    const relay = useRelay();
    const db = await getDb();
    fake.failNext(1);
    await enqueue(db, "send-email", email("retry@example.com", "retry"), "test-retry");
    await relay.drain();
    const failed = await rowOf("test-retry");
    expect(failed.status).toBe("pending");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("Simulated outage");
    expect(failed.runAfter.getTime()).toBeGreaterThan(Date.now());
    await until(async () => {
      await relay.drain();
      return sentTo("retry@example.com").length > 0;
    });
    expect((await rowOf("test-retry")).status).toBe("done");
  });

  it("marks a message failed, with the reason, once its last attempt fails", async () => {
    const policy: RetryPolicy = { attempts: 3, firstDelayMs: 20, maxDelayMs: 20 };
    const relay = useRelay({ retryPolicy: policy });
    fake.failNext(policy.attempts);
    await enqueue(await getDb(), "send-email", email("doomed@example.com", "doomed"), "test-doomed");
    await until(async () => {
      await relay.drain();
      return (await rowOf("test-doomed")).status !== "pending";
    }, 5000);
    const row = await rowOf("test-doomed");
    expect(row).toMatchObject({ status: "failed", attempts: policy.attempts });
    expect(row.lastError).toBe("Resend internal_server_error: Simulated outage");
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(fake.emails).toHaveLength(0);
  });

  it("gives up on a hanging delivery after the timeout, delivers the next message meanwhile, and retries the first", async () => {
    const relay = useRelay({ retryPolicy: { attempts: 3, firstDelayMs: 500, maxDelayMs: 500 }, handlerTimeoutMs: 300 });
    const db = await getDb();
    fake.hangNext(1);
    await enqueue(db, "send-email", email("hung@example.com", "hung"), "test-hung");
    await enqueue(db, "send-email", email("next@example.com", "next"), "test-next");
    await relay.drain();
    expect(fake.emails.map((e) => e.to[0])).toEqual(["next@example.com"]);
    const hung = await rowOf("test-hung");
    expect(hung).toMatchObject({ status: "pending", attempts: 1, lastError: "send-email timed out after 300 ms" });
    await until(async () => {
      await relay.drain();
      return (await rowOf("test-hung")).status === "done";
    }, 5000);
    expect(sentTo("hung@example.com")).toHaveLength(1);
  }, 10_000);

  it("lists failed messages for admins and re-sends the ones named, which are then delivered", async () => {
    const relay = useRelay({ retryPolicy: { attempts: 1, firstDelayMs: 20, maxDelayMs: 20 } });
    const db = await getDb();
    fake.failNext(1);
    await enqueue(db, "send-email", email("again@example.com", "again"), "test-again");
    await enqueue(db, "send-email", email("fine@example.com", "fine"), "test-fine");
    await relay.drain();
    const [failed, delivered] = [await rowOf("test-again"), await rowOf("test-fine")];
    expect([failed.status, delivered.status]).toEqual(["failed", "done"]);

    const listing: string[] = [];
    expect(await outboxCommand(["failed"], (line) => listing.push(line))).toBe(0);
    expect(listing).toHaveLength(3);
    expect(listing[0].split(/\s{2,}/)).toEqual([
      "id",
      "job id",
      "template",
      "recipients",
      "attempts",
      "last error",
      "when",
    ]);
    expect(listing[2].split(/\s{2,}/)).toEqual([
      String(failed.id),
      "test-again",
      "contact-message",
      "again@example.com",
      "1",
      "Resend internal_server_error: Simulated outage",
      `${failed.processedAt!.toISOString().slice(0, 19).replace("T", " ")} UTC`,
    ]);

    const output: string[] = [];
    expect(await outboxCommand(["resend", String(failed.id), String(delivered.id)], (line) => output.push(line))).toBe(
      0,
    );
    expect(output).toEqual([`Queued again: ${failed.id}`, `Not re-sent (unknown or not failed): ${delivered.id}`]);
    await until(async () => {
      await relay.drain();
      return sentTo("again@example.com").length > 0;
    }, 5000);
    expect(await rowOf("test-again")).toMatchObject({ status: "done", attempts: 1, lastError: null });
    expect(sentTo("fine@example.com")).toHaveLength(1);

    listing.length = 0;
    await outboxCommand(["failed"], (line) => listing.push(line));
    expect(listing).toEqual(["No failed jobs."]);
  });

  it("re-sends every failed message with --all-failed", async () => {
    const relay = useRelay({ retryPolicy: { attempts: 1, firstDelayMs: 20, maxDelayMs: 20 } });
    const db = await getDb();
    fake.failNext(2);
    await enqueue(db, "send-email", email("one@example.com", "one"), "test-one");
    await enqueue(db, "send-email", email("two@example.com", "two"), "test-two");
    await relay.drain();
    expect((await listFailed()).map((job) => job.jobId).sort()).toEqual(["test-one", "test-two"]);
    const output: string[] = [];
    expect(await outboxCommand(["resend", "--all-failed"], (line) => output.push(line))).toBe(0);
    expect(output).toEqual(["Queued again: 1, 2"]);
    await relay.drain();
    expect(fake.emails.map((e) => e.to[0]).sort()).toEqual(["one@example.com", "two@example.com"]);
    expect(await listFailed()).toEqual([]);
    expect(await resend("all-failed")).toEqual([]);
  });

  it("answers a command it does not know with its usage", async () => {
    const output: string[] = [];
    expect(await outboxCommand(["resend", "seven"], (line) => output.push(line))).toBe(2);
    expect(output).toEqual(["Usage: npm run outbox -- failed | resend <id …> | resend --all-failed"]);
  });
});

describe("outbox with Redis and a BullMQ worker", () => {
  it("makes a queue again when Redis went away as it was made, so jobs flow once Redis returns", async () => {
    const port = await freePort();
    let redis = await startRedis(port);
    const connection = new Redis(`redis://127.0.0.1:${port}`, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    connection.on("error", () => {});
    await until(() => connection.status === "ready");
    const queues = bullQueues(connection);
    try {
      // Killed, and the queue made, before the connection has noticed.
      process.kill(redis.pid!, "SIGKILL");
      await expect(queues.get("email").waitUntilReady()).rejects.toThrow();
      redis = await startRedis(port);
      await until(() => connection.status === "ready");
      const job = await queues.get("email").add("send-email", {}, { jobId: "after-the-outage" });
      expect(job.id).toBe("after-the-outage");
    } finally {
      await queues.close();
      connection.disconnect();
      await stopRedis(redis);
    }
  });

  it("accepts a contact message while Redis is down and delivers its email, once, when Redis returns", async () => {
    const db = await getDb();
    await createUser(db, { type: "admin", email: "admin-outage@example.com", language: "en" });
    const port = await freePort();
    const redisUrl = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    connection.on("error", () => {});
    const workers = startWorkers(connection);
    const relay = startRelay({ redisUrl });
    try {
      await submitContactMessage({
        userId: null,
        email: "before@example.com",
        subject: "Before the outage",
        message: "One",
        language: "en",
      });
      await until(() => fake.emails.some((e) => e.text.includes("Before the outage")));

      await stopRedis(redis);
      const id = await submitContactMessage({
        userId: null,
        email: "during@example.com",
        subject: "During the outage",
        message: "Two",
        language: "en",
      });
      expect(id).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1500));
      const waiting = await rowOf(`contact-message-${id}-1`);
      expect(waiting.status).toBe("pending");
      expect(fake.emails.some((e) => e.text.includes("During the outage"))).toBe(false);

      redis = await startRedis(port);
      await until(() => fake.emails.some((e) => e.text.includes("During the outage")), 30_000);
      await new Promise((r) => setTimeout(r, 1500));
      expect(fake.emails.filter((e) => e.text.includes("During the outage"))).toHaveLength(1);
      expect(fake.emails.filter((e) => e.text.includes("Before the outage"))).toHaveLength(1);
    } finally {
      await relay.stop();
      await Promise.all(workers.map((w) => w.close()));
      connection.disconnect();
      await stopRedis(redis);
    }
  }, 90_000);
});

const testRedisUrl = process.env.TEST_REDIS_URL;

describe.runIf(testRedisUrl)("outbox with Redis: final states, time-outs and re-sends (TEST_REDIS_URL)", () => {
  const policy: RetryPolicy = { attempts: 2, firstDelayMs: 50, maxDelayMs: 50 };
  const handlerTimeoutMs = 300;
  let connection: Redis;
  let workers: Worker[];
  let relay: Relay;

  beforeAll(async () => {
    connection = new Redis(testRedisUrl!, { maxRetriesPerRequest: null });
    connection.on("error", () => {});
    // A scratch database: jobs an earlier run left behind would reach these workers.
    await connection.flushdb();
    workers = startWorkers(connection, { retryPolicy: policy, handlerTimeoutMs });
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    connection.disconnect();
  });
  beforeEach(() => {
    relay = startRelay({ redisUrl: testRedisUrl, retryPolicy: policy, handlerTimeoutMs });
  });
  afterEach(() => relay.stop());

  it("records the reason in the outbox when the last attempt fails, and a re-send delivers it under the same job id", async () => {
    fake.failNext(policy.attempts);
    await enqueue(await getDb(), "send-email", email("redis-doomed@example.com", "doomed"), "redis-doomed");
    await until(async () => (await rowOf("redis-doomed")).status === "failed", 10_000);
    const failed = await rowOf("redis-doomed");
    expect(failed).toMatchObject({
      attempts: policy.attempts,
      lastError: "Resend internal_server_error: Simulated outage",
    });
    expect(failed.processedAt).toBeInstanceOf(Date);
    expect(fake.emails).toHaveLength(0);

    expect(await resend([failed.id])).toEqual([failed.id]);
    await until(async () => (await rowOf("redis-doomed")).status === "done", 10_000);
    expect(sentTo("redis-doomed@example.com")).toHaveLength(1);
    expect(sentTo("redis-doomed@example.com")[0].idempotencyKey).toBe("redis-doomed");
  });

  it("records an error no retry can fix at once", async () => {
    fake.failNext(1, "invalid");
    await enqueue(await getDb(), "send-email", email("redis-invalid@example.com", "invalid"), "redis-invalid");
    await until(async () => (await rowOf("redis-invalid")).status === "failed", 10_000);
    expect(await rowOf("redis-invalid")).toMatchObject({
      attempts: 1,
      lastError: "Resend validation_error: Simulated invalid request",
    });
  });

  it("times out hanging deliveries so the worker's slots serve the next message, then retries them", async () => {
    const db = await getDb();
    // The email worker runs two jobs at a time: both slots hang.
    fake.hangNext(2);
    await enqueue(db, "send-email", email("hung-1@example.com", "hung 1"), "redis-hung-1");
    await enqueue(db, "send-email", email("hung-2@example.com", "hung 2"), "redis-hung-2");
    await enqueue(db, "send-email", email("after@example.com", "after"), "redis-after");
    await until(() => sentTo("after@example.com").length > 0, 10_000);
    await until(
      async () =>
        (await Promise.all(["redis-hung-1", "redis-hung-2", "redis-after"].map(rowOf))).every(
          (row) => row.status === "done",
        ),
      10_000,
    );
    expect(sentTo("hung-1@example.com")).toHaveLength(1);
    expect(sentTo("hung-2@example.com")).toHaveLength(1);
    expect((await rowOf("redis-hung-1")).attempts).toBe(2);
  });
});
