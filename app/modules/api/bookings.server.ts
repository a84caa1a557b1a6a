import type { z } from "zod";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bookingActions, type ActionFacts } from "~/modules/booking/actions";
import type { CheckoutFailure } from "~/modules/booking/checkout-outcome";
import { instantToLocal } from "~/modules/time/zoned-time";
import type { CheckoutProblem, LinkErrors } from "~/modules/booking/checkout-form";
import { failureMessage, failureStatus, problemStatus, type CheckoutGuard } from "~/modules/booking/checkout.server";
import { VISITOR_BOOKINGS_PER_HOUR } from "~/modules/booking/checkout-limits.server";
import { messages } from "~/modules/forms/messages";
import { captchaField, requiredCaptcha } from "~/modules/security/captcha.server";
import { authMessages } from "~/modules/user/messages";
import type { Language } from "~/modules/i18n/languages";
import type { OnlineMethod } from "~/modules/booking/methods";
import { optionKeys } from "~/modules/pricing/pricing";
import type { SessionUser } from "~/utils/session.server";
import { ApiError, isErrorStatus } from "./errors";
import { hoursRefusalBody } from "./hours";
import type { HoursRefusal } from "~/modules/availability/opening-hours";
import { validationError } from "./handler.server";
import type { bookingSchema } from "./operations/bookings";
import type { checkoutBodySchema } from "./operations/bookings-checkout";
import { placeName } from "~/modules/i18n/place-name";

/*
 * Bookings as the API shows them, and the checkout's refusals in the API's error shape. The
 * rules are the pages' (booking/*); this only translates between the two vocabularies.
 */

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * The booking page's bookingActions, as far as the API has calls for them (cancel, amend,
 * amendment request, pay); the staff moves are the back office's, on the page.
 */
export function driverActions(user: User, detail: ActionFacts) {
  const { cancel, amend, amendmentRequest, pay } = bookingActions(user, detail);
  return { cancel, amend, amendmentRequest, pay };
}

/** One booking in the caller's scope as GET /api/bookings/{id} answers it; a 404 outside it (bookingScope). */
export async function presentBooking(
  user: User,
  id: number,
  language: Language,
): Promise<z.input<typeof bookingSchema>> {
  const detail = await bookingDetail(user, id);
  if (!detail) throw new ApiError(404);
  const { booking, car, supplier, pickup, dropoff, driver, history } = detail;
  const place = (p: typeof pickup) => ({
    id: p.id,
    name: placeName(p, language),
    address: p.address,
    timeZone: p.timeZone,
  });
  return {
    id: booking.id,
    reference: booking.reference,
    status: booking.status,
    days: booking.days,
    priceCents: booking.priceCents,
    breakdown: booking.breakdown,
    paymentMethod: booking.paymentMethod,
    cancelRequest: booking.cancelRequest,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    pickUp: instantToLocal(booking.startsAt, pickup.timeZone),
    dropOff: instantToLocal(booking.endsAt, dropoff.timeZone),
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    options: optionKeys.filter((key) => booking[key]),
    car: { id: car.id, name: car.name },
    supplier,
    pickup: place(pickup),
    dropoff: place(dropoff),
    driver,
    additionalDriver: booking.additionalDriver
      ? {
          fullName: booking.additionalDriverName,
          email: booking.additionalDriverEmail,
          phone: booking.additionalDriverPhone,
          birthDate: booking.additionalDriverBirthDate,
        }
      : null,
    history: history.map((h) => ({
      at: h.at.toISOString(),
      fromStatus: h.fromStatus,
      toStatus: h.toStatus,
      note: h.note,
      actor: h.actor,
    })),
    actions: driverActions(user, detail),
  };
}

type CheckoutBody = z.output<typeof checkoutBodySchema>;

/** The API's body as the checkout form's fields, so checkoutSchema judges it as it judges the page's form. */
export function checkoutFields(body: CheckoutBody): Record<string, unknown> {
  const driver = body.driver ?? {};
  const extra = body.additionalDriver ?? undefined;
  return {
    options: body.options,
    fullName: driver.fullName,
    email: driver.email,
    phone: driver.phone,
    birthDate: driver.birthDate,
    tos: driver.acceptTerms,
    additionalFullName: extra?.fullName,
    additionalEmail: extra?.email,
    additionalPhone: extra?.phone,
    additionalBirthDate: extra?.birthDate,
    payment: body.paymentMethod,
  };
}

