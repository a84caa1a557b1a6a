import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeFake, type StripeFake } from "../../../tests/fakes/stripe";
import { stripeConfig } from "./stripe.server";

describe("stripeConfig", () => {
  it("leaves Stripe's own address alone without an API base", () => {
    expect(stripeConfig(undefined)).toEqual({});
  });

  it("turns an API base into the SDK's host, port and protocol", () => {
    expect(stripeConfig("http://127.0.0.1:12111")).toEqual({
      host: "127.0.0.1",
      port: "12111",
      protocol: "http",
      maxNetworkRetries: 0,
    });
    expect(stripeConfig("https://stripe.internal")).toEqual({
      host: "stripe.internal",
      port: 443,
      protocol: "https",
      maxNetworkRetries: 0,
    });
  });
});

describe("the SDK against the Stripe fake", () => {
  let fake: StripeFake;
  let stripe: Stripe;
  // Read once: two requests a second boundary apart must still send the same parameters.
  const expiresAt = Math.floor(Date.now() / 1000) + 40 * 60;
  const params = (unitAmount: number): Stripe.Checkout.SessionCreateParams => ({
    mode: "payment",
    line_items: [
      { quantity: 1, price_data: { currency: "usd", unit_amount: unitAmount, product_data: { name: "Booking" } } },
    ],
    client_reference_id: "7",
    metadata: { bookingId: "7" },
    success_url: "http://127.0.0.1:1/checkout-session/{CHECKOUT_SESSION_ID}",
    cancel_url: "http://127.0.0.1:1/payment/card?b=7",
    expires_at: expiresAt,
    locale: "el",
  });

  beforeAll(async () => {
    fake = await startStripeFake(0, { webhookSecret: "whsec_unit" });
    stripe = new Stripe("sk_test_unit", stripeConfig(fake.url));
  });
  afterAll(() => fake.close());

  it("creates, retrieves and expires a Checkout Session with the amount sent", async () => {
    const session = await stripe.checkout.sessions.create(params(12345));
    expect(session).toMatchObject({
      amount_total: 12345,
      currency: "usd",
      client_reference_id: "7",
      metadata: { bookingId: "7" },
      locale: "el",
      status: "open",
      payment_status: "unpaid",
    });
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);
    expect((await stripe.checkout.sessions.expire(session.id)).status).toBe("expired");
  });

  it("answers a repeated idempotency key with the first session and refuses it with other parameters", async () => {
    const first = await stripe.checkout.sessions.create(params(500), { idempotencyKey: "booking-7-payment-1" });
    const again = await stripe.checkout.sessions.create(params(500), { idempotencyKey: "booking-7-payment-1" });
    expect(again.id).toBe(first.id);
    await expect(
      stripe.checkout.sessions.create(params(600), { idempotencyKey: "booking-7-payment-1" }),
    ).rejects.toThrow(/same parameters/);
  });

  it("refuses an unknown session as Stripe does", async () => {
    await expect(stripe.checkout.sessions.retrieve("cs_test_nope")).rejects.toMatchObject({ code: "resource_missing" });
  });
});
