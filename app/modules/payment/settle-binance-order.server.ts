import { and, eq, isNull } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { log } from "~/utils/log.server";
import { usdtDecimal } from "./binance-order.server";
import { fulfilPaymentIn, type FulfilOutcome } from "./fulfil.server";
import { recordPayment } from "./record.server";
import { endCardAttemptsOnceCovered } from "./settle-card-payment.server";

const { binancePayOrders, payments } = schema;

/** What Binance says was paid for one of our orders: its signed webhook, or our query of the order. */
export type PaidOrder = { merchantTradeNo: string; currency: string; amount: string; transactionId: string };

/** The one payment an order can become: its unique provider reference (docs/domain.md#binance-pay). */
const reference = (merchantTradeNo: string) => `binance:${merchantTradeNo}`;

/**
 * A paid Binance Pay order becomes the booking's payment (docs/domain.md#binance-pay), however
 * often Binance says so and whoever says it first (the webhook, the late query): the payment's
 * unique reference lets only the first record it, and fulfilPayment confirms it once — the
 * booking is paid through the status door only when payments cover its price, and the driver gets
 * one email. Binance has taken the money, so a booking covered meanwhile records it as a credit.
 * An order that is not ours, or a paid amount or currency other than the order's, changes nothing
 * and is logged for staff.
 */
export async function settlePaidOrder(paid: PaidOrder): Promise<FulfilOutcome | "unknownOrder" | "mismatch"> {
  const db = await getDb();
  const [order] = await db
    .select()
    .from(binancePayOrders)
    .where(eq(binancePayOrders.merchantTradeNo, paid.merchantTradeNo));
  if (!order) return "unknownOrder";
  if (paid.currency !== "USDT" || Number(paid.amount).toFixed(2) !== usdtDecimal(order.amountCents)) {
    log().error(
      { op: "binance settle", merchantTradeNo: paid.merchantTradeNo, bookingId: order.bookingId },
      "Binance Pay reports an amount or currency other than the order's; left unchanged",
    );
    return "mismatch";
  }
  const outcome = await db.transaction(async (tx) => {
    const recorded = await recordPayment(tx, {
      bookingId: order.bookingId,
      method: "binancePay",
      amountCents: order.balanceCents,
      providerReference: reference(order.merchantTradeNo),
      details: {
        merchantTradeNo: order.merchantTradeNo,
        prepayId: order.prepayId,
        transactionId: paid.transactionId || null,
        amount: paid.amount,
        currency: paid.currency,
      },
      awaitingVerification: false,
    });
    const paymentId = recorded.ok
      ? recorded.paymentId
      : (
          await tx
            .select({ id: payments.id })
            .from(payments)
            .where(eq(payments.providerReference, reference(order.merchantTradeNo)))
        )[0].id;
    await tx.update(binancePayOrders).set({ paymentId }).where(eq(binancePayOrders.id, order.id));
    return fulfilPaymentIn(tx, paymentId, { overpay: "credit" });
  });
  await endCardAttemptsOnceCovered(order.bookingId);
  return outcome;
}

/** Binance closed the order unpaid (PAY_CLOSED, or the query says so): the page opens another next time. */
export async function closeOrder(merchantTradeNo: string, now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .update(binancePayOrders)
    .set({ closedAt: now })
    .where(
      and(
        eq(binancePayOrders.merchantTradeNo, merchantTradeNo),
        isNull(binancePayOrders.closedAt),
        isNull(binancePayOrders.paymentId),
      ),
    );
}
