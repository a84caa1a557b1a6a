import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bookingCalendar } from "~/modules/booking/calendar";
import { counterInstructions } from "~/modules/booking/voucher";
import { requireUser } from "~/modules/user/auth.server";
import { placeNameKey } from "~/modules/i18n/place-name";

/** /booking/calendar?b=<id>: the booking as an .ics file, scoped like the booking page (404 outside it). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const id = Number(new URL(request.url).searchParams.get("b"));
  const detail = Number.isSafeInteger(id) && id > 0 ? await bookingDetail(user, id) : null;
  if (!detail || detail.booking.status === "cancelled" || detail.booking.status === "deleted")
    throw new Response(null, { status: 404 });
  const { booking, car, pickup, dropoff } = detail;
  const t = context.t;
  const nameKey = placeNameKey(context.language);
  const place = (p: typeof pickup) => ({ name: p[nameKey], address: p.address, timeZone: p.timeZone });
  const body = bookingCalendar(
    {
      reference: booking.reference,
      carName: car.name,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      pickup: place(pickup),
      dropoff: place(dropoff),
      counter: counterInstructions(pickup, context.language),
    },
    {
      pickup: t("bookings:detail.pickup"),
      dropoff: t("bookings:detail.dropoff"),
      counter: t("bookings:voucher.counter"),
    },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.reference}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
