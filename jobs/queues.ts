import { z } from "zod";
import type { Executor } from "../db/client";
import { outbox } from "../db/schema";
import { kickRelay } from "./relay-signal";

export const emailTemplates = [
  "contact-message",
  "activation",
  "password-reset",
  "password-changed",
  "admin-invitation",
  "booking-confirmation",
  "new-booking",
  "booking-status-changed",
  "payment-confirmation",
  "mobile-payment-rejected",
  "booking-cancel-declined",
  "staff-invitation",
  "transfer-waiting",
  "booking-cancelled",
  "booking-changed",
  "cancel-requested",
  "amendment-requested",
  "pickup-reminder",
  "rental-agreement",
  "rental-returned",
  "review-reminder",
  "booking-released",
  "damage-claim",
] as const;

/** Every job the system runs: its queue and the shape of its payload. */
export const jobs = {
  "send-email": {
    queue: "email",
    // Rendered when enqueued, so a retry or a re-send delivers exactly the original;
    // `template` stays for the admins' listing of failed messages.
    payload: z.object({
      template: z.enum(emailTemplates),
      to: z.array(z.email()).min(1),
      language: z.enum(["es", "en", "fr", "el"]),
      subject: z.string().min(1),
      html: z.string(),
      text: z.string(),
      // The confirmation's QR code (inline, named in the HTML by its content id) and .ics file; the rental agreement's and the final receipt's PDFs.
      attachments: z
        .array(
          z.object({
            filename: z.string().min(1),
            content: z.base64(),
            contentType: z.string().min(1),
            contentId: z.string().min(1).optional(),
          }),
        )
        .optional(),
    }),
  },
  /*
   * A WhatsApp template message (docs/domain.md#whatsapp): the message is a row written beside the
   * job under the same stable key, which the handler reads, so a retry finds what was already sent.
   */
  "send-whatsapp": { queue: "whatsapp", payload: z.object({ key: z.string().min(1) }) },
  "purge-expired-tokens": { queue: "maintenance", payload: z.object({}) },
  "expire-holds": { queue: "maintenance", payload: z.object({}) },
  /*
   * A verified Stripe webhook (docs/domain.md#card-payments), one job per event id so a
   * redelivered event is one job; it carries the signed session facts the decision reads.
   */
  "stripe-event": {
    queue: "payments",
    payload: z.object({
      type: z.enum([
        "checkout.session.completed",
        "checkout.session.async_payment_succeeded",
        "checkout.session.async_payment_failed",
        "checkout.session.expired",
      ]),
      session: z.object({
        id: z.string().min(1),
        // Stripe may add values: an unknown one settles nothing.
        status: z.string().nullable(),
        payment_status: z.string(),
        client_reference_id: z.string().nullable(),
        amount_total: z.number().int().nullable(),
        currency: z.string().nullable(),
      }),
    }),
  },
  /*
   * A verified Stripe event of a card deposit hold (docs/domain.md#card-deposit-hold), one job per
   * event id: the PaymentIntent is read again from Stripe and the hold follows it.
   */
  "deposit-hold-sync": {
    queue: "payments",
    payload: z.object({ intentId: z.string().min(1), sessionId: z.string().min(1).nullable() }),
  },
  // Captures or releases a card deposit hold as staff settled it, one job per booking (docs/domain.md#card-deposit-hold).
  "settle-deposit-hold": { queue: "payments", payload: z.object({ bookingId: z.number().int().positive() }) },
  // Asks TronGrid about a submitted USDT transaction until it is final (docs/domain.md#payments).
  "check-usdt-payment": { queue: "payments", payload: z.object({ paymentId: z.number().int().positive() }) },
  // Asks Binance about Binance Pay orders whose webhook is late (docs/domain.md#binance-pay).
  "check-binance-orders": { queue: "payments", payload: z.object({}) },
  // Fails pago móvil transfers nobody verified within 48 h, releasing their cars (docs/domain.md#pago-móvil).
  "expire-mobile-payments": { queue: "payments", payload: z.object({}) },
  // Releases unproven visitors' pay-later bookings past their 2 hours (docs/domain.md#unproven-holds).
  "release-unproven-bookings": { queue: "maintenance", payload: z.object({}) },
  // Writes the pick-up reminders of bookings picking up within a day (docs/domain.md#reminder).
  "send-pickup-reminders": { queue: "maintenance", payload: z.object({}) },
  // Publishes reviews still blind when their window after the return has closed (docs/domain.md#reviews).
  "publish-reviews": { queue: "maintenance", payload: z.object({}) },
  // Reminds drivers, once, 3 days before their review's window closes (docs/domain.md#reviews).
  "send-review-reminders": { queue: "maintenance", payload: z.object({}) },
} as const;

