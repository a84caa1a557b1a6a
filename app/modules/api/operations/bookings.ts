import { z } from "zod";
import { AMENDMENT_REQUEST_MAX, amendTime, dropOffFollows, dropOffMessage } from "~/modules/booking/amend-schema";
import { bookingStatuses } from "~/modules/booking/status";
import { emailField, phoneField, requiredText } from "~/modules/forms/fields";
import { onlineMethods } from "~/modules/booking/methods";
import { optionKeys } from "~/modules/pricing/pricing";
import { FULL_NAME_MAX } from "~/modules/user/limits";
import { authMessages } from "~/modules/user/messages";
import { dayInRange } from "~/modules/time/date-range";
import { defineOperation } from "../operation";
import { BOOKINGS_PER_PAGE } from "~/modules/booking/list-query";
import { idParams, localDateTime, pageQuery, pageSizeQuery } from "./shared";

/*
 * Bookings (docs/architecture.md#resources): checkout, the list and one booking, amend and
 * cancel, each through the module the pages use (booking/checkout.server.ts and the use-case files beside it)
 * and scoped by bookingScope: another user's booking is a 404, as on the pages.
 */

const tag = "Bookings";

/** The ways to pay at checkout. */
const paymentMethods = ["payLater", ...onlineMethods] as const;
/** How a booking is paid: a checkout's choice, or one staff record (the database enum; bookings.test.ts holds them equal). */
export const bookingPaymentMethods = [...paymentMethods, "Cash", "PointOfSell"] as const;
const birthDate = z.iso
  .date({ error: authMessages.invalidDate })
  .refine(dayInRange, authMessages.invalidDate)
  .meta({ description: "YYYY-MM-DD, from 1900 to 2100." });

/** A person named on a booking besides the account's driver. */
const personSchema = z.object({
  fullName: requiredText(FULL_NAME_MAX),
  email: emailField(),
  phone: phoneField(),
  birthDate,
});

export const checkoutBodySchema = z.object({
  carId: z.number().int().positive(),
  pickupLocationId: z.number().int().positive(),
  dropoffLocationId: z.number().int().positive().optional().meta({ description: "The pick-up place when absent." }),
  from: localDateTime.meta({
    description: "Pick-up, wall-clock time on the pick-up place's clock: `2027-03-10T10:00`.",
  }),
  to: localDateTime.meta({ description: "Drop-off, on the same clock." }),
  options: z
    .array(z.enum(optionKeys))
    .max(optionKeys.length)
    .default([])
    .meta({ description: "Options chosen; only those the car prices (> 0) can be chosen." }),
  paymentMethod: z
    .enum(paymentMethods)
    .meta({ description: "One of the car's `paymentMethods` (GET /api/cars/{id})." }),
  driver: z
    .object({
      fullName: z.string().max(FULL_NAME_MAX).optional(),
      email: z.string().max(254).optional(),
      phone: z.string().max(32).optional(),
      birthDate: birthDate.optional(),
      acceptTerms: z.boolean().optional().meta({ description: "A visitor must accept the Terms of Use." }),
    })
    .optional()
    .meta({
      description:
        "A visitor (no token, no cookie) gives every field and `acceptTerms: true`; an account is created for them. A signed-in driver gives only the phone and birth date their account lacks (anything else is ignored).",
    }),
  additionalDriver: personSchema.nullable().optional().meta({
    description: "Required with the `additionalDriver` option; when the car includes one, naming them is optional.",
  }),
  captchaToken: z.string().max(4096).optional().meta({
    description:
      "A visitor's proof of a person when the site's captcha is on, as for sign-up (`POST /api/sign-up`): a reCAPTCHA token, or Rueda's signed sum.",
  }),
  captchaAnswer: z.string().max(10).optional().meta({ description: "With Rueda's signed sum: the sum typed." }),
});

