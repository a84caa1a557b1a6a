import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import Stripe from "stripe";
import { afterAll, expect, it, vi } from "vitest";
import { receiveStripeWebhook } from "~/modules/payment/stripe-webhook.server";
import { startCardPayment } from "~/modules/payment/start-card-payment.server";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { startRelay } from "../../jobs/relay";
import { startWorkers } from "../../jobs/workers";
import {
  createBooking,
  createCar,
  createLocation,
  createPaymentSettings,
  createSupplier,
  createUser,
  resetDatabase,
} from "../factories";
import { freePort, startRedis, stopRedis, until } from "../redis-server";

// As worker.ts does: the payment jobs' handlers come from the payments module.
providePaymentJobs();

/*
 * Issue 12's outage case (docs/architecture.md#outbox): Stripe confirms a card payment while
 * Redis is down. The webhook is still accepted at once (its job waits in the outbox), and once
 * Redis returns the BullMQ worker confirms the payment and the driver gets one email, even
 * though Stripe delivered the event twice. The Redis is the test's own process.
 */
const WEBHOOK_SECRET = "whsec_outage";
const fakes = await vi.hoisted(async () => {
  const { startStripeFake } = await import("../fakes/stripe");
  const { startResendFake } = await import("../fakes/resend");
  // The test posts the events itself, so the fake's own webhook deliveries go nowhere.
  const stripe = await startStripeFake(0, { webhookSecret: "whsec_outage", webhookUrl: "http://127.0.0.1:1/unused" });
  const resend = await startResendFake();
  process.env.STRIPE_SECRET_KEY = "sk_test_outage";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_outage";
  process.env.STRIPE_API_BASE = stripe.url;
  process.env.RESEND_API_KEY = "re_test_outage";
  process.env.RESEND_BASE_URL = resend.url;
  return { stripe, resend };
});

afterAll(async () => {
  await fakes.stripe.close();
  await fakes.resend.close();
  await closeDb();
});

const { bookings, payments, outbox } = schema;
const DAY = 24 * 60 * 60 * 1000;

/** Settles like `work`, or fails the test after `ms` instead of letting it hang. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)),
  ]);
}

it("confirms a card payment whose webhook arrived while Redis was down, and emails it exactly once, after Redis returns", async () => {
  const db = await getDb();
  await resetDatabase(db);
  await createPaymentSettings(db);
  const supplier = await createSupplier(db);
  const location = await createLocation(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [location.id] });
  const driver = await createUser(db, { email: "outage-driver@example.com", language: "en" });
  const startsAt = new Date(Date.now() + 20 * DAY);
  const booking = await createBooking(db, {
    carId: car.id,
    supplierId: supplier.id,
    driverId: driver.id,
    locationId: location.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * DAY),
    status: "void",
    paymentMethod: "cardPayment",
    priceCents: 12345,
    holdExpiresAt: new Date(Date.now() + 30 * 60 * 1000),
  });

  const port = await freePort();
  const redisUrl = `redis://127.0.0.1:${port}`;
  let redis = await startRedis(port);
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  connection.on("error", () => {});
  const workers = startWorkers(connection);
  const relay = startRelay({ redisUrl });
  try {
    const payable = await loadPayableBooking(booking.id, { userId: driver.id, grant: null });
    expect(await startCardPayment(payable!, "en")).toMatchObject({ ok: true });
    const session = fakes.stripe.sessions[0];

    await stopRedis(redis);
    const body = JSON.stringify({
      id: "evt_outage_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, status: "complete", payment_status: "paid" } },
    });
    const signature = () =>
      new Stripe("sk_test_signer").webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    // Stripe redelivers an event it is unsure about: both deliveries are answered at once.
    expect(await within(2000, receiveStripeWebhook(body, signature()))).toBe("queued");
    expect(await within(2000, receiveStripeWebhook(body, signature()))).toBe("queued");

    await new Promise((r) => setTimeout(r, 1500));
    const [waiting] = await db.select().from(outbox).where(eq(outbox.jobId, "evt_outage_1"));
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
    const [held] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(held.status).toBe("void");
    expect(fakes.resend.emails).toHaveLength(0);

    redis = await startRedis(port);
    await until(() => fakes.resend.emails.length >= 2, 30_000);
    // Time for a second delivery to show up if anything were to send one.
    await new Promise((r) => setTimeout(r, 1500));

    // The payment's receipt and the booking's confirmation (docs/domain.md#confirmation), each once.
    const sent = fakes.resend.emails.map((email) => [email.to, email.idempotencyKey?.replace(/\d+$/, "<id>")]);
    expect(sent.sort()).toEqual([
      [["outage-driver@example.com"], "booking-confirmation-<id>"],
      [["outage-driver@example.com"], "payment-confirmation-<id>"],
    ]);
    const [paid] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(paid.status).toBe("paid");
    const rows = await db
      .select({ status: payments.status, amountCents: payments.amountCents })
      .from(payments)
      .where(eq(payments.bookingId, booking.id));
    expect(rows).toEqual([{ status: "succeeded", amountCents: 12345 }]);
    const jobs = await db.select({ jobId: outbox.jobId, status: outbox.status }).from(outbox).orderBy(outbox.id);
    expect(jobs).toEqual([
      { jobId: "evt_outage_1", status: "done" },
      { jobId: `booking-confirmation-${booking.id}`, status: "done" },
      { jobId: `payment-confirmation-${booking.id}`, status: "done" },
    ]);
  } finally {
    await relay.stop();
    // Forced: a failure may leave Redis down, and a worker waiting for it would never close.
    await Promise.all(workers.map((worker) => worker.close(true)));
    connection.disconnect();
    await stopRedis(redis);
  }
}, 90_000);
