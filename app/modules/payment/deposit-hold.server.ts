import crypto from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, or } from "drizzle-orm";
import { bookingScope } from "~/modules/access/booking-scope.server";
import type { SessionUser } from "~/utils/session.server";
import type Stripe from "stripe";
import { recordAudit } from "~/modules/audit/audit.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { enqueue } from "~/utils/jobs.server";
import { errorHeadline, log } from "~/utils/log.server";
import { getEnv } from "~/utils/env.server";
import { demoDecision } from "./card";
import { cardGateway } from "./config.server";
import { depositLedgerOf, recordDepositEntry } from "./deposit-ledger.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { HOLD_DAYS, holdState, LAPSE_WARNING_MS } from "./deposit-hold";
import { stripeClient } from "./stripe.server";

/*
 * The card deposit held for real (docs/domain.md#card-deposit-hold): a Checkout Session in payment
 * mode whose PaymentIntent is captured manually, authorised by the driver on the card page (on the
 * staff's device at the counter), kept true by Stripe's events, then captured for what the deposit
 * ledger retained and released for the rest — one call, through the job `settle-deposit-hold`.
 * The demo gateway does the same without Stripe. A hold is never a payment of the booking.
 */

const { depositHolds } = schema;

export type DepositHoldRow = typeof depositHolds.$inferSelect;

/** The metadata that tells a deposit's session and PaymentIntent from a payment's, in Stripe's events. */
export const DEPOSIT_PURPOSE = "depositHold";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function depositHoldOf(bookingId: number, executor?: Executor): Promise<DepositHoldRow | null> {
  const db = executor ?? (await getDb());
  const [row] = await db.select().from(depositHolds).where(eq(depositHolds.bookingId, bookingId));
  return row ?? null;
}

/**
 * A booking's hold as its pages show it (the booking page, the pick-up page): what it holds and
 * until when on the pick-up place's clock; null while none was authorised.
 */
export async function depositHoldView(bookingId: number, timeZone: string, now = new Date()) {
  const hold = await depositHoldOf(bookingId);
  if (!hold || hold.status === "open" || hold.status === "failed") return null;
  return {
    state: holdState(hold, now),
    amountCents: hold.amountCents,
    capturedCents: hold.capturedCents,
    heldUntil: hold.heldUntil ? wallClockLabel(hold.heldUntil, timeZone) : null,
    demo: hold.gateway === "demo",
  };
}

export type DepositHoldView = NonNullable<Awaited<ReturnType<typeof depositHoldView>>>;

/**
 * The card holds in the caller's scope that lapse within a day (docs/domain.md#card-deposit-hold),
 * soonest first, for the dashboard's warning: still held, not yet settled.
 */
export async function lapsingHolds(user: Pick<SessionUser, "id" | "type" | "supplierId">, now = new Date()) {
  const db = await getDb();
  return db
    .select({
      bookingId: depositHolds.bookingId,
      reference: schema.bookings.reference,
      amountCents: depositHolds.amountCents,
      heldUntil: depositHolds.heldUntil,
    })
    .from(depositHolds)
    .innerJoin(schema.bookings, eq(schema.bookings.id, depositHolds.bookingId))
    .where(
      and(
        bookingScope(user),
        eq(depositHolds.status, "held"),
        isNull(depositHolds.settleCents),
        gt(depositHolds.heldUntil, now),
        lte(depositHolds.heldUntil, new Date(now.getTime() + LAPSE_WARNING_MS)),
      ),
    )
    .orderBy(asc(depositHolds.heldUntil));
}

/** The card page of a hold: Stripe's hosted page (its return comes back here) or the demo gateway's form. */
export const depositHoldPath = (bookingId: number, sessionId: string) =>
  `/admin/counter/deposit-hold?b=${bookingId}&session=${sessionId}`;

/** A hold that may be replaced by a new attempt: nothing is held on it. */
const replaceable = ["open", "failed", "released", "expired"] as const;

/**
 * Opens a card attempt for `amountCents` (the server's number, the booking's deposit) of booking
 * `booking` and records it as the booking's hold, `open` until the card is authorised. The caller
 * has checked who asks and that the booking may take one. Null when the gateway refused.
 */
