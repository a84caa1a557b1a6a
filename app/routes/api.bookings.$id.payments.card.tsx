import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { createCardSession } from "~/modules/api/operations/payments";
import { requirePayable } from "~/modules/api/payments.server";
import { messages } from "~/modules/forms/messages";
import { startCardPaymentLimited } from "~/modules/payment/card-limits.server";
import { cardRefusals } from "~/modules/payment/start-card-payment.server";
import { getEnv } from "~/utils/env.server";

const route = apiRoute(
  implement(createCardSession, async ({ params, query, user, language, context }) => {
    const booking = await requirePayable(params.id, user, query.g);
    // The amount is the booking's balance, from the server's records (docs/security.md#payments).
    const started = await startCardPaymentLimited(booking, language, { ip: context.ip, grant: query.g ?? null });
    if (started === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (started.ok)
      return reply(201, { gateway: started.gateway, url: new URL(started.url, getEnv().APP_URL).toString() });
    const refusal = cardRefusals[started.reason];
    throw new ApiError(refusal.status, started.reason, refusal.message);
  }),
);
export const loader = route.loader;
export const action = route.action;
