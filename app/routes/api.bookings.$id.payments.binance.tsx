import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getBinancePayment } from "~/modules/api/operations/payments-binance";
import { paymentSummary, requirePayable } from "~/modules/api/payments.server";
import { openBinanceOrder } from "~/modules/payment/binance-order.server";
import { BinancePayUnavailable, binancePayConfigured } from "~/modules/payment/binance-pay.server";
import { isPaid } from "~/modules/payment/payable.server";
import { getEnv } from "~/utils/env.server";

const route = apiRoute(
  implement(getBinancePayment, async ({ params, query, user }) => {
    const booking = await requirePayable(params.id, user, query.g);
    if (!binancePayConfigured()) throw new ApiError(404);
    const summary = paymentSummary(booking);
    if (isPaid(booking) || !booking.payable)
      return reply(200, { summary, status: isPaid(booking) ? ("paid" as const) : ("closed" as const), order: null });
    // As the page: the booking's running order, or a new one for the balance; Binance comes back to the page.
    const returnUrl = new URL(`/payment/binance?b=${booking.id}`, getEnv().APP_URL).toString();
    try {
      const order = await openBinanceOrder(booking, returnUrl);
      return reply(200, {
        summary,
        status: "open" as const,
        order: {
          amount: order.amount,
          currency: "USDT" as const,
          checkoutUrl: order.checkoutUrl,
          qrContent: order.qrContent,
          expiresAt: order.expiresAt.toISOString(),
        },
      });
    } catch (error) {
      if (error instanceof BinancePayUnavailable) throw new ApiError(502, "gatewayError", "binancePay:unavailable");
      throw error;
    }
  }),
);
export const loader = route.loader;
export const action = route.action;
