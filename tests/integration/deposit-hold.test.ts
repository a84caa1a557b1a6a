import type { AppLoadContext } from "@remix-run/node";
import { and, asc, eq, notInArray } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { answerClaim } from "~/modules/counter/answer-claim.server";
import { closeRental } from "~/modules/counter/close.server";
import { decideClaim } from "~/modules/counter/decide-claim.server";
import { openClaim } from "~/modules/counter/open-claim.server";
import { dashboardFigures } from "~/modules/backoffice/dashboard.server";
import { captureFromHold } from "~/modules/counter/deposit-capture.server";
import { startCounterDepositHold } from "~/modules/counter/deposit-hold-start.server";
import { pickUp } from "~/modules/counter/pickup.server";
import { recordReturn } from "~/modules/counter/return.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { holdState } from "~/modules/payment/deposit-hold";
import { depositHoldOf } from "~/modules/payment/deposit-hold.server";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import { receiveStripeWebhook } from "~/modules/payment/stripe-webhook.server";
import { loader as bookingLoader } from "~/routes/booking";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { schema } from "~/utils/db.server";
import { runJob } from "../../jobs/handlers";
import type { FakeEvent } from "../fakes/stripe";
import { form, fx, now, pickupHooks } from "./fixtures/pickup";

providePaymentJobs();

/*
 * The card deposit held for real (docs/domain.md#card-deposit-hold) against the real database and
 * the Stripe fake: staff open the card page for the booking's deposit, the driver authorises it,
 * Stripe's signed events (delivered here by hand) make the hold `held` until the charge's
 * `capture_before`; it is not a payment of the booking; the close releases it through a job that
 * cancels the PaymentIntent; a claim captures part of it, never more than held; a lapsed hold is
 * not held. The product reads its configuration once, so the fake is named in the environment first.
 */
const WEBHOOK_SECRET = "whsec_deposit_hold";
const fake = await vi.hoisted(async () => {
  const { startStripeFake } = await import("../fakes/stripe");
  // Events are delivered by the test itself, through the product's webhook receiver.
  const started = await startStripeFake(0, { webhookSecret: "whsec_deposit_hold", webhookUrl: "http://127.0.0.1:1/x" });
  process.env.STRIPE_SECRET_KEY = "sk_test_deposit_hold";
  process.env.STRIPE_WEBHOOK_SECRET = "whsec_deposit_hold";
  process.env.STRIPE_API_BASE = started.url;
  return started;
});

pickupHooks();
afterAll(async () => {
  await fake.close();
});

const { depositHolds, depositLedger, outbox, payments, auditLog } = schema;
const signer = new Stripe("sk_test_signer").webhooks;
const afterReturn = new Date("2026-12-06T17:30:00Z");
const ran = new Set<string>();

beforeEach(() => {
  fake.reset();
  ran.clear();
});

/** A paid booking with a $150 deposit to be held on a card. */
const bookWithCardDeposit = (values: Parameters<typeof fx.book>[0] = {}) =>
  fx.book({
    priceCents: 15_000,
    breakdown: {
      days: 3,
      dailyPriceCents: 5000,
      options: {},
      subtotalCents: 15_000,
      payLaterFeePercent: 0,
      totalCents: 15_000,
      deposit: { cents: 15_000, method: "cardHold" },
    },
    ...values,
  });

/** Posts the fake's events of `type` to the product's webhook, signed, as Stripe would. */
async function deliver(type: string) {
  const found = fake.events.filter((e: FakeEvent) => e.type === type);
  expect(found.length).toBeGreaterThan(0);
  for (const event of found) {
    const payload = JSON.stringify(event);
    const signature = signer.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    expect(await receiveStripeWebhook(payload, signature)).toBe("queued");
  }
}

/** Runs the deposit hold's queued jobs not yet run, as the relay would. */
async function runQueued() {
  const rows = await fx.db
    .select()
    .from(outbox)
    .where(notInArray(outbox.jobName, ["send-email"]))
    .orderBy(asc(outbox.id));
  for (const row of rows.filter((r) => !ran.has(r.jobId) && r.jobName.includes("deposit-hold"))) {
    ran.add(row.jobId);
    await runJob(row.jobName, row.payload, { jobId: row.jobId, attempt: 1 });
  }
}

