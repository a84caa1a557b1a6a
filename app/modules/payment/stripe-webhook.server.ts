import { eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import { getDb, schema } from "~/utils/db.server";
import { enqueue, type JobPayload } from "~/utils/jobs.server";
import { getEnv } from "~/utils/env.server";
import { fromRow, providerReference } from "./card-attempts.server";
import { applyIntent, DEPOSIT_PURPOSE, retrieveIntent } from "./deposit-hold.server";
import { settleStripeSession, type CardOutcome, type StripeSessionFacts } from "./settle-card-payment.server";
import { stripeClient } from "./stripe.server";

const { payments, depositHolds } = schema;

/** A card deposit hold's PaymentIntent events (docs/domain.md#card-deposit-hold): authorised, released or lapsed, captured. */
const holdEvents: ReadonlySet<string> = new Set([
  "payment_intent.amount_capturable_updated",
  "payment_intent.canceled",
  "payment_intent.succeeded",
]);

export type SettlingEvent = JobPayload<"stripe-event">["type"];
const settlingEvents: ReadonlySet<string> = new Set<SettlingEvent>([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * POST /webhooks/stripe: the event is accepted only with a valid signature over the raw body
 * (STRIPE_WEBHOOK_SECRET); a checkout.session event that settles a payment, or an event of a card
 * deposit hold (its session completed, its PaymentIntent authorised, cancelled or captured), is
 * queued under its event id, so a redelivery is the same job. Stripe's other events are
 * acknowledged and ignored.
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
  const db = await getDb();
  const object = event.data.object as { object?: string; metadata?: Stripe.Metadata | null };
  if (object.metadata?.purpose === DEPOSIT_PURPOSE) {
    if (event.type === "checkout.session.completed") {
      const session = event.data.object as Stripe.Checkout.Session;
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!intent) return "ignored";
      await enqueue(db, "deposit-hold-sync", { intentId: intent, sessionId: session.id }, event.id);
      return "queued";
    }
    if (!holdEvents.has(event.type) || object.object !== "payment_intent") return "ignored";
    const intent = event.data.object as Stripe.PaymentIntent;
    await enqueue(db, "deposit-hold-sync", { intentId: intent.id, sessionId: null }, event.id);
    return "queued";
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
  await enqueue(db, "stripe-event", payload, event.id);
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

/**
 * A verified event of a card deposit hold, applied (the `deposit-hold-sync` job): the PaymentIntent
 * is read again from Stripe (the event's copy may be older than another already applied), and the
 * hold it belongs to — by the intent, or by the session for the first event — follows it.
 */
export async function applyDepositHoldEvent(
  intentId: string,
  sessionId: string | null,
): Promise<"applied" | "unknownHold"> {
  const db = await getDb();
  const [hold] = await db
    .select({ bookingId: depositHolds.bookingId, sessionId: depositHolds.sessionId })
    .from(depositHolds)
    .where(
      sessionId
        ? or(eq(depositHolds.intentId, intentId), eq(depositHolds.sessionId, sessionId))
        : eq(depositHolds.intentId, intentId),
    );
  if (!hold) return "unknownHold";
  await applyIntent(hold, await retrieveIntent(intentId));
  return "applied";
}
