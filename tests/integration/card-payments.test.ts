import { and, count, eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutSessionPath, sessionExpiry, startCardPayment } from "~/modules/payment/start-card-payment.server";
import { receiveStripeWebhook } from "~/modules/payment/stripe-webhook.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { fulfilPaymentIn } from "~/modules/payment/fulfil.server";
import { bookingMoney } from "~/modules/payment/money.server";
import { recordPayment } from "~/modules/payment/record.server";
import { approveMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { runJob } from "../../jobs/handlers";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import type { JobPayload } from "../../jobs/queues";
import {
  createBooking,
  createCar,
  createLocation,
  createPaymentSettings,
  createSupplier,
  createUser,
  resetDatabase,
} from "../factories";

// As server.ts and worker.ts do: the payment jobs' handlers come from the payments module.
providePaymentJobs();

/*
 * Card payments through Stripe against the real database and the Stripe fake: the session is
 * made from the stored balance, a webhook is verified on its raw body and queued once per
 * event, and the stripe-event job confirms the payment exactly once however often it runs.
 * The product reads its configuration once, so the fake is named in the environment first.
 */
const WEBHOOK_SECRET = "whsec_integration";
const fake = await vi.hoisted(async () => {
  const { startStripeFake } = await import("../fakes/stripe");
  // Events are only posted when a test completes a session on the hosted page, which none does here.
  const started = await startStripeFake(0, {
    webhookSecret: "whsec_integration",
    webhookUrl: "http://127.0.0.1:1/unused",
  });
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_integration";
  process.env.STRIPE_API_BASE = started.url;
  return started;
});

const { bookings, payments, outbox, notifications } = schema;
const signer = new Stripe("sk_test_signer").webhooks;
const MINUTE = 60_000;

afterAll(async () => {
  await fake.close();
  await closeDb();
});

let fx: { driverId: number; bookingId: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  // Booking ids restart with the database, and so would the idempotency keys made from them.
  fake.reset();
  await createPaymentSettings(db);
  const supplier = await createSupplier(db);
  const location = await createLocation(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [location.id] });
  const driver = await createUser(db, { language: "fr" });
  const startsAt = new Date(Date.now() + 20 * 24 * 60 * MINUTE);
  const booking = await createBooking(db, {
    carId: car.id,
    supplierId: supplier.id,
    driverId: driver.id,
    locationId: location.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 24 * 60 * MINUTE),
    status: "void",
    paymentMethod: "cardPayment",
    priceCents: 12345,
    holdExpiresAt: new Date(Date.now() + 30 * MINUTE),
  });
  fx = { driverId: driver.id, bookingId: booking.id };
});

async function payable() {
  const booking = await loadPayableBooking(fx.bookingId, { userId: fx.driverId, grant: null });
  if (!booking) throw new Error("booking not payable");
  return booking;
}

/** A checkout.session event as Stripe would post it, for the session `sessionId` (or the fake's first). */
function eventBody(type: string, overrides: Partial<Stripe.Checkout.Session> = {}, id = "evt_integration_1") {
  const session = fake.sessions[0];
  return JSON.stringify({ id, object: "event", type, data: { object: { ...session, ...overrides } } });
}

const signed = (payload: string, secret = WEBHOOK_SECRET) => signer.generateTestHeaderString({ payload, secret });

async function state() {
  const db = await getDb();
  const [booking] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, fx.bookingId));
  const rows = await db
    .select({
      status: payments.status,
      amountCents: payments.amountCents,
      providerReference: payments.providerReference,
    })
    .from(payments);
  const [emails] = await db.select({ n: count() }).from(outbox).where(like(outbox.jobId, "payment-confirmation-%"));
  const [notes] = await db.select({ n: count() }).from(notifications).where(eq(notifications.userId, fx.driverId));
  return { booking: booking.status, payments: rows, emails: emails.n, driverNotifications: notes.n };
}