/** The driver authorises the card on the fake's hosted page; Stripe's events reach the webhook. */
async function authorise(url: string) {
  const response = await fetch(`${url}/complete`, { method: "POST", redirect: "manual" });
  expect(response.status).toBe(303);
  await deliver("checkout.session.completed");
  await deliver("payment_intent.amount_capturable_updated");
  await runQueued();
}

/** A booking whose $150 deposit was held on a card at the counter and picked up with it. */
async function heldAndPickedUp(values: Parameters<typeof fx.book>[0] = {}) {
  const booking = await bookWithCardDeposit(values);
  const by = booking.driverId === fx.staff.id ? fx.admin : fx.staff;
  const started = await startCounterDepositHold(by, booking.id, "en", now);
  expect(started).toMatchObject({ outcome: "started", url: expect.stringContaining(`${fake.url}/pay/cs_test_`) });
  if (started.outcome !== "started") throw new Error("not started");
  await authorise(started.url);
  const licence = { licenceNumber: "V-9", licenceCountry: "Venezuela", licenceExpiresOn: "2030-01-01" };
  const taken = form({ deposit: 15_000, depositTaken: "cardHold", ...(by === fx.admin ? licence : {}) });
  expect(await pickUp(by, booking.id, taken, now)).toBe("pickedUp");
  return { booking, by };
}

const returned = (by: StaffUser, bookingId: number) =>
  recordReturn(
    by,
    bookingId,
    { odometer: 48213, fuel: 6, returnedAt: "2026-12-06T13:00", damages: [], photos: [], marks: [] },
    afterReturn,
  );

const ledgerOf = async (bookingId: number) =>
  (
    await fx.db
      .select()
      .from(depositLedger)
      .where(eq(depositLedger.bookingId, bookingId))
      .orderBy(asc(depositLedger.id))
  ).map((e) => [e.kind, e.amountCents, e.method, e.reference]);

const page = async (user: StaffUser, id: number) =>
  (await bookingLoader({
    request: new Request(`http://rueda.test/booking?b=${id}`),
    context: { user, language: "en", t: getFixedT("en") } as unknown as AppLoadContext,
    params: {},
  })) as unknown as Record<string, unknown>;

