import { lockBooking, moveBooking } from "~/modules/booking/move.server";
import { schema, type Transaction } from "~/utils/db.server";
import type { CounterMethod, OnlineMethod } from "~/modules/booking/methods";

const { payments } = schema;

export type PaymentRequest = {
  bookingId: number;
  /** An online method, or money staff took at the counter (docs/domain.md#pick-up). */
  method: OnlineMethod | CounterMethod;
  amountCents: number;
  /** Unique across all payments: `stripe:<session>`, `demo:<id>`, `pm:<bank>:<ref>:<date>`, `tron:<txid>` (a claim being checked: `tron:<txid>:<booking>`, docs/domain.md#usdt), `counter:pickup:<booking>`, `counter:close:<booking>` (docs/domain.md#closing). */
  providerReference: string;
  details: Record<string, string | number | null>;
  /** A payment staff or the chain must verify: the booking stops being a hold and waits as `pending`. */
  awaitingVerification: boolean;
};

export type RecordResult = { ok: true; paymentId: number } | { ok: false; reason: "duplicate" };

/**
 * Records one payment attempt in the caller's transaction (docs/domain.md#payments). The unique
 * provider reference makes a reused pago móvil reference or transaction id a "duplicate", also
 * when two submissions race: the loser's insert does nothing and reports it.
 */
export async function recordPayment(tx: Transaction, request: PaymentRequest): Promise<RecordResult> {
  const [row] = await tx
    .insert(payments)
    .values({
      bookingId: request.bookingId,
      method: request.method,
      amountCents: request.amountCents,
      providerReference: request.providerReference,
      details: request.details,
    })
    .onConflictDoNothing({ target: payments.providerReference })
    .returning({ id: payments.id });
  if (!row) return { ok: false, reason: "duplicate" };
  if (request.awaitingVerification) {
    const booking = await lockBooking(tx, request.bookingId);
    if (booking?.status === "void")
      await moveBooking(tx, booking, "pending", { kind: "system" }, { note: "payment submitted" });
  }
  return { ok: true, paymentId: row.id };
}
