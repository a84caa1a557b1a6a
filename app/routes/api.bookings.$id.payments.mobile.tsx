import { messages } from "~/modules/forms/messages";
import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getMobilePayment, submitMobilePayment } from "~/modules/api/operations/payments";
import { paymentSummary, requirePayable } from "~/modules/api/payments.server";
import {
  bankList,
  mobilePaymentPage,
  submitMobilePaymentLimited,
  submitRefusals,
} from "~/modules/payment/submit-mobile-payment.server";

const route = apiRoute(
  implement(getMobilePayment, async ({ params, query, user }) => {
    const booking = await requirePayable(params.id, user, query.g);
    const page = await mobilePaymentPage(booking);
    if (!page) throw new ApiError(404);
    return reply(200, { summary: paymentSummary(booking), ...page, banks: await bankList() });
  }),
  implement(submitMobilePayment, async ({ params, query, body, user }) => {
    const booking = await requirePayable(params.id, user, query.g);
    // Per booking, counted before the answer, as on the page (docs/security.md#rate-limits).
    const outcome = await submitMobilePaymentLimited(booking, body);
    if (outcome === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (outcome.ok) return reply(202, { paymentId: outcome.paymentId, status: "pending" as const });
    const { field, message } = submitRefusals[outcome.reason];
    if (field) throw new ApiError(400, outcome.reason, message, { [field]: message });
    throw new ApiError(409, outcome.reason, message);
  }),
);
export const loader = route.loader;
export const action = route.action;
