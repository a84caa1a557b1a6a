import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLogPage } from "~/modules/backoffice/audit-log.server";
import { readAuditQuery } from "~/modules/backoffice/audit-view";
import { failedJobsPage, resendFailedJobs } from "~/modules/backoffice/outbox.server";
import { closeDb, getDb } from "../../db/client";
import { auditLog, outbox } from "../../db/schema";
import { enqueue, type JobPayload } from "../../jobs/queues";
import { startRelay, type Relay } from "../../jobs/relay";
import { createUser, resetDatabase } from "../factories";

/*
 * The admins' failed-jobs page and its re-send (docs/operations.md#outbox) over the real outbox
 * and relay: failed jobs listed with their reason, a re-send delivering under the same job id
 * and written to the audit log with who did it, and a job that is not failed left alone.
 */
const fake = await vi.hoisted(async () => {
  const { startResendFake } = await import("../fakes/resend");
  const started = await startResendFake();
  process.env.RESEND_API_KEY = "re_test_outbox_admin";
  process.env.RESEND_BASE_URL = started.url;
  return started;
});

let relay: Relay;
let admin: { id: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  fake.emails.length = 0;
  run += 1;
  admin = await createUser(db, { type: "admin", email: "ana.admin@example.com", fullName: "Ana Admin" });
  // One attempt: a delivery that fails is failed for good at once.
  relay = startRelay({ redisUrl: "", retryPolicy: { attempts: 1, firstDelayMs: 20, maxDelayMs: 20 } });
});
afterEach(() => relay.stop());
afterAll(async () => {
  await fake.close();
  await closeDb();
});

const email = (to: string): JobPayload<"send-email"> => ({
  template: "activation",
  to: [to],
  language: "en",
  subject: `Hello ${to}`,
  html: "<p>Hi</p>",
  text: "Hi",
});

/*
 * Job ids of this test: the Resend fake remembers idempotency keys for the whole file, as Resend
 * does, so a key reused by a later test would be answered without an email.
 */
let run = 0;
const id = (name: string) => `admin-${run}-${name}`;

async function rowOf(jobId: string) {
  const [row] = await (await getDb()).select().from(outbox).where(eq(outbox.jobId, jobId));
  return row;
}

/** Two emails whose delivery fails for good, and one delivered. */
async function twoFailedOneDelivered() {
  const db = await getDb();
  fake.failNext(2, "invalid");
  await enqueue(db, "send-email", email("first@example.com"), id("first"));
  await enqueue(db, "send-email", email("second@example.com"), id("second"));
  await relay.drain();
  await enqueue(db, "send-email", email("fine@example.com"), id("fine"));
  await relay.drain();
  return { first: await rowOf(id("first")), second: await rowOf(id("second")), fine: await rowOf(id("fine")) };
}

describe("failed jobs for admins", () => {
  it("lists failed jobs newest first with recipient, template, attempts and reason, and counts the waiting ones", async () => {
    const { first, second } = await twoFailedOneDelivered();
    await enqueue(await getDb(), "send-email", email("later@example.com"), id("later"));
    const page = await failedJobsPage(1);
    expect(page).toMatchObject({ failed: 2, waiting: 1, page: 1, pages: 1 });
    expect(page.jobs.map((job) => job.jobId)).toEqual([second.jobId, first.jobId]);
    expect(page.jobs[1]).toMatchObject({
      id: first.id,
      jobName: "send-email",
      template: "activation",
      recipients: ["first@example.com"],
      attempts: 1,
      lastError: "Resend validation_error: Simulated invalid request",
    });
    expect(page.jobs[1].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(page.jobs[1].failedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // A page past the last shows the last.
    expect((await failedJobsPage(9)).page).toBe(1);
  });

  it("counts jobs handed to Redis long ago and not finished as overdue, apart from the fresh ones", async () => {
    // Rows as a relay leaves them once BullMQ took their jobs: one an hour ago (its job lost with Redis's data), one just now.
    const handedOver = (to: string, at: Date) => ({
      jobName: "send-email",
      jobId: id(to),
      payload: email(`${to}@example.com`),
      status: "relayed" as const,
      processedAt: at,
    });
    await (
      await getDb()
    )
      .insert(outbox)
      .values([handedOver("lost", new Date(Date.now() - 60 * 60_000)), handedOver("recent", new Date())]);
    expect(await failedJobsPage(1)).toMatchObject({ failed: 0, waiting: 2, overdue: 1 });
  });

  it("re-sends one job under its id, records who did it, and leaves a delivered job alone", async () => {
    const { first, second, fine } = await twoFailedOneDelivered();
    expect(await resendFailedJobs(admin, [first.id])).toBe(1);
    expect(await resendFailedJobs(admin, [fine.id])).toBe(0);
    await relay.drain();
    const delivered = fake.emails.filter((e) => e.to[0] === "first@example.com");
    expect(delivered).toHaveLength(1);
    expect(delivered[0].idempotencyKey).toBe(id("first"));
    expect(await rowOf(id("first"))).toMatchObject({ status: "done", jobId: id("first") });
    expect((await rowOf(id("second"))).status).toBe("failed");
    expect(fake.emails.filter((e) => e.to[0] === "fine@example.com")).toHaveLength(1);

    const entries = await (await getDb()).select().from(auditLog);
    expect(entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: "outbox.resend",
        subjectType: "outbox",
        subjectId: first.id,
        changes: { status: ["failed", "pending"] },
      }),
    ]);
    const log = await auditLogPage(readAuditQuery(new URLSearchParams("subject=outbox&actor=ana.admin")), "en");
    expect(log.rows).toEqual([
      expect.objectContaining({
        actor: { name: "Ana Admin", email: "ana.admin@example.com" },
        action: "outbox.resend",
        subjectName: id("first"),
        subjectHref: null,
      }),
    ]);
    expect((await failedJobsPage(1)).jobs.map((job) => job.id)).toEqual([second.id]);
  });

  it("re-sends every failed job at once, each in the audit log, and a second time nothing", async () => {
    const { first, second } = await twoFailedOneDelivered();
    expect(await resendFailedJobs(admin, "all-failed")).toBe(2);
    await relay.drain();
    expect(fake.emails.map((e) => e.to[0]).sort()).toEqual([
      "fine@example.com",
      "first@example.com",
      "second@example.com",
    ]);
    expect(await failedJobsPage(1)).toMatchObject({ failed: 0, waiting: 0, overdue: 0, jobs: [] });
    const entries = await (await getDb()).select({ subjectId: auditLog.subjectId }).from(auditLog);
    expect(entries.map((entry) => entry.subjectId).sort()).toEqual([first.id, second.id].sort());
    expect(await resendFailedJobs(admin, "all-failed")).toBe(0);
    expect(await (await getDb()).select().from(auditLog)).toHaveLength(2);
  });
});