const bookingStatus = z.enum(bookingStatuses);
const paymentMethod = z.enum(bookingPaymentMethods);

export const bookingRowSchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    status: bookingStatus,
    days: z.number().int(),
    priceCents: z.number().int(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    paymentMethod,
    cancelRequest: z.boolean().meta({ description: "The driver asked to cancel; staff have not settled it yet." }),
    car: z.string(),
    supplier: z.string(),
    driver: z.string(),
    canAmend: z.boolean().meta({ description: "The caller may amend it now (POST /api/bookings/{id}/amend)." }),
  })
  .meta({ id: "BookingRow" });

const place = z.object({ id: z.number().int(), name: z.string(), address: z.string(), timeZone: z.string() });

export const bookingSchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    status: bookingStatus,
    days: z.number().int(),
    priceCents: z.number().int(),
    breakdown: z
      .object({
        days: z.number().int(),
        dailyPriceCents: z.number().int(),
        options: z.record(z.string(), z.number().int()),
        fees: z
          .object({
            outOfHoursPickUp: z.number().int().optional(),
            outOfHoursDropOff: z.number().int().optional(),
            oneWay: z.number().int().optional(),
            youngDriver: z.number().int().optional(),
          })
          .optional()
          .meta({
            description:
              "Fees above 0: a handover outside the place's hours, a drop-off at another place, a driver under the supplier's young driver age (docs/domain.md#fees).",
          }),
        subtotalCents: z.number().int(),
        payLaterFeePercent: z.number().int(),
        totalCents: z.number().int(),
      })
      .meta({ description: "How the price was made (docs/domain.md#price)." }),
    paymentMethod,
    cancelRequest: z.boolean(),
    startsAt: z.iso.datetime(),
    endsAt: z.iso.datetime(),
    pickUp: z.string().meta({ description: "The pick-up as a wall-clock time on the pick-up place's clock." }),
    dropOff: z.string().meta({ description: "The drop-off, on the drop-off place's clock." }),
    holdExpiresAt: z.iso
      .datetime()
      .nullable()
      .meta({ description: "A `void` booking holds its car until then, while it is paid online." }),
    options: z.array(z.enum(optionKeys)),
    car: z.object({ id: z.number().int(), name: z.string() }),
    supplier: z.object({ id: z.number().int(), name: z.string() }),
    pickup: place,
    dropoff: place,
    driver: z.object({ id: z.number().int(), fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
    additionalDriver: z
      .object({
        fullName: z.string().nullable(),
        email: z.string().nullable(),
        phone: z.string().nullable(),
        birthDate: z.string().nullable(),
      })
      .nullable(),
    history: z.array(
      z.object({
        at: z.iso.datetime(),
        fromStatus: bookingStatus.nullable(),
        toStatus: bookingStatus,
        note: z.string().nullable(),
        actor: z.string().nullable(),
      }),
    ),
    actions: z
      .object({
        cancel: z.enum(["immediate", "request", "none"]).meta({
          description: "What POST …/cancel does now for the caller: cancel at once, send a request, or nothing.",
        }),
        amend: z
          .boolean()
          .meta({ description: "POST …/amend is possible (the driver's own pay-later booking, before pick-up)." }),
        amendmentRequest: z
          .boolean()
          .meta({ description: "POST …/amendment-request is possible (paid online, with the cancellation option)." }),
        pay: z.boolean().meta({ description: "The booking waits for payment: see GET …/payment." }),
      })
      .meta({ description: "What the caller may do with it now (docs/domain.md#cancellation)." }),
  })
  .meta({ id: "Booking" });

