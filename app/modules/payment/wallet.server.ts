import { randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, ne, sql } from "drizzle-orm";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import { paidCentsColumn } from "~/modules/booking/move.server";
import { formatCents } from "~/modules/i18n/format";
import { qrSvg } from "~/modules/images/qr.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enqueue } from "~/utils/jobs.server";
import type { SessionUser } from "~/utils/session.server";
import { canTakePayment, isPaid, type PayableBooking } from "./payable.server";
import { fulfilPayment, failPayment, type FulfilOutcome } from "./fulfil.server";
import { endCardAttemptsOnceCovered } from "./settle-card-payment.server";
import { recordPayment } from "./record.server";
import {
  ATTEMPT_GRACE_MS,
  matchAttempt,
  readUsdtTransfer,
  USDT_UNITS_PER_CENT,
  usdtUnits,
  type InvalidReason,
  type UnmatchedReason,
} from "./tron";
import { hexToTronAddress, tronAddressToHex } from "./tron-address.server";
import { consume } from "~/modules/security/rate-limit.server";

const { bookings, payments, usdtAttempts, users } = schema;

export { ATTEMPT_GRACE_MS };

/*
 * USDT (TRC20) payments (docs/domain.md#usdt): the page opens an attempt — the balance plus a tag
 * of micro-USDT no other running attempt has — the payer sends exactly that to our deposit address
 * and gives us the transaction id; a job asks TronGrid for the solidified transaction until it can
 * judge it, for a bounded time, and it pays only the booking whose attempt it matches.
 */

/** How long the amount a page shows may be sent. */
export const ATTEMPT_MS = 30 * 60 * 1000;
/** A page reuses its booking's attempt only while this much of it is left, so the payer has time to send. */
const REUSE_MIN_MS = 10 * 60 * 1000;
/** Tags are 1..9,999 micro-USDT: the payer sends less than a cent over the balance, and what is credited is the balance. */
const MAX_TAG = 9_999;
/** Random tags tried before giving up: only thousands of running attempts for one balance exhaust them. */
const TAG_TRIES = 40;

/** A transaction still unknown this long after it was submitted will not come: the payment fails. */
export const CHECK_WINDOW_MS = 2 * 60 * 60 * 1000;
/** A TronGrid call that takes longer is a failed attempt, retried later. */
const TRONGRID_TIMEOUT_MS = 15_000;
const PREFIX = "tron:";

export type WalletSettings = { address: string; recipientHex: string; contractHex: string };

/** Our deposit address and the USDT contract, decoded; null when the deposit address is unset or not a TRON address. */
export function walletSettings(): WalletSettings | null {
  const env = getEnv();
  const recipientHex = env.WALLET_ADDRESS ? tronAddressToHex(env.WALLET_ADDRESS) : null;
  const contractHex = tronAddressToHex(env.USDT_CONTRACT);
  if (!env.WALLET_ADDRESS || !recipientHex || !contractHex) return null;
  return { address: env.WALLET_ADDRESS, recipientHex, contractHex };
}

/** The deposit address as a QR code, an SVG document rendered here so the page needs no script for it. */
export function depositQrSvg(address: string): Promise<string> {
  return qrSvg(address);
}

export type FailureReason = InvalidReason | UnmatchedReason | "timeout";

export type UsdtAttempt = {
  id: number;
  balanceCents: number;
  amountUnits: bigint;
  amount: string;
  openedAt: Date;
  expiresAt: Date;
};

const presentAttempt = (row: typeof usdtAttempts.$inferSelect): UsdtAttempt => ({
  id: row.id,
  balanceCents: row.balanceCents,
  amountUnits: row.amountUnits,
  amount: usdtUnits(row.amountUnits),
  openedAt: row.openedAt,
  expiresAt: row.expiresAt,
});

/**
 * Every tag for this balance is held by a running attempt (docs/domain.md#usdt): thousands of
 * payers of the same amount at once, which passes as their windows end. Not a fault: the page and
 * the API say "try again in a few minutes" (409).
 */
export class UsdtTagsInUse extends Error {
  name = "UsdtTagsInUse";
}

/**
 * The attempt a booking's page (or the API) shows (docs/domain.md#usdt): the running one for the
 * booking's current balance while at least REUSE_MIN_MS of it is left, else a new one with a
 * random tag. The partial unique index refuses an amount another unreleased attempt holds, so a
 * taken tag is simply drawn again. Attempts whose window and grace are over are released first,
 * which is the only moment an amount can be given twice — never to overlapping windows. Throws
 * UsdtTagsInUse when no tag is free (see usdtAttemptOrBusy).
 */
