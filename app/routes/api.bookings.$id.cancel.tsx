import { presentBooking } from "~/modules/api/bookings.server";
import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { cancelBooking } from "~/modules/api/operations/bookings-changes";
import { cancelBookingLimited } from "~/modules/booking/cancel-booking.server";
import { messages } from "~/modules/forms/messages";

const route = apiRoute(
  implement(cancelBooking, async ({ params, user, language }) => {
    const outcome = await cancelBookingLimited(user, params.id);
    if (outcome === "rateLimited") throw new ApiError(429, "rateLimited", messages.rateLimited);
    if (outcome === "notFound") throw new ApiError(404);
    if (outcome === "refused") throw new ApiError(409, "refused", "bookings:cancel.refused");
    if (outcome === "pickedUp") throw new ApiError(409, "pickedUp", "bookings:detail.pickedUp");
    return reply(200, { outcome, booking: await presentBooking(user, params.id, language) });
  }),
);
export const loader = route.loader;
export const action = route.action;