const nextStepSchema = z
  .object({
    method: z.enum(onlineMethods),
    paymentUrl: z.string().meta({
      description:
        "Where a browser pays with this method. For a caller signed in with a bearer token (an app), whose browser has no Rueda cookie, a single-use hand-off link to the method's page (docs/security.md#payment-hand-off), valid until `paymentUrlExpiresAt`; for a visitor the page with the booking's grant; for a browser signed in with the cookie the page itself.",
    }),
    paymentUrlExpiresAt: z.iso.datetime().nullable().meta({
      description: "Until when a hand-off `paymentUrl` can be opened (once); null when it is the page itself.",
    }),
    paymentLinkPath: z.string().meta({
      description:
        "`/api/bookings/{id}/payment-link`: POST it (bearer token) for a new single-use link, with the app's return URL, when `paymentUrl` was used or expired.",
    }),
    apiPath: z.string().meta({
      description: "The API call that pays with this method: `/api/bookings/{id}/payments/card|mobile|usdt`.",
    }),
    holdExpiresAt: z.iso.datetime().nullable(),
  })
  .meta({ id: "PaymentNextStep" });

export const createBooking = defineOperation({
  id: "createBooking",
  method: "POST",
  path: "/api/bookings",
  tag,
  summary: "Book a car (checkout)",
  description: [
    "The checkout of `/checkout`, by the same rules (docs/domain.md#availability, #price, #driver-age, #payments): the price is the server's, whatever else the body says.",
    "",
    "- `payLater`: the booking is `pending` at once and announced (notifications, emails). `next` is null.",
    "- An online method: the car is held for 30 minutes as a `void` booking; `next` says where to pay: `apiPath`, the API call that pays; `paymentUrl`, what a browser opens — for an app (bearer token) a single-use hand-off link, since its browser has no Rueda cookie (docs/security.md#payment-hand-off) — and `paymentLinkPath` for a new link.",
    "",
    "Signed in (token or cookie), the caller is the driver. A visitor gives `driver` in full: an unactivated account is created (its activation email is sent) and `grant` lets the visitor pay this booking (`?g=` on the payment calls) until they sign in.",
    "",
    "Refusals: car gone → 404 `carNotFound`; place not served → 409 `notServed`; car taken meanwhile (also inside the preparation time after a return, or out of service) → 409 `unavailable` (\"The vehicle is no longer available\"); a pick-up sooner than the supplier's minimum notice → 400 `minimumNotice`, a rental shorter than its minimum days → 400 `minimumDays`, the message naming the hours or days (docs/domain.md#rental-limits); a pick-up or drop-off outside its place's opening hours, where the place offers no out-of-hours service → 400 `outsideHours`, the message naming the place and its hours that day and `error.hours` giving them to programs (docs/domain.md#opening-hours; a place that offers the service adds its fee to the price instead, and a drop-off at another place adds the supplier's one-way fee: the `breakdown` lists both, docs/domain.md#fees); rules of the form → 400 with `fields`; the driver already has as many bookings awaiting payment as allowed (10, or 3 before the account is activated) → 409 `tooManyUnpaid`; more than 60 checkouts per client address or 20 per account in an hour (page and API together) → 429 `rateLimited`; a visitor's 4th booking in an hour from one client address (page and API together; refused checkouts do not count) → 429 `visitorLimit` (docs/domain.md#limits).",
    "",
    "A visitor proves a person when the site's captcha is on (docs/security.md#captcha): `captchaToken` (and `captchaAnswer` for Rueda's signed sum), checked and spent by the server; missing, wrong or already used → 400 with a field error on `captchaToken` (reCAPTCHA) or `captchaAnswer`; Google not answering → 502 `badGateway`. A visitor's pay-later booking is released after 2 hours unless the account is activated (docs/domain.md#unproven-holds).",
  ].join("\n"),
  auth: "optional",
  body: checkoutBodySchema,
  responses: {
    201: {
      description: "Booked (or held, for an online method).",
      schema: z.object({
        booking: z.object({
          id: z.number().int(),
          reference: z.string(),
          status: bookingStatus,
          paymentMethod,
          priceCents: z.number().int(),
        }),
        accountCreated: z.boolean(),
        grant: z
          .string()
          .nullable()
          .meta({ description: "For a visitor: the payment grant of this booking; null when signed in." }),
        next: nextStepSchema.nullable(),
      }),
    },
  },
  errors: [400, 404, 409, 429, 502],
  errorCodes: {
    429: ["visitorLimit"],
    400: [
      "pastDates",
      "optionUnavailable",
      "additionalDriverMissing",
      "underAge",
      "termsNotAccepted",
      "emailTaken",
      "payLaterUnavailable",
      "minimumNotice",
      "minimumDays",
      "outsideHours",
    ],
    404: ["carNotFound"],
    409: ["notServed", "unavailable", "tooManyUnpaid"],
  },
  example: {
    body: {
      carId: 1,
      pickupLocationId: 1,
      dropoffLocationId: 1,
      from: "2027-03-10T10:00",
      to: "2027-03-13T10:00",
      options: [],
      paymentMethod: "payLater",
    },
  },
});

