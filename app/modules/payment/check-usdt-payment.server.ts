import { and, eq, sql } from "drizzle-orm";
import { paidCentsColumn } from "~/modules/booking/move.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { fulfilPayment, failPayment, type FulfilOutcome } from "./fulfil.server";
import { endCardAttemptsOnceCovered } from "./settle-card-payment.server";
import {
  claimReference,
  matchAttempt,
  paidReference,
  readUsdtTransfer,
  REFERENCE_PREFIX,
  usdtUnits,
  type FailureReason,
} from "./tron";
import { hexToTronAddress } from "./tron-address.server";
import { walletSettings } from "./wallet-settings.server";

const { bookings, payments, usdtAttempts } = schema;

/** A transaction still unknown this long after it was submitted will not come: the payment fails. */
export const CHECK_WINDOW_MS = 2 * 60 * 60 * 1000;
/** A TronGrid call that takes longer is a failed attempt, retried later. */
const TRONGRID_TIMEOUT_MS = 15_000;
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
  if (!payment || payment.status !== "pending" || !payment.reference?.startsWith(REFERENCE_PREFIX))
    return "alreadyDone";
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