export async function openDepositHold(
  actor: { id: number },
  booking: { id: number; reference: string; supplierId: number },
  amountCents: number,
  language: string,
): Promise<{ url: string } | null> {
  const gateway = cardGateway();
  if (!gateway) return null;
  const earlier = await depositHoldOf(booking.id);
  let sessionId: string;
  let url: string;
  if (gateway === "demo") {
    if (earlier?.gateway === "demo" && earlier.status === "open" && earlier.amountCents === amountCents)
      return { url: depositHoldPath(booking.id, earlier.sessionId) };
    sessionId = crypto.randomBytes(16).toString("hex");
    url = depositHoldPath(booking.id, sessionId);
  } else {
    const stripe = stripeClient()!;
    const appUrl = getEnv().APP_URL.replace(/\/+$/, "");
    try {
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: "usd",
                unit_amount: amountCents,
                product_data: { name: `Deposit · ${booking.reference}` },
              },
            },
          ],
          // Authorised now, captured (in part) or released after the return (docs/domain.md#card-deposit-hold).
          payment_intent_data: {
            capture_method: "manual",
            metadata: { purpose: DEPOSIT_PURPOSE, bookingId: String(booking.id) },
          },
          client_reference_id: String(booking.id),
          metadata: { purpose: DEPOSIT_PURPOSE, bookingId: String(booking.id), reference: booking.reference },
          locale: language as Stripe.Checkout.SessionCreateParams.Locale,
          success_url: `${appUrl}${depositHoldPath(booking.id, "{CHECKOUT_SESSION_ID}")}`,
          cancel_url: `${appUrl}/admin/counter/pickup?b=${booking.id}`,
        },
        // One key per earlier attempt: a double click replays the same session.
        { idempotencyKey: `deposit-hold-${booking.id}-after-${earlier?.sessionId ?? "none"}` },
      );
      if (!session.url) return null;
      sessionId = session.id;
      url = session.url;
    } catch (error) {
      log().error(
        { op: "stripe deposit hold", bookingId: booking.id },
        `Stripe refused a deposit's Checkout Session: ${errorHeadline(error)}`,
      );
      return null;
    }
  }
  const db = await getDb();
  const opened = await db.transaction(async (tx) => {
    const values = {
      gateway,
      sessionId,
      intentId: null,
      status: "open" as const,
      amountCents,
      capturedCents: 0,
      heldUntil: null,
      settleCents: null,
      settledBy: null,
      settledAt: null,
      startedBy: actor.id,
    };
    const [row] = await tx
      .insert(depositHolds)
      .values({ bookingId: booking.id, ...values })
      .onConflictDoUpdate({
        target: depositHolds.bookingId,
        set: { ...values, updatedAt: new Date() },
        // A hold that holds money is never replaced (two staff starting at once).
        setWhere: inArray(depositHolds.status, replaceable),
      })
      .returning({ sessionId: depositHolds.sessionId });
    if (!row) return false;
    await recordAudit(tx, actor, {
      action: "booking.depositHoldStarted",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: { amountCents: [null, amountCents], gateway: [null, gateway] },
    });
    return true;
  });
  return opened || earlier?.sessionId === sessionId ? { url } : null;
}

/** The facts of a PaymentIntent the hold follows (retrieved from Stripe, never taken from a post). */
export type IntentFacts = Pick<
  Stripe.PaymentIntent,
  "id" | "status" | "amount" | "amount_received" | "cancellation_reason" | "created"
> & { captureBefore: number | null };

/** `capture_before` of the intent's charge, when Stripe gave the charge expanded. */
function captureBeforeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === "string") return null;
  return charge.payment_method_details?.card?.capture_before ?? null;
}

export async function retrieveIntent(intentId: string): Promise<IntentFacts> {
  const intent = await stripeClient()!.paymentIntents.retrieve(intentId, { expand: ["latest_charge"] });
  return { ...intent, captureBefore: captureBeforeOf(intent) };
}

/**
 * Brings the hold up to date with its PaymentIntent as Stripe has it (the webhook's job and the
 * card page's return alike, in any order, any number of times): authorised → `held` until the
 * charge's `capture_before` (else 7 days from the authorisation); cancelled by us → `released`;
 * cancelled by Stripe because the authorisation lapsed (`automatic`) → `expired`; captured →
 * `captured` with the amount taken. A hold already past a state is never moved back.
 */
export async function applyIntent(
  hold: Pick<DepositHoldRow, "bookingId" | "sessionId">,
  intent: IntentFacts,
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  const where = (from: DepositHoldRow["status"][]) =>
    and(
      eq(depositHolds.bookingId, hold.bookingId),
      or(eq(depositHolds.intentId, intent.id), isNull(depositHolds.intentId)),
      inArray(depositHolds.status, from),
    );
  if (intent.status === "requires_capture") {
    const until = intent.captureBefore ?? intent.created + HOLD_DAYS * 86_400;
    await db
      .update(depositHolds)
      .set({ status: "held", intentId: intent.id, heldUntil: new Date(until * 1000), updatedAt: now })
      .where(where(["open", "failed"]));
  } else if (intent.status === "canceled") {
    const status = intent.cancellation_reason === "automatic" ? "expired" : "released";
    await db
      .update(depositHolds)
      .set({ status, intentId: intent.id, updatedAt: now })
      .where(where(["open", "held"]));
  } else if (intent.status === "succeeded") {
    await db
      .update(depositHolds)
      .set({ status: "captured", intentId: intent.id, capturedCents: intent.amount_received, updatedAt: now })
      .where(where(["held"]));
  }
}

