import { presentBooking } from "~/modules/api/bookings.server";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { getBooking } from "~/modules/api/operations/bookings";

const route = apiRoute(
  implement(getBooking, async ({ params, user, language }) =>
    reply(200, await presentBooking(user, params.id, language)),
  ),
);
export const loader = route.loader;
export const action = route.action;
