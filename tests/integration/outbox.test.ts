import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb, getDb } from "../../db/client";
import { outbox } from "../../db/schema";
import { enqueue, type JobPayload } from "../../jobs/queues";
import { startRelay, type Relay } from "../../jobs/relay";
import { startWorkers } from "../../jobs/workers";
import { submitContactMessage } from "../../app/modules/contact/contact.server";
import { startResendFake, type ResendFake } from "../fakes/resend";
import { createUser, resetDatabase } from "../factories";

let fake: ResendFake;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "rueda-outbox-"));

beforeAll(async () => {
  fake = await startResendFake();
  process.env.RESEND_API_KEY = "re_test_outbox";
  process.env.RESEND_BASE_URL = fake.url;
  process.env.DATA_DIR = dataDir;
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
  data: { email: "visitor@example.com", subject, message: "Hello" },
});

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("outbox without Redis (embedded default)", () => {
  let relay: Relay;
  beforeAll(() => {
    relay = startRelay({ redisUrl: "" });
  });
  afterAll(() => relay.stop());

  it("runs a job written in a committed transaction, and none from a rolled-back one", async () => {
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
    const [row] = await db.select().from(outbox).where(eq(outbox.jobId, "test-kept"));
    expect(row.status).toBe("done");
  });

  it("never sends one job twice, even when it is enqueued twice", async () => {
    const db = await getDb();
    await enqueue(db, "send-email", email("once@example.com", "once"), "test-once");
    await enqueue(db, "send-email", email("once@example.com", "once"), "test-once");
    await relay.drain();
    await relay.drain();
    expect(fake.emails.filter((e) => e.to[0] === "once@example.com")).toHaveLength(1);
  });

  it("retries a failed delivery with backoff and keeps the error visible meanwhile", async () => {
    const db = await getDb();
    fake.failNext(1);
    await enqueue(db, "send-email", email("retry@example.com", "retry"), "test-retry");
    await relay.drain();
    const [failed] = await db.select().from(outbox).where(eq(outbox.jobId, "test-retry"));
    expect(failed.status).toBe("pending");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("Simulated outage");
    expect(failed.runAfter.getTime()).toBeGreaterThan(Date.now());
    await until(async () => {
      await relay.drain();
      return fake.emails.some((e) => e.to[0] === "retry@example.com");
    });
    const [done] = await db.select().from(outbox).where(eq(outbox.jobId, "test-retry"));
    expect(done.status).toBe("done");
  });

  it("writes the email to DATA_DIR/mail when no Resend key is set", async () => {
    const key = process.env.RESEND_API_KEY;
    delete process.env.RESEND_API_KEY;
    try {
      const db = await getDb();
      await enqueue(db, "send-email", email("file@example.com", "to a file"), "test-file");
      await relay.drain();
      const written = JSON.parse(fs.readFileSync(path.join(dataDir, "mail", "test-file.json"), "utf8"));
      expect(written.to).toEqual(["file@example.com"]);
      expect(written.subject).toBe("Contact form: to a file");
      expect(written.text).toContain("visitor@example.com");
    } finally {
      process.env.RESEND_API_KEY = key;
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/* A Redis of the test's own, so stopping it touches nothing else on the machine. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, retryStrategy: () => 100, maxRetriesPerRequest: 0 });
  probe.on("error", () => {});
  await until(async () => {
    try {
      if (probe.status !== "ready") await probe.connect().catch(() => {});
      return (await probe.ping()) === "PONG";
    } catch {
      return false;
    }
  });
  probe.disconnect();
  return child;
}

describe("outbox with Redis and a BullMQ worker", () => {
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
      await submitContactMessage({ userId: null, email: "before@example.com", subject: "Before the outage", message: "One", language: "en" });
      await until(() => fake.emails.some((e) => e.text.includes("Before the outage")));

      redis.kill("SIGKILL");
      await new Promise((r) => redis.once("exit", r));
      const id = await submitContactMessage({ userId: null, email: "during@example.com", subject: "During the outage", message: "Two", language: "en" });
      expect(id).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1500));
      const [waiting] = await db.select().from(outbox).where(eq(outbox.jobId, `contact-message-${id}-1`));
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
      redis.kill("SIGKILL");
    }
  }, 90_000);
});
