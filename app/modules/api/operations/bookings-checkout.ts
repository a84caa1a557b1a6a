import { z } from "zod";
import { emailField, phoneField, requiredText } from "~/modules/forms/fields";
import { onlineMethods } from "~/modules/booking/methods";
import { optionKeys } from "~/modules/pricing/pricing";
import { FULL_NAME_MAX } from "~/modules/user/limits";
import { authMessages } from "~/modules/user/messages";
import { dayInRange } from "~/modules/time/date-range";
import { defineOperation } from "../operation";
import { bookingStatus, paymentMethod, paymentMethods } from "./bookings";
import { localDateTime } from "./shared";

/*
 * Bookings (docs/architecture.md#resources): checkout, through the module the page uses
 * (booking/checkout.server.ts and the use-case files beside it).
 */

const tag = "Bookings";

const birthDate = z.iso
  .date({ error: authMessages.invalidDate })
  .refine(dayInRange, authMessages.invalidDate)
  .meta({ description: "YYYY-MM-DD, from 1900 to 2100." });

/** A person named on a booking besides the account's driver. */
export const personSchema = z.object({
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
    apiPath: z.string().nullable().meta({
      description:
        "The API call that pays with this method: `/api/bookings/{id}/payments/card|mobile|usdt`; null for `zelle` and `bankTransfer`, paid on their page (`paymentUrl`) for now.",
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
