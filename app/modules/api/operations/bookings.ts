import { z } from "zod";
import { bookingStatuses } from "~/modules/booking/status";
import { onlineMethods } from "~/modules/booking/methods";
import { optionKeys } from "~/modules/pricing/pricing";
import { defineOperation } from "../operation";
import { BOOKINGS_PER_PAGE } from "~/modules/booking/list-query";
import { idParams, pageQuery, pageSizeQuery } from "./shared";

/*
 * Bookings (docs/architecture.md#resources): the list and one booking, each through the module
 * the pages use and scoped by bookingScope: another user's booking is a 404, as on the pages.
 * Checkout is in bookings-checkout.ts, amend and cancel in bookings-changes.ts; the booking's
 * schemas here are their answers too.
 */

const tag = "Bookings";

/** The ways to pay at checkout. */
export const paymentMethods = ["payLater", ...onlineMethods] as const;
/** How a booking is paid: a checkout's choice, or one staff record (the database enum; bookings.test.ts holds them equal). */
export const bookingPaymentMethods = [...paymentMethods, "Cash", "PointOfSell"] as const;

export const bookingStatus = z.enum(bookingStatuses);
export const paymentMethod = z.enum(bookingPaymentMethods);

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
