import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { icsCalendar } from "~/modules/booking/calendar";
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
  const local = (at: Date, zone: string) => `${wallClockLabel(at, zone)} (${zone})`;
  const body = icsCalendar({
    uid: `booking-${booking.reference}@rueda`,
    start: booking.startsAt,
    end: booking.endsAt,
    stamp: new Date(),
    summary: `Rueda: ${car.name}, ${booking.reference}`,
    location: `${pickup[nameKey]}, ${pickup.address}`,
    description: [
      `${t("bookings:detail.pickup")}: ${pickup[nameKey]}, ${pickup.address} — ${local(booking.startsAt, pickup.timeZone)}`,
      `${t("bookings:detail.dropoff")}: ${dropoff[nameKey]}, ${dropoff.address} — ${local(booking.endsAt, dropoff.timeZone)}`,
    ].join("\n"),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${booking.reference}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
