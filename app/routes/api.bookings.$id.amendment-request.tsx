import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { requestAmendment } from "~/modules/api/operations/bookings-changes";
import { requestAmendmentLimited } from "~/modules/booking/request-amendment.server";
import { messages } from "~/modules/forms/messages";

const route = apiRoute(
  implement(requestAmendment, async ({ params, body, user }) => {
    const outcome = await requestAmendmentLimited(user, params.id, body.request);
    if (outcome === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (outcome === "notFound") throw new ApiError(404);
    if (outcome === "refused") throw new ApiError(409, "refused", "bookings:amendRequest.refused");
    return reply(202, { ok: true as const });
  }),
);
export const loader = route.loader;
export const action = route.action;
