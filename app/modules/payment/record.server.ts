import { and, eq } from "drizzle-orm";
import { schema, type Transaction } from "~/utils/db.server";
import type { OnlineMethod } from "./methods";

const { bookings, bookingEvents, payments } = schema;

export type PaymentRequest = {
  bookingId: number;
  method: OnlineMethod;
  amountCents: number;
  /** Unique across all payments: `stripe:<session>`, `demo:<id>`, `pm:<bank>:<ref>:<date>`, `tron:<txid>`. */
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
    const moved = await tx
      .update(bookings)
      .set({ status: "pending" })
      .where(and(eq(bookings.id, request.bookingId), eq(bookings.status, "void")))
      .returning({ id: bookings.id });
    if (moved.length > 0) await tx.insert(bookingEvents).values({ bookingId: request.bookingId, actorId: null, fromStatus: "void", toStatus: "pending", note: "payment submitted" });
  }
  return { ok: true, paymentId: row.id };
}
