import { presentBooking } from "~/modules/api/bookings.server";
import { ApiError, fieldError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { amendBooking } from "~/modules/api/operations/bookings-changes";
import { amendClosingCardAttemptsLimited } from "~/modules/payment/amend-closing-card-attempts.server";
import { messages } from "~/modules/forms/messages";
import { hoursRefusalMessage } from "~/modules/availability/opening-hours";
import { placeName } from "~/modules/i18n/place-name";
import { hoursRefusalBody } from "~/modules/api/hours";

const route = apiRoute(
  implement(amendBooking, async ({ params, body, user, language }) => {
    const extra = body.additionalDriver;
    const outcome = await amendClosingCardAttemptsLimited(user, params.id, {
      pickUp: body.from,
      dropOff: body.to,
      pickupLocationId: body.pickupLocationId,
      dropoffLocationId: body.dropoffLocationId,
      options: body.options,
      additionalDriver: extra
        ? { name: extra.fullName, email: extra.email, phone: extra.phone, birthDate: extra.birthDate }
        : null,
    });
    // The API asks no preview and sets no expected total, so a preview never comes back here.
    if (typeof outcome === "object" && "preview" in outcome) throw new Error("Unexpected amendment preview");
    if (typeof outcome === "object" && "outsideHours" in outcome) {
      // The place's hours named in the message, as at checkout (docs/domain.md#opening-hours).
      const refusal = outcome.outsideHours;
      const { key, values } = hoursRefusalMessage(refusal, placeName(refusal.place, language), language);
      const field = refusal.handover === "pickUp" ? "from" : "to";
      throw new ApiError(400, "outsideHours", key, { [field]: key }, values, hoursRefusalBody(refusal));
    }
    if (typeof outcome === "object" && "driverUnderAge" in outcome) {
      // The checkout's rule and sentence, by the birth date the booking keeps (docs/domain.md#price-facts).
      const key = "booking:errors.underAge";
      throw new ApiError(400, "underAge", key, undefined, { count: String(outcome.driverUnderAge) });
    }
    if (typeof outcome === "object") {
      // The checkout's rule and sentence, the age in it (docs/domain.md#driver-age).
      const key = "booking:errors.additionalUnderAge";
      throw new ApiError(
        400,
        "underAge",
        key,
        { "additionalDriver.birthDate": key },
        { count: String(outcome.additionalUnderAge) },
      );
    }
    switch (outcome) {
      case "rateLimited":
        throw new ApiError(429, "rateLimited", messages.rateLimited);
      case "notFound":
        throw new ApiError(404);
      case "refused":
        throw new ApiError(409, "refused", "bookings:amend.refused");
      case "unavailable":
        throw new ApiError(409, "unavailable", "bookings:amend.unavailable");
      case "pastPickUp":
        throw fieldError("from", "bookings:amend.pastPickUp");
      case "tooLong":
        throw fieldError("to", "bookings:amend.tooLong");
      case "tooFar":
        throw fieldError("from", "bookings:amend.tooFar");
      case "additionalDriverMissing":
        throw fieldError("additionalDriver", "bookings:amend.additionalDriverMissing");
      case "pickedUp":
        throw new ApiError(409, "pickedUp", "bookings:detail.pickedUp");
      case "paymentInProgress":
        throw new ApiError(409, "paymentInProgress", "bookings:amend.paymentInProgress");
      case "optionUnavailable":
        throw fieldError("options", "bookings:amend.optionUnavailable");
      case "amended":
        return reply(200, await presentBooking(user, params.id, language));
    }
  }),
);
export const loader = route.loader;
export const action = route.action;
