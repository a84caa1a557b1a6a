import { ApiError } from "~/modules/api/errors";
import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import {
  checkoutFailureError,
  checkoutGuardError,
  checkoutFields,
  checkoutProblemError,
  checkoutValidationError,
  paymentApiPath,
} from "~/modules/api/bookings.server";
import { createBooking } from "~/modules/api/operations/bookings-checkout";
import { listBookings } from "~/modules/api/operations/bookings";
import { listBookings as bookingList } from "~/modules/booking/list-bookings.server";
import { canAmend } from "~/modules/booking/eligibility";
import { bookCheckoutLimited, prepareCheckout } from "~/modules/booking/checkout.server";
import { enabledOnlineMethods } from "~/modules/payment/config.server";
import { BOOKINGS_PER_PAGE, dateRange, readListQuery } from "~/modules/booking/list-query";
import { paymentGrant } from "~/modules/payment/grant.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { browserPaymentUrl } from "~/modules/payment/handoff.server";

const route = apiRoute(
  implement(listBookings, async ({ request, user, query: { pageSize = BOOKINGS_PER_PAGE } }) => {
    // The page's own reading of its filters: lenient, a bad value is no filter.
    const query = readListQuery(new URL(request.url).searchParams);
    const list = await bookingList(user, {
      status: query.status,
      ...dateRange(query),
      supplierId: query.supplier,
      page: query.page,
      perPage: pageSize,
    });
    return reply(200, {
      bookings: list.rows.map(({ pickup: _pickup, dropoff: _dropoff, ...row }) => ({
        ...row,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        canAmend: canAmend(user.id, row),
      })),
      total: list.total,
      page: list.page,
      pages: list.pages,
      pageSize,
    });
  }),

  implement(createBooking, async ({ body, user, language, context }) => {
    const link = new URLSearchParams({
      car: String(body.carId),
      pickup: String(body.pickupLocationId),
      dropoff: String(body.dropoffLocationId ?? body.pickupLocationId),
      from: body.from,
      to: body.to,
    });
    const userId = user?.id ?? null;
    const prepared = await prepareCheckout(link, { language, userId, online: enabledOnlineMethods() });
    if (!prepared.ok)
      throw checkoutProblemError(prepared.problem, prepared.errors, prepared.limit, prepared.hours, prepared.refusal);
    // The page's form schema, for this car and this driver: the same rules and messages.
    const parsed = prepared.schema.safeParse(checkoutFields(body));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.map(String).join(".") || "body"] ??= issue.message;
      throw checkoutValidationError(fields);
    }
    const result = await bookCheckoutLimited(prepared, parsed.data, {
      userId,
      language,
      ip: context.ip,
      captcha: { token: body.captchaToken, answer: body.captchaAnswer },
    });
    if (typeof result === "string") throw checkoutGuardError(result);
    if (!result.ok) throw checkoutFailureError(result, language);
    const booking = await loadPayableBooking(result.bookingId, { userId: result.driverId, grant: null });
    if (!booking) throw new ApiError(500);
    // A visitor is not signed in by this call: the grant lets them pay this booking (docs/security.md#payments).
    const grant = userId === null ? paymentGrant(booking.id) : null;
    const method = result.paymentMethod;
    // An app's browser has no cookie: it is led through the hand-off (docs/security.md#payment-hand-off).
    const browser =
      method === "payLater"
        ? null
        : await browserPaymentUrl(booking, method, { grant, bearer: context.credential?.kind === "token", language });
    return reply(201, {
      booking: {
        id: booking.id,
        reference: booking.reference,
        status: booking.status,
        paymentMethod: booking.paymentMethod,
        priceCents: booking.priceCents,
      },
      accountCreated: result.accountCreated,
      grant,
      next:
        method === "payLater"
          ? null
          : {
              method,
              paymentUrl: browser!.url,
              paymentUrlExpiresAt: browser!.expiresAt?.toISOString() ?? null,
              paymentLinkPath: `/api/bookings/${booking.id}/payment-link`,
              apiPath: paymentApiPath(booking.id, method),
              holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
            },
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
