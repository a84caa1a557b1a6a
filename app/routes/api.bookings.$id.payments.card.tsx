import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { createCardSession } from "~/modules/api/operations/payments";
import { requirePayable } from "~/modules/api/payments.server";
import { messages } from "~/modules/forms/messages";
import { cardStartAllowed } from "~/modules/payment/card-limits.server";
import { cardRefusals, startCardPayment } from "~/modules/payment/card.server";
import { getEnv } from "~/utils/env.server";

const route = apiRoute(
  implement(createCardSession, async ({ params, query, user, language, context }) => {
    const booking = await requirePayable(params.id, user, query.g);
    if (!(await cardStartAllowed(booking.id, context.ip))) throw new ApiError(429, "rateLimited", messages.rateLimited);
    // The amount is the booking's balance, from the server's records (docs/security.md#payments).
    const started = await startCardPayment(booking, language, { grant: query.g ?? null });
    if (started.ok)
      return reply(201, { gateway: started.gateway, url: new URL(started.url, getEnv().APP_URL).toString() });
    const refusal = cardRefusals[started.reason];
    throw new ApiError(refusal.status, started.reason, refusal.message);
  }),
);
export const loader = route.loader;
export const action = route.action;
