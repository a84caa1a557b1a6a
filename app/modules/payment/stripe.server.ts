import Stripe from "stripe";
import { getEnv } from "~/utils/env.server";

/**
 * The SDK's connection settings: Stripe itself, or the API at STRIPE_API_BASE (a local fake
 * or stripe-mock) as host, port and protocol. A local API gets no network retries, so a
 * refused call fails at once instead of after a back-off.
 */
export function stripeConfig(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol, maxNetworkRetries: 0 };
}

let client: Stripe | undefined;

/** The Stripe client when STRIPE_SECRET_KEY is set (docs/operations.md#environment), else null: cards go to the demo gateway. */
export function stripeClient(): Stripe | null {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) return null;
  client ??= new Stripe(env.STRIPE_SECRET_KEY, stripeConfig(env.STRIPE_API_BASE));
  return client;
}
