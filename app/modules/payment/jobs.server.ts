import { provideHandlers } from "~/utils/jobs.server";
import { log } from "~/utils/log.server";
import { applyDepositHoldEvent, applyStripeEvent } from "./stripe-webhook.server";
import { expireMobilePayments } from "./expire-mobile-payments.server";
import { checkUsdtPayment } from "./check-usdt-payment.server";
import { checkLateBinanceOrders } from "./check-binance-orders.server";
import { settleDepositHold } from "./deposit-hold.server";

/**
 * The payment jobs' handlers (docs/architecture.md#layers): settling a payment is the payments
 * core's transaction (fulfilPayment / failPayment), which the worker must run exactly as the
 * web process does, so the handlers live here and each process entry provides them to the job
 * runner, beside the booking's own (booking/jobs.server.ts). All are idempotent: a retried or
 * redelivered job changes nothing more.
 */
export function providePaymentJobs() {
  provideHandlers({
    "stripe-event": async (payload) => {
      const outcome = await applyStripeEvent(payload.type, payload.session);
      // A session this site never recorded (another integration on the same Stripe account) is not ours to settle.
      if (outcome === "unknownSession")
        log().warn(
          { op: "stripe-event", event: payload.type, sessionId: payload.session.id },
          "Stripe event for an unknown session ignored",
        );
    },
    "deposit-hold-sync": async (payload) => {
      if ((await applyDepositHoldEvent(payload.intentId, payload.sessionId)) === "unknownHold")
        log().warn(
          { op: "deposit-hold-sync", intentId: payload.intentId },
          "Stripe event for an unknown deposit hold ignored",
        );
    },
    // Stripe refusing for a passing reason throws, so the outbox retries; a settled hold is left as it is.
    "settle-deposit-hold": async (payload) => {
      await settleDepositHold(payload.bookingId);
    },
    // "Not final yet" and TronGrid being unavailable throw, so the outbox retries with its backoff; the check gives up after its own window.
    "check-usdt-payment": async (payload) => {
      await checkUsdtPayment(payload.paymentId);
    },
    "expire-mobile-payments": async () => {
      await expireMobilePayments();
    },
    "check-binance-orders": async () => {
      await checkLateBinanceOrders();
    },
  });
}