export const listBookings = defineOperation({
  id: "listBookings",
  method: "GET",
  path: "/api/bookings",
  tag,
  summary: "The caller's bookings",
  description:
    "The list of `/bookings`: a driver's own bookings, a supplier's staff their supplier's, an admin all; for staff newest pick-up first, for a driver the bookings still ahead first (soonest pick-up first) then the past ones (latest first); `pageSize` a page (20 when absent, whatever the client). A page past the last gives the last page. Unreadable filters are ignored, as on the page.",
  auth: "user",
  query: z.object({
    status: z
      .string()
      .max(20)
      .optional()
      .meta({ description: `One of ${bookingStatuses.join(", ")}.` }),
    from: z
      .string()
      .max(10)
      .optional()
      .meta({ description: "Rentals that end on or after this day (YYYY-MM-DD, Caracas time)." }),
    to: z.string().max(10).optional().meta({ description: "Rentals that start on or before this day." }),
    supplier: z.string().max(12).optional().meta({ description: "Supplier id (admins)." }),
    page: pageQuery,
    pageSize: pageSizeQuery(BOOKINGS_PER_PAGE),
  }),
  responses: {
    200: {
      description: "One page.",
      schema: z.object({
        bookings: z.array(bookingRowSchema),
        total: z.number().int(),
        page: z.number().int(),
        pages: z.number().int(),
        pageSize: z.number().int(),
      }),
    },
  },
  errors: [],
});

export const getBooking = defineOperation({
  id: "getBooking",
  method: "GET",
  path: "/api/bookings/{id}",
  tag,
  summary: "One booking",
  description:
    "Everything `/booking` shows, with its history and what the caller may do now. Outside the caller's bookings → 404.",
  auth: "user",
  params: idParams,
  responses: { 200: { description: "The booking.", schema: bookingSchema } },
  errors: [404],
  example: { params: { id: "1" } },
});

/** The amend form's fields (booking/amend-schema.ts), named as the checkout's body names them. */
export const amendBodySchema = z
  .object({
    pickupLocationId: z.number().int().positive(),
    dropoffLocationId: z.number().int().positive(),
    from: amendTime.meta({
      description: "New pick-up, wall-clock time on the (new) pick-up place's clock: `2027-03-11T10:00`.",
    }),
    to: amendTime.meta({ description: "New drop-off, on the same clock." }),
    options: z.array(z.enum(optionKeys)).max(optionKeys.length).default([]),
    additionalDriver: personSchema
      .nullable()
      .optional()
      .meta({ description: "The additional driver after the change; absent or null: none." }),
  })
  .refine((v) => dropOffFollows(v.from, v.to), { path: ["to"], error: dropOffMessage });

