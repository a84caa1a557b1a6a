import { applyStripeEvent } from "../../app/modules/payment/card.server";
import type { JobPayload } from "../queues";

/*
 * The one handler that reaches up into a domain module: settling a payment is the payments
 * core's transaction (fulfilPayment / failPayment), which the worker must run exactly as the
 * return page does, so it calls it rather than repeating it here.
 */

/** Applies a verified Stripe event; idempotent, so a retried or redelivered job changes nothing more. */
export async function stripeEvent(payload: JobPayload<"stripe-event">) {
  const outcome = await applyStripeEvent(payload.type, payload.session);
  // A session this site never recorded (another integration on the same Stripe account) is not ours to settle.
  if (outcome === "unknownSession") console.warn(`Stripe event ${payload.type} for unknown session ${payload.session.id} ignored`);
}
