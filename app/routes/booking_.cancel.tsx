import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { bookingActions } from "~/modules/booking/actions";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { privatePageMeta } from "~/modules/http/meta";
import { bookingIdParam } from "~/modules/http/not-found";
import { formatCents } from "~/modules/i18n/format";
import { placeNameKey } from "~/modules/i18n/place-name";
import { useTranslation } from "~/modules/i18n/react";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { requireUser } from "~/modules/user/auth.server";
import { toastHeader } from "~/utils/toast.server";

export const meta = privatePageMeta;

/**
 * "Cancel booking RD-…?" as a page of its own (docs/domain.md#cancellation): the driver reads what
 * cancelling does to this booking — free and at once, or a request to the supplier — before
 * confirming, with or without JavaScript. The confirmation posts to the booking page, which
 * cancels through cancelBooking; a booking the driver can no longer cancel goes back to its page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const id = bookingIdParam(request);
  const detail = await bookingDetail(user, id);
  if (!detail) throw new Response(null, { status: 404 });
  const kind = bookingActions(user, detail).cancel;
  if (kind === "none") {
    throw redirect(`/booking?b=${id}`, {
      headers: { "Set-Cookie": await toastHeader({ type: "error", message: "bookings:cancel.refused" }) },
    });
  }
  const { booking, car, supplier, pickup, dropoff } = detail;
  const nameKey = placeNameKey(context.language);
  return {
    title: `${context.t("bookings:cancel.confirm.title", { reference: booking.reference })} · Rueda`,
    kind,
    booking: {
      id: booking.id,
      reference: booking.reference,
      car: car.name,
      supplier: supplier.name,
      pickup: `${pickup[nameKey]} — ${wallClockLabel(booking.startsAt, pickup.timeZone)}`,
      dropoff: `${dropoff[nameKey]} — ${wallClockLabel(booking.endsAt, dropoff.timeZone)}`,
      total: formatCents(booking.priceCents),
      paid: formatCents(detail.paidCents),
    },
  };
}

export default function CancelBookingPage() {
  const { t } = useTranslation("bookings");
  const { kind, booking } = useLoaderData<typeof loader>();
  const busy = useNavigation().state === "submitting";
  return (
    <section className="page narrow stack">
      <h1>{t("cancel.confirm.title", { reference: booking.reference })}</h1>
      <section className="card" aria-labelledby="cancel-summary">
        <h2 id="cancel-summary">{t("detail.summary")}</h2>
        <dl className="details">
          <dt>{t("columns.car")}</dt>
          <dd>{booking.car}</dd>
          <dt>{t("columns.supplier")}</dt>
          <dd>{booking.supplier}</dd>
          <dt>{t("detail.pickup")}</dt>
          <dd>{booking.pickup}</dd>
          <dt>{t("detail.dropoff")}</dt>
          <dd>{booking.dropoff}</dd>
          <dt>{t("detail.total")}</dt>
          <dd>{booking.total}</dd>
        </dl>
      </section>
      <Form method="post" action={`/booking?b=${booking.id}`} className="notice notice--warning stack">
        <p>
          <strong>{t(`cancel.confirm.${kind}`, { paid: booking.paid, supplier: booking.supplier })}</strong>
        </p>
        <p>{t(`cancel.confirm.${kind}After`, { supplier: booking.supplier })}</p>
        <p className="actions">
          <button type="submit" name="intent" value="cancel" className="button button--danger" disabled={busy}>
            {t(`cancel.confirm.${kind}Yes`)}
          </button>
          <Link to={`/booking?b=${booking.id}`} className="button button--secondary">
            {t("cancel.confirm.back")}
          </Link>
        </p>
      </Form>
    </section>
  );
}
