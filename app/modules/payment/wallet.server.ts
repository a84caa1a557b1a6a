import { and, desc, eq, ne } from "drizzle-orm";
import QRCode from "qrcode";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enqueue } from "~/utils/jobs.server";
import { canTakePayment, type PayableBooking } from "./payable.server";
import { fulfilPayment, failPayment, type FulfilOutcome } from "./fulfil.server";
import { recordPayment } from "./record.server";
import { verifyUsdtTransfer, type InvalidReason } from "./tron";
import { tronAddressToHex } from "./tron-address.server";

const { bookings, payments } = schema;

/*
 * USDT (TRC20) payments (docs/domain.md#payments): the payer sends the balance to our deposit
 * address and gives us the transaction id; a job asks TronGrid for the solidified transaction
 * until it can judge it, for a bounded time.
 */

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
  return QRCode.toString(address, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
}

export type FailureReason = InvalidReason | "timeout";

/** Where the booking's latest USDT payment stands, for its page. */
export async function latestWalletPayment(bookingId: number): Promise<{ status: "pending" | "succeeded" | "failed" | "rejected"; failure: FailureReason | null } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ status: payments.status, details: payments.details })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.method, "walletPayment")))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!row) return null;
  return { status: row.status, failure: typeof row.details.failure === "string" ? (row.details.failure as FailureReason) : null };
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
  const paid = booking.status === "paid" || (booking.paidCents > 0 && booking.balanceCents === 0);
  const view = paid ? "paid" : latest?.status === "pending" ? "checking" : booking.payable ? "form" : "closed";
  return { view, failure: view === "form" && latest?.status === "failed" ? (latest.failure ?? "failed") : null };
}

class CheckInProgress extends Error {}

export type SubmitOutcome = { ok: true; paymentId: number } | { ok: false; reason: "duplicate" | "inProgress" | "notPayable" };

/**
 * Records the payer's transaction id for the booking's balance and, in the same transaction,
 * the job that checks it. A transaction id already recorded, for any booking, is a duplicate —
 * the unique provider reference decides, so two submissions racing get one payment. The booking
 * row is locked first, so a second, different id while one is being checked waits and is turned
 * away rather than paying twice.
 */
export async function submitTransaction(booking: PayableBooking, txId: string, now = new Date()): Promise<SubmitOutcome> {
  const settings = walletSettings();
  if (!settings) return { ok: false, reason: "notPayable" };
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt }).from(bookings).where(eq(bookings.id, booking.id)).for("update");
    if (!current || !canTakePayment({ ...current, balanceCents: booking.balanceCents }, now)) return { ok: false, reason: "notPayable" } as const;
    const recorded = await recordPayment(tx, {
      bookingId: booking.id,
      method: "walletPayment",
      amountCents: booking.balanceCents,
      providerReference: `${PREFIX}${txId}`,
      details: { txId, network: "TRC20", address: settings.address, contract: getEnv().USDT_CONTRACT },
      awaitingVerification: true,
    });
    if (!recorded.ok) return recorded;
    const [other] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.method, "walletPayment"), eq(payments.status, "pending"), ne(payments.id, recorded.paymentId)))
      .limit(1);
    // Undoes this payment with the transaction.
    if (other) throw new CheckInProgress();
    await enqueue(tx, "check-usdt-payment", { paymentId: recorded.paymentId }, `check-usdt-${recorded.paymentId}`);
    return recorded;
  }).catch((error: unknown) => {
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
      headers: { "Content-Type": "application/json", Accept: "application/json", ...(env.TRONGRID_API_KEY ? { "TRON-PRO-API-KEY": env.TRONGRID_API_KEY } : {}) },
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
 * One check of a submitted USDT payment: confirmed → fulfilled (booking paid, driver emailed);
 * invalid → failed with the reason the page shows; still unknown → NotYetSolidified, so the
 * outbox retries with its backoff, until CHECK_WINDOW_MS after submission, when it fails as
 * "timeout". A payment already settled is left alone, so a repeated job changes nothing.
 */
export async function checkUsdtPayment(paymentId: number, now = new Date()): Promise<CheckOutcome> {
  const db = await getDb();
  const [payment] = await db
    .select({ status: payments.status, amountCents: payments.amountCents, reference: payments.providerReference, submittedAt: payments.createdAt, bookingCreatedAt: bookings.createdAt })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.id, paymentId), eq(payments.method, "walletPayment")));
  if (!payment || payment.status !== "pending" || !payment.reference?.startsWith(PREFIX)) return "alreadyDone";
  const settings = walletSettings();
  if (!settings) throw new Error("WALLET_ADDRESS and USDT_CONTRACT must be TRON addresses (T…) to check USDT payments");

  const verdict = verifyUsdtTransfer(await transactionInfo(payment.reference.slice(PREFIX.length)), {
    contractHex: settings.contractHex,
    recipientHex: settings.recipientHex,
    minimumCents: payment.amountCents,
    notBefore: payment.bookingCreatedAt,
  });
  if (verdict.state === "confirmed") return fulfilPayment(paymentId, { now });
  const reason: FailureReason | null = verdict.state === "invalid" ? verdict.reason : now.getTime() - payment.submittedAt.getTime() >= CHECK_WINDOW_MS ? "timeout" : null;
  if (!reason) throw new NotYetSolidified(`Transaction of payment ${paymentId} is not solidified yet; checking again later`);
  await failPayment(paymentId, { status: "failed", reason, now });
  return reason;
}