/** The form's and the link's field names as the API's body names them. */
const apiFieldNames: Record<string, string> = {
  car: "carId",
  pickup: "pickupLocationId",
  dropoff: "dropoffLocationId",
  fullName: "driver.fullName",
  email: "driver.email",
  phone: "driver.phone",
  birthDate: "driver.birthDate",
  tos: "driver.acceptTerms",
  additionalFullName: "additionalDriver.fullName",
  additionalEmail: "additionalDriver.email",
  additionalPhone: "additionalDriver.phone",
  additionalBirthDate: "additionalDriver.birthDate",
  payment: "paymentMethod",
};

const apiField = (name: string) => apiFieldNames[name] ?? name;

/** Field errors of the checkout form (keys), renamed to the body's fields. */
export function checkoutValidationError(fields: Record<string, string>): ApiError {
  return validationError(Object.fromEntries(Object.entries(fields).map(([name, key]) => [apiField(name), key])));
}

/** A checkout that cannot be offered (a bad link, a car gone, a place it does not serve). */
export function checkoutProblemError(
  problem: CheckoutProblem,
  errors: LinkErrors = {},
  limit?: number,
  hours?: { key: string; values: Record<string, string> },
  refusal?: HoursRefusal,
): ApiError {
  if (problem === "invalid" || problem === "pastDates")
    return checkoutValidationError(errors as Record<string, string>);
  const status = problemStatus[problem];
  // The place's hours are named in the message (docs/domain.md#opening-hours).
  if (hours)
    return new ApiError(
      isErrorStatus(status) ? status : 400,
      problem,
      hours.key,
      undefined,
      hours.values,
      refusal && hoursRefusalBody(refusal),
    );
  // The supplier's limit is named in the message (docs/domain.md#rental-limits).
  const strings = limit === undefined ? undefined : { count: String(limit) };
  return new ApiError(isErrorStatus(status) ? status : 409, problem, `booking:errors.${problem}`, undefined, strings);
}

/** A refusal of the booking service: the page's message, beside the body's field when it has one. */
export function checkoutFailureError(failure: CheckoutFailure, language: Language): ApiError {
  const { field, message, values } = failureMessage(failure, language);
  const status = failureStatus[failure.reason];
  const strings = values
    ? Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]))
    : undefined;
  return new ApiError(
    isErrorStatus(status) ? status : 400,
    failure.reason,
    message,
    field ? { [apiField(field)]: message } : undefined,
    strings,
    failure.reason === "outsideHours" ? hoursRefusalBody(failure) : undefined,
  );
}

/**
 * A checkout refused before the booking was tried, in the API's error shape: the limits
 * (docs/security.md#rate-limits, the visitors' with its own code) and the captcha, whose refusal
 * is sign-up's (docs/security.md#captcha).
 */
export function checkoutGuardError(guard: CheckoutGuard): ApiError {
  switch (guard) {
    case "rateLimited":
      return new ApiError(429, "rateLimited", messages.rateLimited);
    case "visitorLimit":
      return new ApiError(429, "visitorLimit", "booking:errors.visitorLimit", undefined, {
        count: String(VISITOR_BOOKINGS_PER_HOUR),
      });
    case "captcha":
      return new ApiError(400, "validation", "validation.fixErrors", {
        [captchaField(requiredCaptcha() ?? "challenge")]: authMessages.captcha,
      });
    case "captchaUnavailable":
      return new ApiError(502, "badGateway", "api:errors.recaptchaUnavailable");
  }
}

/**
 * The API call that pays a booking by an online method; null for Zelle and the bank transfer,
 * which the API does not take yet: their payment page does (docs/domain.md#transfers).
 */
const methodSlugs: Partial<Record<OnlineMethod, string>> = {
  cardPayment: "card",
  mobilePayment: "mobile",
  walletPayment: "usdt",
  binancePay: "binance",
};
export const paymentApiPath = (bookingId: number, method: OnlineMethod) =>
  methodSlugs[method] ? `/api/bookings/${bookingId}/payments/${methodSlugs[method]}` : null;
