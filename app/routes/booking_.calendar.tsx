import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bookingCalendar } from "~/modules/booking/calendar";
import { bookingIdParam } from "~/modules/http/not-found";
import { requireUser } from "~/modules/user/auth.server";

/** /booking/calendar?b=<id>: the booking as an .ics file, scoped like the booking page (404 outside it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const detail = await bookingDetail(user, bookingIdParam(request));
  if (!detail || detail.booking.status === "cancelled" || detail.booking.status === "deleted")
    throw new Response(null, { status: 404 });
  const body = bookingCalendar(detail, context.language, context.t);
  const { reference } = detail.booking;
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reference}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