export async function openUsdtAttempt(
  booking: Pick<PayableBooking, "id" | "balanceCents">,
  now = new Date(),
): Promise<UsdtAttempt> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One page at a time per booking, so two tabs opening together share one attempt.
    await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, booking.id)).for("update");
    const [running] = await tx
      .select()
      .from(usdtAttempts)
      .where(
        and(
          eq(usdtAttempts.bookingId, booking.id),
          eq(usdtAttempts.balanceCents, booking.balanceCents),
          gt(usdtAttempts.expiresAt, new Date(now.getTime() + REUSE_MIN_MS)),
        ),
      )
      .orderBy(desc(usdtAttempts.id))
      .limit(1);
    if (running) return presentAttempt(running);
    await tx
      .update(usdtAttempts)
      .set({ releasedAt: now })
      .where(
        and(isNull(usdtAttempts.releasedAt), lt(usdtAttempts.expiresAt, new Date(now.getTime() - ATTEMPT_GRACE_MS))),
      );
    for (let i = 0; i < TAG_TRIES; i++) {
      const [row] = await tx
        .insert(usdtAttempts)
        .values({
          bookingId: booking.id,
          balanceCents: booking.balanceCents,
          amountUnits: BigInt(booking.balanceCents) * USDT_UNITS_PER_CENT + BigInt(randomInt(1, MAX_TAG + 1)),
          openedAt: now,
          expiresAt: new Date(now.getTime() + ATTEMPT_MS),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return presentAttempt(row);
    }
    throw new UsdtTagsInUse(`No free USDT tag for a balance of ${booking.balanceCents} cents`);
  });
}

/** openUsdtAttempt for the page and the API: `busy` when every tag of the balance is in use right now. */
export async function usdtAttemptOrBusy(
  booking: Pick<PayableBooking, "id" | "balanceCents">,
  now = new Date(),
): Promise<UsdtAttempt | "busy"> {
  try {
    return await openUsdtAttempt(booking, now);
  } catch (error) {
    if (error instanceof UsdtTagsInUse) return "busy";
    throw error;
  }
}

/** Where the booking's latest USDT payment stands, for its page. */
export async function latestWalletPayment(
  bookingId: number,
): Promise<{ status: "pending" | "succeeded" | "failed" | "rejected"; failure: FailureReason | null } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ status: payments.status, details: payments.details })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, "walletPayment")))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    failure: typeof row.details.failure === "string" ? (row.details.failure as FailureReason) : null,
  };
}

export type WalletView = "paid" | "checking" | "form" | "closed";
type LatestWalletPayment = Awaited<ReturnType<typeof latestWalletPayment>>;

/**
 * Where a booking's USDT payment stands for its payer: paid, a check running, a transaction can
 * be submitted (with why the last one failed), or nothing to pay. The page and the API show this.
 */
export function walletView(
  booking: Pick<PayableBooking, "status" | "paidCents" | "balanceCents" | "payable">,
  latest: LatestWalletPayment,
): { view: WalletView; failure: FailureReason | null } {
  const paid = isPaid(booking);
  const view = paid ? "paid" : latest?.status === "pending" ? "checking" : booking.payable ? "form" : "closed";
  return { view, failure: view === "form" && latest?.status === "failed" ? (latest.failure ?? "failed") : null };
}

class CheckInProgress extends Error {}

export type SubmitOutcome =
  { ok: true; paymentId: number } | { ok: false; reason: "duplicate" | "inProgress" | "notPayable" };

/** The provider reference of a transaction that paid a booking: unique, so one transaction pays once. */
const paidReference = (txId: string) => `${PREFIX}${txId}`;
/**
 * The reference of a booking's claim on a transaction until it is checked: unique per booking, so
 * another booking claiming the same transaction (only one of them can match it) never blocks the
 * real payer's submission.
 */
const claimReference = (txId: string, bookingId: number) => `${PREFIX}${txId}:${bookingId}`;

/**
 * Records the payer's transaction id for the booking's balance and, in the same transaction,
 * the job that checks it. A transaction that already paid a booking, or that this booking already
 * submitted, is a duplicate — unique provider references decide, so two submissions racing get
 * one payment. The booking row is locked first, so a second, different id while one is being
 * checked waits and is turned away rather than paying twice.
 */
