import { z } from "zod";
import { AMENDMENT_REQUEST_MAX, amendTime, dropOffFollows, dropOffMessage } from "~/modules/booking/amend-schema";
import { requiredText } from "~/modules/forms/fields";
import { optionKeys } from "~/modules/pricing/pricing";
import { defineOperation } from "../operation";
import { bookingSchema } from "./bookings";
import { personSchema } from "./bookings-checkout";
import { idParams } from "./shared";

/*
 * Bookings (docs/architecture.md#resources): amend and cancel (or ask to), each through the
 * module the booking page uses and scoped by bookingScope: another user's booking is a 404, as
 * on the pages.
 */

const tag = "Bookings";

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
