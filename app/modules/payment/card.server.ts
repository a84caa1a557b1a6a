import crypto from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import type Stripe from "stripe";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema } from "~/utils/db.server";
import { enqueue, type JobPayload } from "~/utils/jobs.server";
import { getEnv } from "~/utils/env.server";
import { errorHeadline } from "~/utils/error-log";
import { log } from "~/utils/logger.server";
import { demoDecision } from "./card";
import { cardGateway, enabledOnlineMethods } from "./config.server";
import { failPayment, fulfilPayment } from "./fulfil.server";
import { payableQuery } from "~/modules/booking/methods";
import type { PayableBooking } from "./payable.server";
import { bookingMoney } from "./money.server";
import { recordPayment } from "./record.server";
import { stripeClient } from "./stripe.server";

const { payments } = schema;

/*
 * Card payments (docs/domain.md#card-payments): a Stripe Checkout Session when STRIPE_SECRET_KEY
 * is set, else the demo gateway. Either way one `payments` row per attempt, named by the session
 * (`stripe:<session id>` or `demo:<id>`), confirmed through the core's idempotent fulfilPayment
 * whichever of the return page and the webhook comes first.
 */

export type CardGateway = "stripe" | "demo";

export type CardRefusal = "notOffered" | "notPayable" | "gatewayError";
export type CardStart = { ok: true; url: string; gateway: CardGateway } | { ok: false; reason: CardRefusal };

/** What the payer is told when a card payment cannot start, and its status: a state of things (409) or the gateway failing (502). */
export const cardRefusals: Record<CardRefusal, { status: 409 | 502; message: string }> = {
  notOffered: { status: 409, message: "card:notOffered" },
  notPayable: { status: 409, message: "card:notPayable" },
  gatewayError: { status: 502, message: "card:errors.paymentFailed" },
};

/** A card attempt as the return page needs it. */
export type CardPayment = {
  id: number;
  bookingId: number;
  gateway: CardGateway;
  status: (typeof payments.$inferSelect)["status"];
  amountCents: number;
  sessionId: string;
  /** Why it failed, when it did (`notOwed`: the booking was covered another way before the card was charged). */
  failure: string | null;
};

/** The failure of a demo attempt refused because the booking no longer owed its amount (docs/domain.md#credit). */
const NOT_OWED = "notOwed";

const MINUTE_S = 60;
/** Stripe accepts `expires_at` from 30 minutes to 24 hours after the session is created. */
const STRIPE_MIN_EXPIRY_S = 30 * MINUTE_S;
const STRIPE_MAX_EXPIRY_S = 24 * 60 * MINUTE_S;

/**
 * When the session should stop taking payment: the end of the car's hold, within what Stripe
 * accepts. Rounded up to the minute, so a double-clicked button sends the same parameters under
 * the same idempotency key (Stripe refuses a key reused with other parameters).
 */
export function sessionExpiry(holdExpiresAt: Date | null, now: Date): number | undefined {
  if (!holdExpiresAt) return undefined;
  const nowS = Math.floor(now.getTime() / 1000);
  const wanted = Math.ceil(holdExpiresAt.getTime() / 1000 / MINUTE_S) * MINUTE_S;
  const earliest = Math.ceil((nowS + STRIPE_MIN_EXPIRY_S) / MINUTE_S) * MINUTE_S;
  return Math.min(Math.max(wanted, earliest), nowS + STRIPE_MAX_EXPIRY_S);
}

/** The return address of a card attempt; `{CHECKOUT_SESSION_ID}` is Stripe's placeholder. */
export function checkoutSessionPath(sessionId: string, bookingId: number, grant: string | null): string {
  return `/checkout-session/${sessionId}?${payableQuery(bookingId, grant)}`;
}

const providerReference = (gateway: CardGateway, sessionId: string) => `${gateway}:${sessionId}`;

function fromRow(row: typeof payments.$inferSelect): CardPayment | null {
  const [gateway, sessionId] = (row.providerReference ?? "").split(/:(.*)/s, 2);
  if ((gateway !== "stripe" && gateway !== "demo") || !sessionId) return null;
  const failure = typeof row.details.failure === "string" ? row.details.failure : null;
  return {
    id: row.id,
    bookingId: row.bookingId,
    gateway,
    status: row.status,
    amountCents: row.amountCents,
    sessionId,
    failure,
  };
}

/** The card attempt `sessionId` of booking `bookingId`; null when there is none (a 404 for the caller). */
export async function findCardPayment(sessionId: string, bookingId: number): Promise<CardPayment | null> {
  if (!/^[\w-]{1,120}$/.test(sessionId)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.bookingId, bookingId),
        eq(payments.method, "cardPayment"),
        inArray(payments.providerReference, [
          providerReference("stripe", sessionId),
          providerReference("demo", sessionId),
        ]),
      ),
    );
  return row ? fromRow(row) : null;
}

async function cardAttempts(bookingId: number): Promise<CardPayment[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, "cardPayment")))
    .orderBy(desc(payments.id));
  return rows.map(fromRow).filter((p): p is CardPayment => p !== null);
}

