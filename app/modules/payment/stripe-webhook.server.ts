import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb, schema } from "~/utils/db.server";
import { enqueue, type JobPayload } from "~/utils/jobs.server";
import { getEnv } from "~/utils/env.server";
import { fromRow, providerReference } from "./card-attempts.server";
import { settleStripeSession, type CardOutcome, type StripeSessionFacts } from "./settle-card-payment.server";
import { stripeClient } from "./stripe.server";

const { payments } = schema;

export type SettlingEvent = JobPayload<"stripe-event">["type"];
const settlingEvents: ReadonlySet<string> = new Set<SettlingEvent>([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * POST /webhooks/stripe: the event is accepted only with a valid signature over the raw body
 * (STRIPE_WEBHOOK_SECRET); a checkout.session event that settles a payment is queued under its
 * event id, so a redelivery is the same job. Stripe's other events are acknowledged and ignored.
 */
export async function receiveStripeWebhook(
  rawBody: string,
  signature: string | null,
): Promise<"queued" | "ignored" | "badSignature"> {
  const stripe = stripeClient();
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!stripe || !secret || !signature) return "badSignature";
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    return "badSignature";
  }
  if (!settlingEvents.has(event.type)) return "ignored";
  const session = event.data.object as Stripe.Checkout.Session;
  const payload = {
    type: event.type as SettlingEvent,
    session: {
      id: session.id,
      status: session.status,
      payment_status: session.payment_status,
      client_reference_id: session.client_reference_id,
      amount_total: session.amount_total,
      currency: session.currency,
    },
  };
  await enqueue(await getDb(), "stripe-event", payload, event.id);
  return "queued";
}

/** A verified webhook event, applied (the `stripe-event` job); safe to run again. */
export async function applyStripeEvent(
  type: SettlingEvent,
  session: StripeSessionFacts,
): Promise<CardOutcome | "unknownSession"> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.providerReference, providerReference("stripe", session.id)));
  const payment = row ? fromRow(row) : null;
  if (!payment) return "unknownSession";
  const failed = type === "checkout.session.async_payment_failed" || type === "checkout.session.expired";
  return settleStripeSession(payment, session, { failed });
}
