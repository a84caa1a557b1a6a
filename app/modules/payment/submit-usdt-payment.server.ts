import { and, desc, eq, ne } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { enqueue } from "~/utils/jobs.server";
import { consume } from "~/modules/security/rate-limit.server";
import { canTakePayment, isPaid, type PayableBooking } from "./payable.server";
import { recordPayment } from "./record.server";
import { claimReference, paidReference, type FailureReason } from "./tron";
import { walletSettings } from "./wallet-settings.server";

const { bookings, payments } = schema;

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
