import { UnrecoverableError } from "bullmq";
import { z } from "zod";
import { handlerTimeoutMs, jobs, type JobName, type JobPayload } from "../queues";
import { withTimeout } from "../timeout";
import { sendEmail } from "./send-email";
import { purgeExpiredTokens } from "./purge-expired-tokens";
import { expireHolds } from "./expire-holds";
import { stripeEvent } from "./stripe-event";
import { checkUsdtPaymentJob } from "./check-usdt-payment";

export type JobContext = { jobId: string; attempt: number };
export type Handler<N extends JobName> = (payload: JobPayload<N>, context: JobContext) => Promise<void>;

export const handlers: { [N in JobName]: Handler<N> } = {
  "send-email": sendEmail,
  "purge-expired-tokens": purgeExpiredTokens,
  "expire-holds": expireHolds,
  "stripe-event": stripeEvent,
  "check-usdt-payment": checkUsdtPaymentJob,
};

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
  const handler = handlers[jobName] as (payload: unknown, context: JobContext) => Promise<void>;
  await withTimeout(handler(parsed.data, context), timeoutMs, jobName);
}