describe("sessionExpiry", () => {
  const now = new Date("2026-11-23T15:00:10Z");
  const seconds = (iso: string) => Date.parse(iso) / 1000;

  it("ends the session with the hold, but never sooner than Stripe's 30 minutes, on a whole minute", () => {
    expect(sessionExpiry(new Date("2026-11-23T15:20:00Z"), now)).toBe(seconds("2026-11-23T15:31:00Z"));
    expect(sessionExpiry(new Date("2026-11-23T16:10:30Z"), now)).toBe(seconds("2026-11-23T16:11:00Z"));
  });

  it("never later than 24 hours, and not at all without a hold", () => {
    expect(sessionExpiry(new Date("2026-11-26T00:00:00Z"), now)).toBe(seconds("2026-11-24T15:00:10Z"));
    expect(sessionExpiry(null, now)).toBeUndefined();
  });
});

describe("checkoutSessionPath", () => {
  it("carries the booking and a direct payment's grant back to the return page", () => {
    expect(checkoutSessionPath("cs_test_1", 5, null)).toBe("/checkout-session/cs_test_1?b=5");
    expect(checkoutSessionPath("{CHECKOUT_SESSION_ID}", 5, "abc-_9")).toBe(
      "/checkout-session/{CHECKOUT_SESSION_ID}?b=5&g=abc-_9",
    );
  });
});

