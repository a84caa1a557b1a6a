import { and, asc, eq, gt, sql } from "drizzle-orm";
import { paidCentsColumn } from "~/modules/booking/paid-column.server";
import { schema, type Executor } from "~/utils/db.server";

const { bookings, payments, usdtAttempts } = schema;
type PaymentMethod = (typeof payments.$inferSelect)["method"];

/**
 * Another payment of the booking on its way, which the counter must not pay a second time
 * (docs/domain.md#counter-money):
 * - `transfer`: money that cannot be called back — a pago móvil transfer waiting for staff to
 *   verify it, a USDT transaction being checked, or a USDT amount the payer was asked to send
 *   whose window still runs, for what the booking still owes (they may be sending it now);
 * - `card`: an open card attempt only (a demo attempt, a Stripe session), which is ended before
 *   the counter takes the money (`closeOpenCardAttempts`), as an amendment does.
 * The same rule as the payment module's `paymentInFlight` (the amendment's `paymentInProgress`),
 * read in the transaction that holds the booking's row; the method and amount say on the page
 * which payment it is.
 */
export type PaymentInFlight = { kind: "transfer" | "card"; method: PaymentMethod; amountCents: number } | null;

export async function paymentInFlight(
  executor: Executor,
  bookingId: number,
  now = new Date(),
): Promise<PaymentInFlight> {
  const pending = await executor
    .select({ method: payments.method, amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "pending")))
    .orderBy(asc(payments.id));
  const transfer = pending.find((p) => p.method !== "cardPayment");
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
