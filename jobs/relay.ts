import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { getDb } from "../db/client";
import { outbox, type OutboxRow } from "../db/schema";
import { handlers } from "./handlers";
import { jobs, retryPolicy, schedules, type JobName } from "./queues";
import { onRelayKick } from "./relay-signal";

const POLL_MS = 500;
const BATCH = 20;
/** A claimed row is invisible to other relays for this long; a crash mid-job frees it after. */
const LEASE_MS = 5 * 60 * 1000;

export function backoffMs(attempt: number): number {
  return Math.min(retryPolicy.backoffMs * 2 ** Math.max(0, attempt - 1), 10 * 60 * 1000);
}

/** Takes due rows, pushing their next visibility past the lease so only this relay works them. */
async function claim(): Promise<OutboxRow[]> {
  const db = await getDb();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, "pending"), lte(outbox.runAfter, sql`now()`)))
    .orderBy(outbox.id)
    .limit(BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, runAfter: new Date(Date.now() + LEASE_MS) })
    .where(inArray(outbox.id, due))
    .returning();
}

async function settle(row: OutboxRow, outcome: { ok: true; status: "done" | "relayed" } | { ok: false; error: unknown }) {
  const db = await getDb();
  if (outcome.ok) {
    await db.update(outbox).set({ status: outcome.status, processedAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
    return;
  }
  const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
  const final = row.attempts >= retryPolicy.attempts || (outcome.error instanceof Error && outcome.error.name === "UnrecoverableError");
  await db
    .update(outbox)
    .set(
      final
        ? { status: "failed", lastError: message, processedAt: new Date() }
        : { lastError: message, runAfter: new Date(Date.now() + backoffMs(row.attempts)) },
    )
    .where(eq(outbox.id, row.id));
}

async function runInline(row: OutboxRow) {
  const name = row.jobName as JobName;
  try {
    const payload = jobs[name].payload.parse(row.payload);
    await (handlers[name] as (p: unknown, c: { jobId: string; attempt: number }) => Promise<void>)(payload, {
      jobId: row.jobId,
      attempt: row.attempts,
    });
    await settle(row, { ok: true, status: "done" });
  } catch (error) {
    console.error(`[jobs] ${row.jobId} failed (attempt ${row.attempts}):`, error instanceof Error ? error.message : error);
    await settle(row, { ok: false, error });
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms))]);
}

export type Relay = { stop: () => Promise<void>; redisHealthy: () => Promise<boolean>; drain: () => Promise<void> };

/**
 * Moves outbox rows to BullMQ when REDIS_URL is set, or runs their handlers in this
 * process otherwise (DESIGN §2). Either way a row leaves `pending` only once the job is
 * safely handed over or done; failures retry with exponential backoff and stay visible.
 */
export function startRelay(options: { redisUrl?: string; inlineSchedules?: boolean } = {}): Relay {
  const redisUrl = options.redisUrl ?? process.env.REDIS_URL;
  // Producers fail fast while Redis is away, so rows simply stay in the outbox until it returns.
  const connection = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false }) : null;
  connection?.on("error", () => {});
  const queues = new Map<string, Queue>();
  const queueFor = (name: string) => {
    let queue = queues.get(name);
    if (!queue && connection) {
      queue = new Queue(name, { connection });
      queue.on("error", () => {});
      queues.set(name, queue);
    }
    return queue!;
  };

  async function relayToRedis(row: OutboxRow) {
    const name = row.jobName as JobName;
    try {
      await withTimeout(
        queueFor(jobs[name].queue).add(name, row.payload, {
          jobId: row.jobId,
          attempts: retryPolicy.attempts,
          backoff: { type: "exponential", delay: retryPolicy.backoffMs },
          removeOnComplete: { age: 7 * 24 * 3600 },
          removeOnFail: false,
        }),
        3000,
      );
      await settle(row, { ok: true, status: "relayed" });
    } catch (error) {
      // Redis being away is not the job's fault: try again soon without using up attempts.
      const db = await getDb();
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} - 1`, runAfter: new Date(Date.now() + 1000), lastError: String(error) })
        .where(eq(outbox.id, row.id));
    }
  }

  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function tick() {
    const rows = await claim();
    for (const row of rows) await (connection ? relayToRedis(row) : runInline(row));
    return rows.length;
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
        console.error("[jobs] relay error:", error instanceof Error ? error.message : error);
      } finally {
        running = null;
        schedule(processed === BATCH ? 0 : POLL_MS);
      }
    })();
  }

  onRelayKick(() => (running ? undefined : run()));
  schedule(0);

  const intervals =
    !connection || options.inlineSchedules
      ? schedules.map(({ name, everyMs }) =>
          setInterval(() => {
            const handler = handlers[name] as (p: unknown, c: { jobId: string; attempt: number }) => Promise<void>;
            handler({}, { jobId: `${name}-${Date.now()}`, attempt: 1 }).catch((e) => console.error(`[jobs] ${name}:`, e));
          }, everyMs),
        )
      : [];

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      intervals.forEach(clearInterval);
      await running;
      await Promise.all([...queues.values()].map((q) => q.close()));
      connection?.disconnect();
    },
    async redisHealthy() {
      if (!connection) return true;
      try {
        return (await withTimeout(connection.ping(), 1000)) === "PONG";
      } catch {
        return false;
      }
    },
    /** Processes everything due now; used by tests and scripts. */
    async drain() {
      await running;
      while ((await tick()) > 0);
    },
  };
}