export async function submitTransaction(
  booking: PayableBooking,
  txId: string,
  now = new Date(),
): Promise<SubmitOutcome> {
  const settings = walletSettings();
  if (!settings) return { ok: false, reason: "notPayable" };
  const db = await getDb();
  return db
    .transaction(async (tx) => {
      const [current] = await tx
        .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
        .from(bookings)
        .where(eq(bookings.id, booking.id))
        .for("update");
      if (!current || !canTakePayment({ ...current, balanceCents: booking.balanceCents }, now))
        return { ok: false, reason: "notPayable" } as const;
      const [paid] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.providerReference, paidReference(txId)));
      if (paid) return { ok: false, reason: "duplicate" } as const;
      const recorded = await recordPayment(tx, {
        bookingId: booking.id,
        method: "walletPayment",
        amountCents: booking.balanceCents,
        providerReference: claimReference(txId, booking.id),
        details: { txId, network: "TRC20", address: settings.address, contract: getEnv().USDT_CONTRACT },
        awaitingVerification: true,
      });
      if (!recorded.ok) return recorded;
      const [other] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.bookingId, booking.id),
            eq(payments.method, "walletPayment"),
            eq(payments.status, "pending"),
            ne(payments.id, recorded.paymentId),
          ),
        )
        .limit(1);
      // Undoes this payment with the transaction.
      if (other) throw new CheckInProgress();
      await enqueue(tx, "check-usdt-payment", { paymentId: recorded.paymentId }, `check-usdt-${recorded.paymentId}`);
      return recorded;
    })
    .catch((error: unknown) => {
      if (error instanceof CheckInProgress) return { ok: false, reason: "inProgress" } as const;
      throw error;
    });
}

/** TronGrid could not answer now (rate limit, outage, network): the job tries again later. */
export class TronGridUnavailable extends Error {
  name = "TronGridUnavailable";
}

/** The transaction is not on the solidified chain (yet): the job tries again later. */
export class NotYetSolidified extends Error {
  name = "NotYetSolidified";
}

/** POST /walletsolidity/gettransactioninfobyid: the final (solidified) state of a transaction, `{}` while there is none. */
async function transactionInfo(txId: string): Promise<unknown> {
  const env = getEnv();
  let response: Response;
  try {
    response = await fetch(new URL("/walletsolidity/gettransactioninfobyid", env.TRONGRID_URL), {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        ...(env.TRONGRID_API_KEY ? { "TRON-PRO-API-KEY": env.TRONGRID_API_KEY } : {}),
      },
      body: JSON.stringify({ value: txId }),
      signal: AbortSignal.timeout(TRONGRID_TIMEOUT_MS),
    });
  } catch (error) {
    throw new TronGridUnavailable(`TronGrid unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  // 429 and 403 are TronGrid's rate limits; like an outage they pass, so the job waits them out.
  if (!response.ok) throw new TronGridUnavailable(`TronGrid answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new TronGridUnavailable("TronGrid answered something that is not JSON");
  }
}

export type CheckOutcome = FulfilOutcome | FailureReason;

/**
 * One check of a submitted USDT payment (docs/domain.md#usdt): USDT received that matches one of
 * the booking's attempts → the payment takes the transaction's one paid reference and is fulfilled
 * (booking paid, driver emailed); USDT received that matches none → failed with the reason, the
 * amount received and the sender kept for staff (never credited: it is not provably this
 * booking's); no USDT to us → failed with the reason the page shows; still unknown →
 * NotYetSolidified, so the outbox retries with its backoff, until CHECK_WINDOW_MS after
 * submission, when it fails as "timeout" and frees the id to be submitted again. A payment
 * already settled is left alone, so a repeated job changes nothing.
 */
