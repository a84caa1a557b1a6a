import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { payableQuery } from "~/modules/booking/methods";
import { paymentSummary, requirePayableBooking } from "~/modules/payment/payable.server";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/**
 * The confirmation after paying (docs/domain.md#payments): the booking's summary and whether it
 * is paid. Reached from the card return and the other methods once confirmed; scoped like every
 * payment page (the booking's driver, or the grant of a reference + email lookup).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const paid = booking.status === "paid" || (booking.paidCents > 0 && booking.balanceCents === 0);
  return json({
    title: `${context.t(paid ? "payment:success.title" : "payment:success.notYetTitle")} · Rueda`,
    paid,
    paidLabel: formatCents(booking.paidCents),
    // Two ways of paying crossed: what staff will refund (docs/domain.md#credit).
    creditLabel: booking.creditCents > 0 ? formatCents(booking.creditCents) : null,
    // A grant holder is not told the driver's address (docs/security.md#payment-grants): the grant may have leaked.
    email: booking.driverId === context.user?.id ? booking.driverEmail : null,
    summary: paymentSummary(booking),
    // Opened from the app's hand-off link: the way back, paid or still waiting (docs/security.md#payment-hand-off).
    appReturn: await appReturnFor(request, booking.id, paid ? "paid" : "pending"),
    payHref: booking.payable ? `/payment?${payableQuery(booking.id, grant)}` : null,
    bookingHref:
      booking.driverId === context.user?.id
        ? `/booking?b=${booking.id}`
        : grant
          ? `/booking?${payableQuery(booking.id, grant)}`
          : null,
  });
}

export default function PaymentSuccessPage() {
  const { t } = useTranslation("payment");
  const data = useLoaderData<typeof loader>();
  return (
    <section className="page narrow stack">
      <h1>{data.paid ? t("success.title") : t("success.notYetTitle")}</h1>
      <p role="status">
        {data.paid
          ? data.email
            ? t("success.body", { amount: data.paidLabel, email: data.email })
            : t("success.bodyNoEmail", { amount: data.paidLabel })
          : t("success.notYetBody")}
      </p>
      {data.creditLabel ? (
        <p className="notice" role="note">
          {t("success.credit", { credit: data.creditLabel })}
        </p>
      ) : null}
      <PaymentSummary data={data.summary} />
      <AppReturnNotice data={data.appReturn} />
      <p className="actions">
        {data.payHref ? (
          <a className="button" href={data.payHref}>
            {t("success.payNow")}
          </a>
        ) : null}
        {data.bookingHref ? <Link to={data.bookingHref}>{t("direct.viewBooking")}</Link> : null}
      </p>
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
