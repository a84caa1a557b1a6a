import { messages } from "~/modules/forms/messages";
import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getUsdtPayment, submitUsdtPayment } from "~/modules/api/operations/payments";
import { paymentSummary, requirePayable } from "~/modules/api/payments.server";
import {
  latestWalletPayment,
  submitTransactionLimited,
  walletView,
} from "~/modules/payment/submit-usdt-payment.server";
import { usdtAttemptOrBusy } from "~/modules/payment/usdt-attempt.server";
import { walletSettings } from "~/modules/payment/wallet-settings.server";

/** The page's views as the API names them: `form` is a transaction that can be submitted. */
const statuses = { paid: "paid", checking: "checking", form: "open", closed: "closed" } as const;

const refusals = {
  duplicate: "wallet:errors.duplicate",
  inProgress: "api:resources.usdtInProgress",
  notPayable: "payment:direct.notPayable",
} as const;

const route = apiRoute(
  implement(getUsdtPayment, async ({ params, query, user }) => {
    const booking = await requirePayable(params.id, user, query.g);
    const settings = walletSettings();
    if (!settings) throw new ApiError(404);
    const { view, failure } = walletView(booking, await latestWalletPayment(booking.id));
    // As the page: the exact amount of this booking's attempt, opened or reused (docs/domain.md#usdt).
    const attempt = view === "form" ? await usdtAttemptOrBusy(booking) : null;
    if (attempt === "busy") throw new ApiError(409, "tryAgain", "wallet:errors.busy");
    return reply(200, {
      summary: paymentSummary(booking),
      status: statuses[view],
      failure,
      network: "TRC20" as const,
      address: settings.address,
      amount: attempt?.amount ?? null,
      expiresAt: attempt?.expiresAt.toISOString() ?? null,
    });
  }),
  implement(submitUsdtPayment, async ({ params, query, body, user }) => {
    const booking = await requirePayable(params.id, user, query.g);
    const outcome = await submitTransactionLimited(booking, body.txId);
    if (outcome === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (outcome.ok) return reply(202, { paymentId: outcome.paymentId, status: "pending" as const });
    throw new ApiError(409, outcome.reason, refusals[outcome.reason]);
  }),
);
export const loader = route.loader;
export const action = route.action;
