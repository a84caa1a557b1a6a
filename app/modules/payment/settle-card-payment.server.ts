import type Stripe from "stripe";
import { getDb } from "~/utils/db.server";
import { errorHeadline, log } from "~/utils/log.server";
import { demoDecision } from "./card";
import { cardAttempts, type CardPayment } from "./card-attempts.server";
import { failPayment, fulfilPayment } from "./fulfil.server";
import { bookingMoney } from "./money.server";
import { stripeClient } from "./stripe.server";

/*
 * Settling a card attempt (the return page, the demo card, the webhook's job) and ending a
 * booking's open ones call each other — a paid session ends the other attempts, and an attempt
 * Stripe will no longer expire is settled as it stands — so both live here, with no import cycle.
 */

/** The failure of a demo attempt refused because the booking no longer owed its amount (docs/domain.md#credit). */
const NOT_OWED = "notOwed";

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
