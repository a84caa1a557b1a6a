import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { createPaymentLink } from "~/modules/api/operations/payments";
import { createHandoff, handoffUrl, type HandoffRefusal } from "~/modules/payment/handoff.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";

/** Each refusal's status and message (docs/security.md#payment-hand-off). */
const refusals: Record<HandoffRefusal, { status: 400 | 409; message: string; field?: string }> = {
  returnUrlNotAllowed: { status: 400, message: "payment:handoff.returnUrlNotAllowed", field: "returnUrl" },
  notPayable: { status: 409, message: "card:notPayable" },
  notOffered: { status: 409, message: "payment:handoff.notOffered" },
};

const route = apiRoute(
  implement(createPaymentLink, async ({ params, body, user, language }) => {
    // The driver's own booking only: no grant, and staff get no link for their supplier's bookings.
    const booking = await loadPayableBooking(params.id, { userId: user.id, grant: null });
    if (!booking) throw new ApiError(404);
    const made = await createHandoff(booking, body);
    if (!made.ok) {
      const { status, message, field } = refusals[made.reason];
      throw new ApiError(status, made.reason, message, field ? { [field]: message } : undefined);
    }
    return reply(201, { url: handoffUrl(made.token, language), expiresAt: made.expiresAt.toISOString() });
  }),
);
export const loader = route.loader;
export const action = route.action;
