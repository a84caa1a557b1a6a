import { z } from "zod";
import type { Executor } from "../db/client";
import { outbox } from "../db/schema";
import { kickRelay } from "./relay-signal";

export const emailTemplates = ["contact-message", "activation", "password-reset", "password-changed"] as const;

/** Every job the system runs: its queue and the shape of its payload. */
export const jobs = {
  "send-email": {
    queue: "email",
    payload: z.object({
      template: z.enum(emailTemplates),
      to: z.array(z.email()).min(1),
      language: z.enum(["es", "en", "fr", "el"]),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
    }),
  },
  "purge-expired-tokens": { queue: "maintenance", payload: z.object({}) },
} as const;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]["payload"]>;
export const queueNames = [...new Set(Object.values(jobs).map((j) => j.queue))];

/** Recurring jobs; each runs under a stable id so re-registering never duplicates it. */
export const schedules: Array<{ name: JobName; everyMs: number }> = [
  { name: "purge-expired-tokens", everyMs: 60 * 60 * 1000 },
];

export const retryPolicy = { attempts: 8, backoffMs: 2000 };

/**
 * Records a job in the outbox, inside the caller's transaction when given one, so the
 * job exists exactly when the business change it belongs to does. `jobId` must be
 * deterministic for the change (e.g. `contact-message-42`): a second enqueue is ignored.
 */
export async function enqueue<N extends JobName>(executor: Executor, name: N, payload: JobPayload<N>, jobId: string) {
  const parsed = jobs[name].payload.parse(payload);
  await executor.insert(outbox).values({ jobName: name, jobId, payload: parsed }).onConflictDoNothing({ target: outbox.jobId });
  kickRelay();
}