/** The card page's return from Stripe: the session read again, and its PaymentIntent with it. */
export async function confirmStripeHold(hold: DepositHoldRow): Promise<void> {
  if (hold.gateway !== "stripe" || hold.status !== "open") return;
  try {
    const session = await stripeClient()!.checkout.sessions.retrieve(hold.sessionId);
    const intentId = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (session.status === "complete" && intentId) await applyIntent(hold, await retrieveIntent(intentId));
  } catch (error) {
    // Stripe out of reach: the webhook still brings the hold up to date.
    log().error(
      { op: "stripe deposit return", bookingId: hold.bookingId },
      `Could not confirm: ${errorHeadline(error)}`,
    );
  }
}

/** The demo gateway's decision on a valid card: the approving test card holds the deposit 7 days; others are declined. */
export async function holdWithDemoCard(hold: DepositHoldRow, cardNumber: string, now = new Date()): Promise<boolean> {
  if (hold.gateway !== "demo" || hold.status !== "open") return hold.status === "held";
  const approved = demoDecision(cardNumber) === "approved";
  const db = await getDb();
  await db
    .update(depositHolds)
    .set(
      approved
        ? {
            status: "held",
            intentId: `demo_${hold.sessionId}`,
            heldUntil: new Date(now.getTime() + HOLD_DAYS * DAY_MS),
            updatedAt: now,
          }
        : { status: "failed", updatedAt: now },
    )
    .where(and(eq(depositHolds.bookingId, hold.bookingId), eq(depositHolds.status, "open")));
  return approved;
}

/**
 * Settles a held hold against the deposit ledger, in the caller's transaction (the close, a claim's
 * capture), the booking's row locked: what the ledger retained is captured, what it still holds is
 * recorded as refunded (`cardHold`, the PaymentIntent as reference) and released — Stripe captures
 * an intent once, the rest going back. The call itself is the job `settle-deposit-hold`, under one
 * id per booking. Refused (`tooLarge`, nothing written) when the ledger retained more than the hold.
 */
export async function settleHoldWithLedger(
  tx: Executor,
  actor: { id: number },
  booking: { id: number; supplierId: number },
  hold: DepositHoldRow,
  now: Date,
): Promise<"settling" | "tooLarge"> {
  const { balance } = await depositLedgerOf(booking.id, tx);
  const captureCents = balance.retainedCents;
  if (captureCents > hold.amountCents) return "tooLarge";
  if (balance.heldCents > 0)
    await recordDepositEntry(
      tx,
      actor,
      booking,
      { kind: "refunded", amountCents: balance.heldCents, method: "cardHold", reference: hold.intentId },
      now,
    );
  await tx
    .update(depositHolds)
    .set({ settleCents: captureCents, settledBy: actor.id, settledAt: now, updatedAt: now })
    .where(
      and(eq(depositHolds.bookingId, booking.id), eq(depositHolds.status, "held"), isNull(depositHolds.settleCents)),
    );
  await enqueue(tx, "settle-deposit-hold", { bookingId: booking.id }, `deposit-hold-settle-${booking.id}`);
  await recordAudit(tx, actor, {
    action: "booking.depositHoldSettled",
    subjectType: "booking",
    subjectId: booking.id,
    supplierId: booking.supplierId,
    changes: { capturedCents: [null, captureCents], releasedCents: [null, hold.amountCents - captureCents] },
  });
  return "settling";
}

/**
 * The job `settle-deposit-hold`: captures what staff settled (or cancels the intent when it is 0)
 * at Stripe, under an idempotency key of its own, and records what Stripe answers. Run again, it
 * finds the hold settled and does nothing; a hold that lapsed meanwhile is read back as expired.
 */
export async function settleDepositHold(bookingId: number, now = new Date()): Promise<void> {
  const hold = await depositHoldOf(bookingId);
  if (!hold || hold.status !== "held" || hold.settleCents === null || !hold.intentId) return;
  const captureCents = hold.settleCents;
  if (hold.gateway === "demo") {
    const db = await getDb();
    await db
      .update(depositHolds)
      .set(
        captureCents > 0
          ? { status: "captured", capturedCents: captureCents, updatedAt: now }
          : { status: "released", updatedAt: now },
      )
      .where(and(eq(depositHolds.bookingId, bookingId), eq(depositHolds.status, "held")));
    return;
  }
  const stripe = stripeClient();
  if (!stripe) throw new Error("A Stripe deposit hold is settled only with STRIPE_SECRET_KEY set");
  const key = `deposit-hold-settle-${bookingId}-${hold.intentId}`;
  try {
    if (captureCents > 0)
      await stripe.paymentIntents.capture(hold.intentId, { amount_to_capture: captureCents }, { idempotencyKey: key });
    else await stripe.paymentIntents.cancel(hold.intentId, {}, { idempotencyKey: key });
  } catch (error) {
    // Already settled or lapsed at Stripe: its state is the truth. Anything else is retried.
    if ((error as { code?: string }).code !== "payment_intent_unexpected_state") throw error;
  }
  await applyIntent(hold, await retrieveIntent(hold.intentId), now);
}