export type JobName = keyof typeof jobs;
export type JobPayload<N extends JobName> = z.infer<(typeof jobs)[N]["payload"]>;
export const queueNames = [...new Set(Object.values(jobs).map((j) => j.queue))];

/** Recurring jobs; each runs under a stable id so re-registering never duplicates it. */
export const schedules: Array<{ name: JobName; everyMs: number }> = [
  { name: "purge-expired-tokens", everyMs: 60 * 60 * 1000 },
  // Payment holds last 30 minutes (docs/domain.md#availability); a minute late is soon enough.
  { name: "expire-holds", everyMs: 60 * 1000 },
  // An unproven visitor's pay-later booking holds its car 2 hours (docs/domain.md#unproven-holds); a minute late is soon enough.
  { name: "release-unproven-bookings", everyMs: 60 * 1000 },
  // Transfers expire after 48 hours (docs/domain.md#pago-móvil); ten minutes late is soon enough.
  { name: "expire-mobile-payments", everyMs: 10 * 60 * 1000 },
  // A Binance Pay webhook later than 5 minutes is replaced by our query (docs/domain.md#binance-pay).
  { name: "check-binance-orders", everyMs: 5 * 60 * 1000 },
  // Reminders go out about a day before pick-up (docs/domain.md#reminder); 15 minutes early or late is all the same.
  { name: "send-pickup-reminders", everyMs: 15 * 60 * 1000 },
  // A review's window closes 14 days after the return (docs/domain.md#reviews); 15 minutes later is soon enough.
  { name: "publish-reviews", everyMs: 15 * 60 * 1000 },
  // Three days before a window closes, give or take a quarter of an hour (docs/domain.md#reviews).
  { name: "send-review-reminders", everyMs: 15 * 60 * 1000 },
];

export type RetryPolicy = { attempts: number; firstDelayMs: number; maxDelayMs: number };

/**
 * How long a job keeps trying, in-process and on BullMQ alike: the delay doubles from
 * 2 s and is capped at 30 min, so 25 attempts span about 7.5 hours — long enough to ride
 * out a mail provider's outage before the job is marked `failed` for an admin to re-send
 * (docs/operations.md#outbox).
 */
export const retryPolicy: RetryPolicy = { attempts: 25, firstDelayMs: 2000, maxDelayMs: 30 * 60 * 1000 };

/** The wait before the next attempt, once `attemptsMade` attempts have failed. */
export function retryDelayMs(attemptsMade: number, policy: RetryPolicy = retryPolicy): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, attemptsMade - 1), policy.maxDelayMs);
}

/** BullMQ's name for `retryDelayMs`; its built-in exponential backoff has no cap. */
export const backoffType = "capped-exponential";

/** An attempt still running after this long counts as failed, so one hung call cannot stall delivery. */
export const handlerTimeoutMs = 60 * 1000;

/**
 * How long a job handed to BullMQ (`relayed`) may go unfinished before the relay asks Redis
 * whether it still holds it (docs/architecture.md#outbox): one attempt (`handlerTimeoutMs`) plus
 * the longest wait BullMQ puts between attempts (`retryPolicy.maxDelayMs`) plus 5 minutes, i.e.
 * 36 minutes. A job Redis no longer knows (Redis restarted empty) is handed over again; one it
 * still holds is asked about again after the same time.
 */
export const relayedTimeoutMs = handlerTimeoutMs + retryPolicy.maxDelayMs + 5 * 60 * 1000;

/**
 * Records a job in the outbox, inside the caller's transaction when given one, so the
 * job exists exactly when the business change it belongs to does. `jobId` must be
 * deterministic for the change (e.g. `contact-message-42`): a second enqueue is ignored.
 */
export async function enqueue<N extends JobName>(executor: Executor, name: N, payload: JobPayload<N>, jobId: string) {
  await enqueueAll(executor, name, [{ payload, jobId }]);
}

/** `enqueue` for several jobs of one kind in one statement (one round trip inside a request's transaction). */
export async function enqueueAll<N extends JobName>(
  executor: Executor,
  name: N,
  entries: Array<{ payload: JobPayload<N>; jobId: string }>,
) {
  if (entries.length === 0) return;
  const rows = entries.map(({ payload, jobId }) => ({
    jobName: name,
    jobId,
    payload: jobs[name].payload.parse(payload),
  }));
  await executor.insert(outbox).values(rows).onConflictDoNothing({ target: outbox.jobId });
  kickRelay();
}