/** Whether card payment is offered now: enabled in the settings and a gateway runs. */
export async function cardPaymentOffered(): Promise<CardGateway | null> {
  const gateway = cardGateway();
  return gateway && (await enabledOnlineMethods()).includes("cardPayment") ? gateway : null;
}

async function record(bookingId: number, gateway: CardGateway, sessionId: string, amountCents: number) {
  const db = await getDb();
  await db.transaction((tx) =>
    recordPayment(tx, {
      bookingId,
      method: "cardPayment",
      amountCents,
      providerReference: providerReference(gateway, sessionId),
      details: { gateway },
      awaitingVerification: false,
    }),
  );
}

/** The still-open Stripe session of an earlier click for the same amount, if any, so one booking does not collect sessions. */
async function openStripeSession(
  stripe: Stripe,
  attempt: CardPayment | undefined,
  amountCents: number,
  now: Date,
): Promise<string | null> {
  if (!attempt || attempt.gateway !== "stripe" || attempt.status !== "pending" || attempt.amountCents !== amountCents)
    return null;
  const session = await stripe.checkout.sessions.retrieve(attempt.sessionId);
  const open = session.status === "open" && session.expires_at > now.getTime() / 1000 + MINUTE_S;
  return open ? session.url : null;
}

/**
 * Starts paying `booking`'s balance (always the server's number) by card and answers where to
 * send the browser: Stripe's hosted page, or the demo gateway's card form.
 */
export async function startCardPayment(
  booking: PayableBooking,
  language: Language,
  { grant = null, now = new Date() }: { grant?: string | null; now?: Date } = {},
): Promise<CardStart> {
  const gateway = await cardPaymentOffered();
  if (!gateway) return { ok: false, reason: "notOffered" };
  if (!booking.payable) return { ok: false, reason: "notPayable" };
  const amountCents = booking.balanceCents;
  const attempts = await cardAttempts(booking.id);
  const latest = attempts[0];

  if (gateway === "demo") {
    if (latest?.gateway === "demo" && latest.status === "pending" && latest.amountCents === amountCents) {
      return { ok: true, url: checkoutSessionPath(latest.sessionId, booking.id, grant), gateway };
    }
    const sessionId = crypto.randomBytes(16).toString("hex");
    await record(booking.id, "demo", sessionId, amountCents);
    return { ok: true, url: checkoutSessionPath(sessionId, booking.id, grant), gateway };
  }

  const stripe = stripeClient()!;
  const appUrl = getEnv().APP_URL.replace(/\/+$/, "");
  try {
    const reopened = await openStripeSession(stripe, latest, amountCents, now);
    if (reopened) return { ok: true, url: reopened, gateway };
    const session = await stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: amountCents,
              product_data: { name: `${booking.carName} · ${booking.reference}` },
            },
          },
        ],
        client_reference_id: String(booking.id),
        metadata: { bookingId: String(booking.id), reference: booking.reference },
        customer_email: booking.driverEmail,
        expires_at: sessionExpiry(booking.status === "void" ? booking.holdExpiresAt : null, now),
        locale: language,
        // Stripe puts the session's id in place of the placeholder; the query carries the caller's scope back.
        success_url: `${appUrl}${checkoutSessionPath("{CHECKOUT_SESSION_ID}", booking.id, grant)}`,
        cancel_url: `${appUrl}/payment/card?${payableQuery(booking.id, grant)}`,
      },
      { idempotencyKey: `booking-${booking.id}-payment-${attempts.length + 1}` },
    );
    // A replayed key answers the session recorded the first time: "duplicate" is that same attempt.
    await record(booking.id, "stripe", session.id, amountCents);
    if (!session.url) return { ok: false, reason: "gatewayError" };
    return { ok: true, url: session.url, gateway };
  } catch (error) {
    log().error(
      { op: "stripe checkout", bookingId: booking.id },
      `Stripe refused a Checkout Session: ${errorHeadline(error)}`,
    );
    return { ok: false, reason: "gatewayError" };
  }
}

/**
 * Where a card attempt stands, as the return page shows it; "unpaid" is a session left without
 * paying; "notOwed" a demo attempt refused before charging because the booking was covered
 * another way meanwhile (docs/domain.md#credit).
 */
export type CardOutcome = "paid" | "failed" | "processing" | "unpaid" | "notOwed";

/** What Stripe says of a session, in the few fields the decision reads (the return page's retrieve, or a signed event). */
export type StripeSessionFacts = Pick<
  Stripe.Checkout.Session,
  "id" | "status" | "payment_status" | "client_reference_id" | "amount_total" | "currency"
>;

/** A session that is not the one recorded for this payment (other booking, other amount) never confirms it. */
function matches(payment: CardPayment, session: StripeSessionFacts): boolean {
  return (
    session.id === payment.sessionId &&
    session.client_reference_id === String(payment.bookingId) &&
    session.amount_total === payment.amountCents &&
    session.currency === "usd"
  );
}

