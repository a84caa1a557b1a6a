import { z } from "zod";
import { binancePayConfigured, isSignedByBinance, type WebhookHeaders } from "./binance-pay.server";
import { closeOrder, settlePaidOrder } from "./settle-binance-order.server";

/** The webhook's envelope (docs/operations.md#binance-pay); `data` is a JSON string of its own. */
const envelope = z.object({ bizType: z.string(), bizStatus: z.string(), data: z.string() });
const orderData = z.object({
  merchantTradeNo: z.string().min(1).max(32),
  totalFee: z.union([z.string(), z.number()]).transform(String),
  currency: z.string(),
  transactionId: z.union([z.string(), z.number()]).transform(String).optional(),
});

function parsed(rawBody: string) {
  try {
    const outer = envelope.safeParse(JSON.parse(rawBody));
    if (!outer.success) return null;
    const data = orderData.safeParse(JSON.parse(outer.data.data));
    return data.success ? { ...outer.data, order: data.data } : null;
  } catch {
    return null;
  }
}

/**
 * POST /webhooks/binance-pay (docs/domain.md#binance-pay): accepted only when Binance signed the
 * exact bytes sent; then PAY_SUCCESS pays the order's booking (settlePaidOrder, idempotent, so a
 * redelivery changes nothing) and PAY_CLOSED closes the order. Anything else Binance sends is
 * acknowledged and ignored; a signed body we cannot read is refused.
 */
export async function receiveBinanceWebhook(
  rawBody: string,
  headers: WebhookHeaders,
): Promise<"done" | "ignored" | "badSignature" | "malformed"> {
  if (!binancePayConfigured() || !(await isSignedByBinance(rawBody, headers))) return "badSignature";
  const event = parsed(rawBody);
  if (!event) return "malformed";
  if (event.bizType !== "PAY") return "ignored";
  const { order } = event;
  if (event.bizStatus === "PAY_SUCCESS") {
    await settlePaidOrder({
      merchantTradeNo: order.merchantTradeNo,
      currency: order.currency,
      amount: order.totalFee,
      transactionId: order.transactionId ?? "",
    });
    return "done";
  }
  if (event.bizStatus === "PAY_CLOSED") {
    await closeOrder(order.merchantTradeNo);
    return "done";
  }
  return "ignored";
}