export async function checkUsdtPayment(paymentId: number, now = new Date()): Promise<CheckOutcome> {
  const db = await getDb();
  const [payment] = await db
    .select({
      status: payments.status,
      bookingId: payments.bookingId,
      reference: payments.providerReference,
      details: payments.details,
      submittedAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.method, "walletPayment")));
  if (!payment || payment.status !== "pending" || !payment.reference?.startsWith(PREFIX)) return "alreadyDone";
  const settings = walletSettings();
  if (!settings) throw new Error("WALLET_ADDRESS and USDT_CONTRACT must be TRON addresses (T…) to check USDT payments");
  const txId = String(payment.details.txId);

  const verdict = readUsdtTransfer(await transactionInfo(txId), {
    contractHex: settings.contractHex,
    recipientHex: settings.recipientHex,
  });
  if (verdict.state === "pending") {
    if (now.getTime() - payment.submittedAt.getTime() < CHECK_WINDOW_MS)
      throw new NotYetSolidified(`Transaction of payment ${paymentId} is not solidified yet; checking again later`);
    await failPayment(paymentId, { status: "failed", reason: "timeout", now });
    // Not judged, so not burned: the booking may submit the same id again once the chain has it.
    await db
      .update(payments)
      .set({ providerReference: `${claimReference(txId, payment.bookingId)}:${paymentId}` })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "failed")));
    return "timeout";
  }
  if (verdict.state === "invalid") {
    await failPayment(paymentId, { status: "failed", reason: verdict.reason, now });
    return verdict.reason;
  }

  const { transfer } = verdict;
  const [attempts, balanceCents] = await Promise.all([
    db.select().from(usdtAttempts).where(eq(usdtAttempts.bookingId, payment.bookingId)),
    bookingBalance(payment.bookingId),
  ]);
  const match = matchAttempt(transfer, attempts, balanceCents);
  const received = {
    received: usdtUnits(transfer.amount),
    sender: transfer.senders.map((hex) => hexToTronAddress(hex) ?? hex).join(" "),
    blockTime: Number.isNaN(transfer.blockTime) ? null : new Date(transfer.blockTime).toISOString(),
  };
  if (match.state === "unmatched") {
    await db
      .update(payments)
      .set({ details: { ...payment.details, ...received } })
      .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
    await failPayment(paymentId, { status: "failed", reason: match.reason, now });
    return match.reason;
  }
  await db
    .update(payments)
    .set({
      providerReference: paidReference(txId),
      amountCents: match.attempt.balanceCents,
      details: {
        ...payment.details,
        ...received,
        attempt: match.attempt.id,
        amount: usdtUnits(match.attempt.amountUnits),
      },
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, "pending")));
  const outcome = await fulfilPayment(paymentId, { now });
  await endCardAttemptsOnceCovered(payment.bookingId);
  return outcome;
}

/** What the booking still owes: its price minus succeeded payments. */
async function bookingBalance(bookingId: number): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({
      balance: sql<number>`${bookings.priceCents} - ${paidCentsColumn}`,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return Math.max(0, Number(row?.balance ?? 0));
}

const UNMATCHED_LIMIT = 200;

/**
 * USDT that reached our address but paid nothing (docs/domain.md#usdt), newest first, for the
 * back office: the booking whose payer submitted it, the sender, the amount received, the
 * transaction and why it did not match. A transaction that then paid another booking (its real
 * payer's) is left out. Scoped like the pago móvil queue: admins see all, supplier staff their
 * supplier's bookings.
 */
export async function unmatchedUsdtTransfers(user: Pick<SessionUser, "id" | "type" | "supplierId">) {
  if (!isStaff(user)) return [];
  const db = await getDb();
  const rows = await db
    .select({
      paymentId: payments.id,
      bookingId: bookings.id,
      reference: bookings.reference,
      driverName: users.fullName,
      driverEmail: users.email,
      amountCents: payments.amountCents,
      details: payments.details,
      at: payments.updatedAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        bookingScope(user),
        eq(payments.method, "walletPayment"),
        eq(payments.status, "failed"),
        sql`${payments.details} ? 'received'`,
        sql`not exists (select 1 from ${payments} paid where paid.provider_reference = ${PREFIX} || (${payments.details} ->> 'txId') and paid.status = 'succeeded')`,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(UNMATCHED_LIMIT);
  const text = (value: unknown) => (value == null ? "" : String(value));
  return rows.map((row) => ({
    paymentId: row.paymentId,
    bookingId: row.bookingId,
    reference: row.reference,
    driver: `${row.driverName} · ${row.driverEmail}`,
    expected: formatCents(row.amountCents),
    received: `${text(row.details.received)} USDT`,
    sender: text(row.details.sender),
    txId: text(row.details.txId),
    failure: text(row.details.failure) as UnmatchedReason,
    at: row.at,
  }));
}

/**
 * submitTransaction under the payment-submit limit (docs/security.md#rate-limits): per booking,
 * counted before the answer, as for pago móvil. The page and the API call this one.
 */
export async function submitTransactionLimited(
  booking: PayableBooking,
  txId: string,
  now = new Date(),
): Promise<SubmitOutcome | "rateLimited"> {
  if (!(await consume("payment-submit", String(booking.id)))) return "rateLimited";
  return submitTransaction(booking, txId, now);
}