export const amendBooking = defineOperation({
  id: "amendBooking",
  method: "POST",
  path: "/api/bookings/{id}/amend",
  tag,
  summary: "Change a pay-later booking",
  description: [
    "The driver changes their own pay-later booking before pick-up (docs/domain.md#cancellation): dates, places, options, additional driver. The booking is re-priced and availability re-checked; the supplier's staff are notified.",
    "",
    "Not the caller's → 404; not amendable (money received, started, cancelled) → 409 `refused`; the car was picked up at the counter → 409 `pickedUp`; the car is taken for the new period → 409 `unavailable`; a transfer of the booking is being verified → 409 `paymentInProgress` (open card attempts are ended first, since they were for the old price). The checkout's rules apply: at most 365 days (400 on `to`), the additional driver's details exactly when the option is chosen (400 on `additionalDriver`), each handover within its place's opening hours unless the place offers out-of-hours service (400 `outsideHours` on `from` or `to`, the message naming the hours, `error.hours` the place and that day's hours; docs/domain.md#opening-hours), both drivers old enough on the new pick-up date (400 `underAge`, on `additionalDriver.birthDate` for the additional driver). The price is worked out from the car's prices now and the facts the booking keeps: the driver's birth date and the young driver fee per day as they were at checkout (docs/domain.md#price-facts). More than 60 changes (amend, cancel, amendment request, page and API together) per account in 15 minutes → 429 `rateLimited`.",
  ].join("\n"),
  auth: "user",
  params: idParams,
  body: amendBodySchema,
  responses: { 200: { description: "Changed: the booking as it is now.", schema: bookingSchema } },
  errors: [400, 404, 409, 429],
  errorCodes: { 400: ["outsideHours", "underAge"], 409: ["refused", "pickedUp", "unavailable", "paymentInProgress"] },
  example: {
    params: { id: "1" },
    body: { pickupLocationId: 1, dropoffLocationId: 1, from: "2027-03-11T10:00", to: "2027-03-14T10:00", options: [] },
  },
});

export const cancelBooking = defineOperation({
  id: "cancelBooking",
  method: "POST",
  path: "/api/bookings/{id}/cancel",
  tag,
  summary: "Cancel a booking",
  description: [
    "The driver cancels their own booking before pick-up (docs/domain.md#cancellation): a pay-later booking is `cancelled` at once (`outcome: cancelled`); one paid online with the cancellation option becomes a request that staff settle (`outcome: requested`).",
    "",
    "Not the caller's → 404; cannot be cancelled → 409 `refused`; the car was picked up at the counter → 409 `pickedUp`. More than 60 changes (amend, cancel, amendment request, page and API together) per account in 15 minutes → 429 `rateLimited`.",
  ].join("\n"),
  auth: "user",
  params: idParams,
  responses: {
    200: {
      description: "Cancelled, or the request sent.",
      schema: z.object({ outcome: z.enum(["cancelled", "requested"]), booking: bookingSchema }),
    },
  },
  errors: [404, 409, 429],
  errorCodes: { 409: ["refused", "pickedUp"] },
  example: { params: { id: "1" } },
});

export const requestAmendment = defineOperation({
  id: "requestAmendment",
  method: "POST",
  path: "/api/bookings/{id}/amendment-request",
  tag,
  summary: "Ask to change a booking paid online",
  description:
    "The driver of an online-paid booking with the cancellation option says what they would like changed; the booking does not change, the supplier's staff are notified and will contact them. Otherwise 409 `refused`. More than 60 changes (amend, cancel, amendment request, page and API together) per account in 15 minutes → 429 `rateLimited`.",
  auth: "user",
  params: idParams,
  body: z.object({
    request: requiredText(AMENDMENT_REQUEST_MAX, { multiline: true }).meta({
      description: "What the driver would like changed.",
    }),
  }),
  responses: { 202: { description: "Sent to the staff.", schema: z.object({ ok: z.literal(true) }) } },
  errors: [404, 409, 429],
  errorCodes: { 409: ["refused"] },
  example: { params: { id: "1" }, body: { request: "Could I pick the car up two hours later?" } },
});
