import { checkUsdtPayment } from "../../app/modules/payment/wallet.server";
import type { JobPayload } from "../queues";

/**
 * One check of a submitted USDT transaction (docs/domain.md#payments). Confirming pays the
 * booking through the payments core, which needs the database, hence the import from app/.
 * "Not final yet" and TronGrid being unavailable throw, so the outbox retries with its backoff
 * (jobs/queues.ts retryPolicy); the check itself gives up after its own window.
 */
export async function checkUsdtPaymentJob(payload: JobPayload<"check-usdt-payment">) {
  await checkUsdtPayment(payload.paymentId);
}
