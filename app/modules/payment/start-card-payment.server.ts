import crypto from "node:crypto";
import type Stripe from "stripe";
import { payableQuery } from "~/modules/booking/methods";
import type { Language } from "~/modules/i18n/languages";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { errorHeadline, log } from "~/utils/log.server";
import { cardAttempts, providerReference, type CardGateway, type CardPayment } from "./card-attempts.server";
import { cardGateway, enabledOnlineMethods } from "./config.server";
import type { PayableBooking } from "./payable.server";
import { recordPayment } from "./record.server";
import { stripeClient } from "./stripe.server";

export type CardRefusal = "notOffered" | "notPayable" | "gatewayError";
export type CardStart = { ok: true; url: string; gateway: CardGateway } | { ok: false; reason: CardRefusal };

/** What the payer is told when a card payment cannot start, and its status: a state of things (409) or the gateway failing (502). */
export const cardRefusals: Record<CardRefusal, { status: 409 | 502; message: string }> = {
  notOffered: { status: 409, message: "card:notOffered" },
  notPayable: { status: 409, message: "card:notPayable" },
  gatewayError: { status: 502, message: "card:errors.paymentFailed" },
};

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
