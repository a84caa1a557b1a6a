import { UnrecoverableError } from "bullmq";
import { z } from "zod";
import { handlerTimeoutMs, jobs, type JobName } from "../queues";
import { withTimeout } from "../timeout";
import { sendEmail } from "./send-email";
import { purgeExpiredTokens } from "./purge-expired-tokens";

import type { Handler, JobContext } from "./types";

type Handlers = { [N in JobName]: Handler<N> };

/**
 * Jobs whose work is a domain module's transaction, which the web process also runs (settling a
 * payment, ending a hold through the booking status door): each is provided by the module that owns
 * it (`app/modules/booking/jobs.server.ts`, `app/modules/payment/jobs.server.ts`), which the process
 * entries call, so this layer never imports upwards (docs/architecture.md#layers).
 */
const providedJobs = [
  // The booking's (app/modules/booking/jobs.server.ts).
  "expire-holds",
  "release-unproven-bookings",
  "send-pickup-reminders",
  // The payments' (app/modules/payment/jobs.server.ts).
  "stripe-event",
  "deposit-hold-sync",
  "settle-deposit-hold",
  "check-usdt-payment",
  "expire-mobile-payments",
  "check-binance-orders",
  // The reviews' (app/modules/review/jobs.server.ts).
  "publish-reviews",
  "send-review-reminders",
  // WhatsApp's (app/modules/whatsapp/jobs.server.ts): a message row, its consent, its fallback email.
  "send-whatsapp",
] as const satisfies readonly JobName[];
export type ProvidedJob = (typeof providedJobs)[number];

const own: Omit<Handlers, ProvidedJob> = {
  "send-email": sendEmail,
  "purge-expired-tokens": purgeExpiredTokens,
};
const provided: Partial<Pick<Handlers, ProvidedJob>> = {};

/** Called by each owning module's `provide…Jobs`, which the process entries (server.ts, worker.ts) call. */
export function provideHandlers<N extends ProvidedJob>(handlers: Pick<Handlers, N>) {
  Object.assign(provided, handlers);
}

/**
 * The process entries call this after providing, before the relay or the workers start: a job
 * with no owner in this process would otherwise only show up as retries hours later.
 */
export function assertAllJobsProvided() {
  const missing = providedJobs.filter((name) => !Object.hasOwn(provided, name));
  if (missing.length > 0) throw new Error(`No handler provided for the jobs: ${missing.join(", ")}`);
}

/**
 * Runs a stored job, the same way in the in-process relay and in the BullMQ worker.
 * A job that can never succeed (unknown name, payload of the wrong shape) fails at once
 * instead of spending hours of retries. A handler still running after `timeoutMs` fails
 * this attempt so the relay or the worker slot moves on; retrying it is safe because
 * handlers are idempotent (an email carries its job id as idempotency key).
 */
export async function runJob(name: string, data: unknown, context: JobContext, timeoutMs = handlerTimeoutMs) {
  if (!Object.hasOwn(jobs, name)) throw new UnrecoverableError(`Unknown job ${name}`);
  const jobName = name as JobName;
  const parsed = jobs[jobName].payload.safeParse(data);
  if (!parsed.success) throw new UnrecoverableError(`Invalid ${jobName} payload: ${z.prettifyError(parsed.error)}`);
  const handler = (own[jobName as Exclude<JobName, ProvidedJob>] ?? provided[jobName as ProvidedJob]) as
    ((payload: unknown, context: JobContext) => Promise<void>) | undefined;
  // Retried rather than failed: a process started without its entry's handlers is a deployment slip, not a bad job.
  if (!handler) throw new Error(`No handler for ${jobName} in this process`);
  await withTimeout(handler(parsed.data, context), timeoutMs, jobName);
}
