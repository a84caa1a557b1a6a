import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getPayment } from "~/modules/api/operations/payments";
import { paymentSummary, requirePayable } from "~/modules/api/payments.server";
import { enabledOnlineMethods } from "~/modules/payment/config.server";

const route = apiRoute(
  implement(getPayment, async ({ params, query, user }) => {
    const booking = await requirePayable(params.id, user, query.g);
    return reply(200, {
      summary: paymentSummary(booking),
      methods: booking.payable ? await enabledOnlineMethods() : [],
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
