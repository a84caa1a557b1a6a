import { and, gt, isNull, lt } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { errorHeadline, log } from "~/utils/log.server";
import { BinancePayUnavailable, queryOrder } from "./binance-pay.server";
import { closeOrder, settlePaidOrder } from "./settle-binance-order.server";

const { binancePayOrders } = schema;

/** An order whose webhook has not come this long after it opened is asked about. */
const LATE_MS = 5 * 60 * 1000;
/** Orders are asked about until this long after they expired: a payment made at the last second has landed by then. */
const FINAL_MS = 60 * 60 * 1000;
/** Binance's order states that end an order unpaid. */
const closedStates = new Set(["CANCELED", "EXPIRED", "ERROR"]);

/**
 * The late webhook (docs/domain.md#binance-pay), the `check-binance-orders` job every few minutes:
 * each order still open LATE_MS after it opened is queried at Binance; PAID settles it exactly as
 * the webhook does (so both may run), a closed order is closed. An order Binance cannot tell about
 * now is asked again next time.
 */
export async function checkLateBinanceOrders(now = new Date()): Promise<void> {
  const db = await getDb();
  const open = await db
    .select({ merchantTradeNo: binancePayOrders.merchantTradeNo })
    .from(binancePayOrders)
    .where(
      and(
        isNull(binancePayOrders.paymentId),
        isNull(binancePayOrders.closedAt),
        lt(binancePayOrders.openedAt, new Date(now.getTime() - LATE_MS)),
        gt(binancePayOrders.expiresAt, new Date(now.getTime() - FINAL_MS)),
      ),
    );
  for (const { merchantTradeNo } of open) {
    let order;
    try {
      order = await queryOrder(merchantTradeNo);
    } catch (error) {
      if (!(error instanceof BinancePayUnavailable)) throw error;
      log().warn({ op: "binance query", merchantTradeNo }, `Binance Pay order query failed: ${errorHeadline(error)}`);
      continue;
    }
    if (order.status === "PAID")
      await settlePaidOrder({
        merchantTradeNo,
        currency: order.currency,
        amount: order.orderAmount,
        transactionId: order.transactionId,
      });
    else if (closedStates.has(order.status)) await closeOrder(merchantTradeNo, now);
  }
}