describe("card payment through Stripe", () => {
  it("opens one Checkout Session for the stored balance in the driver's language, and reopens it on a second click", async () => {
    const first = await startCardPayment(await payable(), "fr");
    expect(first).toEqual({ ok: true, url: `${fake.url}/pay/${fake.sessions[0].id}`, gateway: "stripe" });
    expect(fake.sessions[0]).toMatchObject({
      amount_total: 12345,
      currency: "usd",
      client_reference_id: String(fx.bookingId),
      metadata: { bookingId: String(fx.bookingId) },
      locale: "fr",
    });
    expect(fake.sessions[0].success_url).toMatch(/\/checkout-session\/\{CHECKOUT_SESSION_ID\}\?b=\d+$/);
    expect(await startCardPayment(await payable(), "fr")).toEqual(first);
    expect(fake.sessions).toHaveLength(1);
    expect((await state()).payments).toEqual([
      { status: "pending", amountCents: 12345, providerReference: `stripe:${fake.sessions[0].id}` },
    ]);
  });

  it("refuses a webhook whose signature does not match, and changes nothing", async () => {
    await startCardPayment(await payable(), "en");
    const payload = eventBody("checkout.session.completed", { status: "complete", payment_status: "paid" });
    const before = await state();
    expect(await receiveStripeWebhook(payload, signed(payload, "whsec_other"))).toBe("badSignature");
    expect(await receiveStripeWebhook(payload.replace("12345", "1"), signed(payload))).toBe("badSignature");
    expect(await receiveStripeWebhook(payload, null)).toBe("badSignature");
    expect(await state()).toEqual(before);
    const db = await getDb();
    expect(await db.select().from(outbox).where(eq(outbox.jobName, "stripe-event"))).toHaveLength(0);
  });

  it("queues a redelivered event once, and the job confirms the payment once however often it runs", async () => {
    await startCardPayment(await payable(), "en");
    const payload = eventBody("checkout.session.completed", { status: "complete", payment_status: "paid" });
    expect(await receiveStripeWebhook(payload, signed(payload))).toBe("queued");
    expect(await receiveStripeWebhook(payload, signed(payload))).toBe("queued");
    const db = await getDb();
    const jobs = await db.select().from(outbox).where(eq(outbox.jobName, "stripe-event"));
    expect(jobs.map((j) => j.jobId)).toEqual(["evt_integration_1"]);

    const job = jobs[0].payload as JobPayload<"stripe-event">;
    await runJob("stripe-event", job, { jobId: jobs[0].jobId, attempt: 1 });
    const once = await state();
    expect(once).toMatchObject({ booking: "paid", payments: [{ status: "succeeded", amountCents: 12345 }], emails: 1 });
    await runJob("stripe-event", job, { jobId: jobs[0].jobId, attempt: 2 });
    await runJob("stripe-event", job, { jobId: jobs[0].jobId, attempt: 1 });
    expect(await state()).toEqual(once);
  });

  it("leaves the payment alone when the event's amount or booking is not the recorded one", async () => {
    await startCardPayment(await payable(), "en");
    const before = await state();
    const session = {
      id: fake.sessions[0].id,
      status: "complete",
      payment_status: "paid",
      client_reference_id: String(fx.bookingId),
      amount_total: 12345,
      currency: "usd",
    };
    await runJob(
      "stripe-event",
      { type: "checkout.session.completed", session: { ...session, amount_total: 100 } },
      { jobId: "evt_a", attempt: 1 },
    );
    await runJob(
      "stripe-event",
      { type: "checkout.session.completed", session: { ...session, client_reference_id: "999999" } },
      { jobId: "evt_b", attempt: 1 },
    );
    expect(await state()).toEqual(before);
  });

  it("fails the payment and releases the hold when the session expires", async () => {
    await startCardPayment(await payable(), "en");
    const session = {
      id: fake.sessions[0].id,
      status: "expired",
      payment_status: "unpaid",
      client_reference_id: String(fx.bookingId),
      amount_total: 12345,
      currency: "usd",
    };
    await runJob("stripe-event", { type: "checkout.session.expired", session }, { jobId: "evt_expired", attempt: 1 });
    expect(await state()).toMatchObject({ booking: "cancelled", payments: [{ status: "failed" }], emails: 0 });
    const db = await getDb();
    const [row] = await db
      .select({ details: payments.details })
      .from(payments)
      .where(and(eq(payments.bookingId, fx.bookingId)));
    expect(row.details).toMatchObject({ failure: "session expired" });
  });

  it("M1: a session paid after the counter took the balance in cash is recorded as a credit to refund, and staff and the driver are told", async () => {
    await startCardPayment(await payable(), "en");
    const db = await getDb();
    const booking = (await payable())!;
    const staff = await createUser(db, { type: "supplier", supplierId: booking.supplierId });
    // The counter takes the balance without asking (the counter's own refusal is tested with it).
    await db.transaction(async (tx) => {
      const recorded = await recordPayment(tx, {
        bookingId: fx.bookingId,
        method: "Cash",
        amountCents: 12345,
        providerReference: `counter:pickup:${fx.bookingId}`,
        details: { takenBy: staff.id },
        awaitingVerification: false,
      });
      if (!recorded.ok) throw new Error("not recorded");
      expect(await fulfilPaymentIn(tx, recorded.paymentId, { verifiedBy: staff.id })).toBe("paid");
    });
    // Stripe has captured the money: it cannot be refused, so it is recorded and the excess flagged.
    const session = { ...fake.sessions[0], status: "complete" as const, payment_status: "paid" as const };
    await runJob("stripe-event", { type: "checkout.session.completed", session }, { jobId: "evt_m1", attempt: 1 });
    expect(await bookingMoney(db, fx.bookingId)).toEqual({
      dueCents: 12345,
      paidCents: 24_690,
      owedCents: 0,
      creditCents: 12345,
    });
    const told = await db.select().from(notifications).where(eq(notifications.bookingId, fx.bookingId));
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: fx.driverId, messageKey: "notifications:messages.paymentCredit" }),
        expect.objectContaining({ userId: staff.id, messageKey: "notifications:messages.paymentCreditStaff" }),
      ]),
    );
    // "Paid" was said once, for the cash.
    expect(told.filter((n) => n.messageKey === "notifications:messages.paymentReceivedStaff")).toHaveLength(1);
  });

  it("ends the Stripe session still open once a transfer approved meanwhile covered the booking, so it cannot pay twice", async () => {
    await startCardPayment(await payable(), "en");
    const db = await getDb();
    const submitted = await submitMobilePayment(await payable(), {
      bank: "0134",
      phone: "04141234567",
      reference: "98765",
      date: new Date().toISOString().slice(0, 10),
    });
    if (!submitted.ok) throw new Error(submitted.reason);
    const admin = await createUser(db, { type: "admin" });
    expect(await approveMobilePayment({ id: admin.id, type: "admin", supplierId: null }, submitted.paymentId)).toBe(
      "paid",
    );
    expect(fake.sessions[0].status).toBe("expired");
    const [card] = await db.select().from(payments).where(eq(payments.method, "cardPayment"));
    expect(card).toMatchObject({ status: "failed", details: expect.objectContaining({ failure: "notOwed" }) });
    expect(await bookingMoney(db, fx.bookingId)).toMatchObject({ paidCents: 12345, creditCents: 0 });
  });
});