describe("a card deposit held through Stripe", () => {
  it("is a PaymentIntent with manual capture for the deposit, held until the charge's capture_before, and never a payment", async () => {
    const { booking } = await heldAndPickedUp();
    const [session] = fake.sessions;
    expect(session).toMatchObject({
      amount_total: 15_000,
      payment_intent_data: { capture_method: "manual", metadata: { purpose: "depositHold" } },
    });
    const [intent] = fake.intents;
    const hold = await depositHoldOf(booking.id);
    expect(hold).toMatchObject({
      status: "held",
      intentId: intent.id,
      amountCents: 15_000,
      heldUntil: new Date(intent.latest_charge.payment_method_details.card.capture_before * 1000),
    });
    // The pick-up's ledger entry names the PaymentIntent.
    expect(await ledgerOf(booking.id)).toEqual([["received", 15_000, "cardHold", intent.id]]);
    // Only the booking's own payment: the hold counts toward nothing "paid".
    expect(await fx.db.select().from(payments).where(eq(payments.bookingId, booking.id))).toHaveLength(1);
    // Both the driver and staff read it on the booking page.
    for (const user of [fx.driver, fx.staff])
      expect(await page(user, booking.id)).toMatchObject({
        depositHold: {
          state: "held",
          amountCents: 15_000,
          heldUntil: wallClockLabel(hold!.heldUntil!, "America/Caracas"),
          demo: false,
        },
      });
  });

  it("is released at a close with no damage: the fake cancels the PaymentIntent, the ledger records it and who", async () => {
    const { booking } = await heldAndPickedUp();
    await returned(fx.staff, booking.id);
    // Nothing to ask: the hold is released.
    expect(await closeRental(fx.staff, booking.id, {}, afterReturn)).toBe("closed");
    const [intent] = fake.intents;
    expect(await ledgerOf(booking.id)).toEqual([
      ["received", 15_000, "cardHold", intent.id],
      ["refunded", 15_000, "cardHold", intent.id],
    ]);
    const [job] = await fx.db.select().from(outbox).where(eq(outbox.jobName, "settle-deposit-hold"));
    expect(job.jobId).toBe(`deposit-hold-settle-${booking.id}`);
    await runQueued();
    expect(fake.intents[0]).toMatchObject({ status: "canceled", cancellation_reason: "requested_by_customer" });
    expect(await depositHoldOf(booking.id)).toMatchObject({
      status: "released",
      settledBy: fx.staff.id,
      settleCents: 0,
    });
    // Stripe's event, delivered twice, keeps it so.
    await deliver("payment_intent.canceled");
    await deliver("payment_intent.canceled");
    await runQueued();
    expect(await depositHoldOf(booking.id)).toMatchObject({ status: "released" });
    const audit = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.depositHoldSettled"));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: fx.staff.id,
        changes: { capturedCents: [null, 0], releasedCents: [null, 15_000] },
      }),
    ]);
  });

  it("captures part of the hold for a claim, never more than held, never by another supplier's staff nor on one's own booking", async () => {
    const { booking } = await heldAndPickedUp();
    await returned(fx.staff, booking.id);
    const before = { ledger: await ledgerOf(booking.id), hold: await depositHoldOf(booking.id) };
    expect(
      await captureFromHold(fx.staff, booking.id, { amountCents: 15_001, reason: "Dented door" }, afterReturn),
    ).toBe("tooLarge");
    expect(
      await captureFromHold(fx.otherStaff, booking.id, { amountCents: 5000, reason: "Dented door" }, afterReturn),
    ).toBe("notFound");
    expect(
      await captureFromHold(fx.driver as StaffUser, booking.id, { amountCents: 5000, reason: "x" }, afterReturn),
    ).toBe("notFound");
    // Nothing changed.
    expect({ ledger: await ledgerOf(booking.id), hold: await depositHoldOf(booking.id) }).toEqual(before);
    expect(await fx.db.select().from(outbox).where(eq(outbox.jobName, "settle-deposit-hold"))).toEqual([]);

    expect(await captureFromHold(fx.staff, booking.id, { amountCents: 5000, reason: "Dented door" }, afterReturn)).toBe(
      "capturing",
    );
    await runQueued();
    expect(fake.intents[0]).toMatchObject({ status: "succeeded", amount_received: 5000 });
    expect(await depositHoldOf(booking.id)).toMatchObject({ status: "captured", capturedCents: 5000 });
    const [intent] = fake.intents;
    expect(await ledgerOf(booking.id)).toEqual([
      ["received", 15_000, "cardHold", intent.id],
      ["retained", 5000, null, null],
      ["refunded", 10_000, "cardHold", intent.id],
    ]);
    await deliver("payment_intent.succeeded");
    await runQueued();
    expect(await depositHoldOf(booking.id)).toMatchObject({ status: "captured", capturedCents: 5000 });
    // Settled once: a second claim finds nothing held.
    expect(await captureFromHold(fx.staff, booking.id, { amountCents: 100, reason: "Again" }, afterReturn)).toBe(
      "notHeld",
    );
  });

  it("is what a damage claim takes from: the close leaves it held while the claim is open, an admin's $50 decision captures $50 and releases the rest", async () => {
    const { booking } = await heldAndPickedUp();
    const dent = { area: "leftSide" as const, kind: "dent" as const, note: "Rear door", x: null, y: null };
    const back = { odometer: 48213, fuel: 6, returnedAt: "2026-12-06T13:00", damages: [], photos: [], marks: [dent] };
    await recordReturn(fx.staff, booking.id, back, afterReturn);
    const claim = { estimate: 12_000, asked: 8000, note: "Dent on the rear left door" };
    expect(await openClaim(fx.staff, booking.id, claim, afterReturn)).toBe("opened");
    // The close settles nothing while the claim is open: the hold stays held for it.
    expect(await closeRental(fx.staff, booking.id, {}, afterReturn)).toBe("closed");
    await runQueued();
    expect(fake.intents[0]).toMatchObject({ status: "requires_capture" });
    expect(await depositHoldOf(booking.id)).toMatchObject({ status: "held", settleCents: null });
    expect(await answerClaim(fx.driver, booking.id, { answer: "disputed", comment: "It was there" }, afterReturn)).toBe(
      "disputed",
    );
    expect(await decideClaim(fx.admin, booking.id, { decided: 5000, decisionNote: "Half of it" }, afterReturn)).toBe(
      "settled",
    );
    await runQueued();
    const [intent] = fake.intents;
    expect(intent).toMatchObject({ status: "succeeded", amount_received: 5000 });
    expect(await depositHoldOf(booking.id)).toMatchObject({ status: "captured", capturedCents: 5000 });
    expect(await ledgerOf(booking.id)).toEqual([
      ["received", 15_000, "cardHold", intent.id],
      ["retained", 5000, null, null],
      ["refunded", 10_000, "cardHold", intent.id],
    ]);
  });

  it("refuses a capture on the staff member's own booking", async () => {
    const { booking } = await heldAndPickedUp({ driverId: fx.staff.id });
    await returned(fx.admin, booking.id);
    expect(await captureFromHold(fx.staff, booking.id, { amountCents: 100, reason: "Scratch" }, afterReturn)).toBe(
      "ownBooking",
    );
  });

  it("is not held once its authorisation lapses: Stripe's expiry event, or its time passed before any event", async () => {
    const { booking } = await heldAndPickedUp();
    const hold = (await depositHoldOf(booking.id))!;
    // Within a day of the lapse staff are warned; past it, not held, before Stripe says anything.
    expect(holdState(hold, new Date(hold.heldUntil!.getTime() - 3_600_000))).toBe("lapsing");
    expect(holdState(hold, new Date(hold.heldUntil!.getTime() + 1000))).toBe("lapsed");
    // The dashboard warns the booking's staff, not another supplier's, within the last day.
    const lastDay = new Date(hold.heldUntil!.getTime() - 3_600_000);
    expect((await dashboardFigures(fx.staff, lastDay)).lapsingHolds).toEqual([
      { bookingId: booking.id, reference: booking.reference, amountCents: 15_000, heldUntil: hold.heldUntil },
    ]);
    expect((await dashboardFigures(fx.otherStaff, lastDay)).lapsingHolds).toEqual([]);
    expect((await dashboardFigures(fx.staff, now)).lapsingHolds).toEqual([]);
    const response = await fetch(`${fake.url}/_control/intents/${hold.intentId}/lapse`, { method: "POST" });
    expect(response.status).toBe(200);
    await deliver("payment_intent.canceled");
    await runQueued();
    expect(await depositHoldOf(booking.id)).toMatchObject({ status: "expired" });
    expect(await page(fx.staff, booking.id)).toMatchObject({ depositHold: { state: "lapsed" } });
    const dent = { area: "leftSide" as const, kind: "dent" as const, note: null, x: null, y: null };
    const back = { odometer: 48213, fuel: 6, returnedAt: "2026-12-06T13:00", damages: [], photos: [], marks: [dent] };
    await recordReturn(fx.staff, booking.id, back, afterReturn);
    expect(await captureFromHold(fx.staff, booking.id, { amountCents: 100, reason: "Scratch" }, afterReturn)).toBe(
      "notHeld",
    );
    // Nor can a damage claim be taken from it (docs/domain.md#damage-claims).
    const claim = { estimate: 12_000, asked: 100, note: "Dent" };
    expect(await openClaim(fx.staff, booking.id, claim, afterReturn)).toBe("cardHold");
    expect(
      await fx.db
        .select()
        .from(depositHolds)
        .where(and(eq(depositHolds.bookingId, booking.id), eq(depositHolds.status, "expired"))),
    ).toHaveLength(1);
  });
});
