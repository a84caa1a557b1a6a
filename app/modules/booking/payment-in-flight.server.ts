import { and, asc, eq, gt, sql } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";
import { paidCentsColumn } from "./paid-column.server";

const { bookings, payments, usdtAttempts } = schema;

/**
 * What of a booking's money is on its way (docs/domain.md#in-flight):
 * - `transfer`: money we cannot call back — a pago móvil transfer awaiting staff, a USDT
 *   transaction being checked, or a USDT amount the payer was asked to send in a window still
 *   running, for what the booking still owes (they may be sending it now);
 * - `card`: only open card attempts (a demo attempt, a Stripe session): they can be ended before
 *   taking money another way (`closeOpenCardAttempts` in the payment module), as an amendment does.
 */
export type PaymentInFlight = "transfer" | "card" | null;

type PaymentMethod = (typeof payments.$inferSelect)["method"];

/** The payment in flight with its method and amount, so a page can name it (the counter's notice). */
export type PaymentOnItsWay = { kind: NonNullable<PaymentInFlight>; method: PaymentMethod; amountCents: number } | null;

/**
 * THE rule for "another payment of this booking is in flight" (docs/domain.md#in-flight): no
 * amendment (its attempts were for the old price), no counter payment, no second online payment
 * starts while it holds. Here, below the payment module, because the amendment needs it too; the
 * payment module re-exports it (`~/modules/payment/in-flight.server`). Read it in the transaction
 * that holds the booking's row, so a payment recorded meanwhile is seen or waits for it.
 */
export async function paymentInFlight(
  executor: Executor,
  bookingId: number,
  now = new Date(),
): Promise<PaymentInFlight> {
  return (await paymentOnItsWay(executor, bookingId, now))?.kind ?? null;
}

/** `paymentInFlight` with the payment it found: the first transfer, or else the first open card attempt. */
export async function paymentOnItsWay(
  executor: Executor,
  bookingId: number,
  now = new Date(),
): Promise<PaymentOnItsWay> {
  const pending = await executor
    .select({ method: payments.method, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "pending")))
    .orderBy(asc(payments.id));
  const transfer = pending.find((payment) => payment.method !== "cardPayment");
  if (transfer) return { kind: "transfer", ...transfer };
  const [sending] = await executor
    .select({ amountCents: usdtAttempts.balanceCents })
    .from(usdtAttempts)
    .innerJoin(bookings, eq(bookings.id, usdtAttempts.bookingId))
    .where(
      and(
        eq(usdtAttempts.bookingId, bookingId),
        gt(usdtAttempts.expiresAt, now),
        // An attempt for another balance can no longer pay (docs/domain.md#usdt).
        sql`${usdtAttempts.balanceCents} = ${bookings.priceCents} - ${paidCentsColumn}`,
      ),
    )
    .limit(1);
  if (sending) return { kind: "transfer", method: "walletPayment", amountCents: sending.amountCents };
  return pending[0] ? { kind: "card", ...pending[0] } : null;
}
