import type { ActionFunctionArgs } from "@remix-run/node";
import { receiveStripeWebhook } from "~/modules/payment/stripe-webhook.server";

/**
 * Stripe's webhook endpoint (docs/domain.md#card-payments). The signature covers the exact
 * bytes sent, so the body is read as text, never parsed first. 400 for a bad signature (nothing
 * changes), 200 once the event is safely queued.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405 });
  const verdict = await receiveStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
  return new Response(null, { status: verdict === "badSignature" ? 400 : 200 });
}