const outcomeOf = ({ status, failure }: Pick<CardPayment, "status" | "failure">): CardOutcome =>
  status === "succeeded" ? "paid" : status === "pending" ? "processing" : failure === NOT_OWED ? "notOwed" : "failed";

/**
 * Brings a Stripe attempt up to date with its session, from the return page or a webhook alike:
 * paid → fulfilled (idempotent, so both may run); expired or failed → the attempt fails and the
 * hold is released; a session still open or awaiting a delayed payment changes nothing. Stripe
 * has captured a paid session's money, so it cannot be refused: when the booking was covered
 * another way meanwhile, the core records it and flags the excess as a credit to refund
 * (docs/domain.md#credit), which the success page and the booking page name.
 */
export async function settleStripeSession(
  payment: CardPayment,
  session: StripeSessionFacts,
  { failed = session.status === "expired" } = {},
): Promise<CardOutcome> {
  if (!matches(payment, session)) {
    log().error(
      { op: "stripe settle", sessionId: session.id, paymentId: payment.id },
      "Stripe session does not match its card payment; left unchanged",
    );
    return outcomeOf(payment);
  }
  if (session.payment_status === "paid") {
    await fulfilPayment(payment.id);
    await endCardAttemptsOnceCovered(payment.bookingId);
    return "paid";
  }
  if (failed) {
    await failPayment(payment.id, {
      status: "failed",
      reason: session.status === "expired" ? "session expired" : "payment failed",
    });
    return "failed";
  }
  return session.status === "complete" ? "processing" : "unpaid";
}

/** The return page's check: the session as Stripe has it now. */
export async function confirmStripeReturn(payment: CardPayment): Promise<CardOutcome> {
  const stripe = stripeClient();
  if (payment.status !== "pending" || !stripe) return outcomeOf(payment);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripe.checkout.sessions.retrieve(payment.sessionId);
  } catch (error) {
    // Stripe out of reach: the webhook will still settle it; the page says "being confirmed".
    log().error(
      { op: "stripe return", sessionId: payment.sessionId },
      `Could not retrieve the Stripe session: ${errorHeadline(error)}`,
    );
    return "processing";
  }
  return settleStripeSession(payment, session);
}

/**
 * The demo gateway's decision on a valid card (docs/domain.md#card-payments): the approving test
 * card pays, every other card is declined and the attempt fails. The card itself goes no further.
 * We run this gateway, so it re-checks before charging, under the booking's lock, that the
 * booking still owes the attempt's amount: one covered another way meanwhile (the counter took
 * the balance) is not charged, and the attempt fails as `notOwed` (docs/domain.md#credit).
 */
export async function payWithDemoCard(payment: CardPayment, cardNumber: string): Promise<CardOutcome> {
  if (payment.gateway !== "demo" || payment.status !== "pending") return outcomeOf(payment);
  if (demoDecision(cardNumber) === "approved") {
    const outcome = await fulfilPayment(payment.id, { overpay: "refuse" });
    if (outcome !== "notOwed") {
      await endCardAttemptsOnceCovered(payment.bookingId);
      return "paid";
    }
    await failPayment(payment.id, { status: "failed", reason: NOT_OWED });
    return "notOwed";
  }
  await failPayment(payment.id, { status: "failed", reason: "card declined" });
  return "failed";
}

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

/**
 * Ends the booking's open card attempts before its price changes (docs/domain.md#payments) or
 * its money is taken another way (docs/domain.md#in-flight): a demo attempt fails at once; a
 * Stripe session is expired at Stripe first, so it can no longer take the old amount. A session
 * Stripe will not expire (already completed) is settled as it stands instead, and stays in the
 * way of the change if it is still being confirmed. `reason` is kept on the failed attempts:
 * `notOwed` makes their page say the booking was paid another way.
 */
export async function closeOpenCardAttempts(
  bookingId: number,
  reason: "booking amended" | typeof NOT_OWED = "booking amended",
): Promise<void> {
  const open = (await cardAttempts(bookingId)).filter((attempt) => attempt.status === "pending");
  for (const attempt of open) {
    if (attempt.gateway === "stripe") {
      const stripe = stripeClient();
      if (!stripe) continue;
      try {
        await stripe.checkout.sessions.expire(attempt.sessionId);
      } catch {
        await confirmStripeReturn(attempt);
        continue;
      }
    }
    await failPayment(attempt.id, { status: "failed", reason });
  }
}

/**
 * Once a booking owes nothing (a transfer approved, a USDT transaction or another card payment
 * confirmed), its card attempts still open could only pay it twice: they are ended, so a Stripe
 * session left open in another tab can no longer take money (docs/domain.md#credit).
 */
export async function endCardAttemptsOnceCovered(bookingId: number): Promise<void> {
  const money = await bookingMoney(await getDb(), bookingId);
  if (money?.owedCents === 0) await closeOpenCardAttempts(bookingId, NOT_OWED);
}
