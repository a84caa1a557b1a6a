import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { requestAmendment } from "~/modules/api/operations/bookings";
import { requestAmendment as request } from "~/modules/booking/request-amendment.server";

const route = apiRoute(
  implement(requestAmendment, async ({ params, body, user }) => {
    const outcome = await request(user, params.id, body.request);
    if (outcome === "notFound") throw new ApiError(404);
    if (outcome === "refused") throw new ApiError(409, "refused", "bookings:amendRequest.refused");
    return reply(202, { ok: true as const });
  }),
);
export const loader = route.loader;
export const action = route.action;
