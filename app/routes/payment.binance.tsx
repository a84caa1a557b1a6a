import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { payableQuery } from "~/modules/booking/methods";
import { privatePageMeta } from "~/modules/http/meta";
import { useTranslation } from "~/modules/i18n/react";
import { qrSvg } from "~/modules/images/qr.server";
import { openBinanceOrder } from "~/modules/payment/binance-order.server";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { BinancePayUnavailable, binancePayConfigured } from "~/modules/payment/binance-pay.server";
import { isPaid, paymentSummary, requirePayableBooking } from "~/modules/payment/payable.server";
import { getEnv } from "~/utils/env.server";
import { errorHeadline, log } from "~/utils/log.server";

export const meta = privatePageMeta;

/**
 * Pay a booking's balance with Binance Pay (docs/domain.md#binance-pay): the order for the amount
 * due (created at Binance, or the booking's running one), its link for a phone and its QR code for
 * the Binance app, drawn here so the page needs no script. Binance's signed webhook pays the
 * booking; "I have paid" reloads the page, which then says so.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  if (!binancePayConfigured()) throw new Response(null, { status: 404 });
  const query = payableQuery(booking.id, grant);
  const selfHref = `/payment/binance?${query}`;
  const base = {
    title: `${context.t("binancePay:title")} · Rueda`,
    summary: paymentSummary(booking),
    selfHref,
    successHref: `/payment-success?${query}`,
  };
  const view = isPaid(booking) ? "paid" : booking.payable ? "order" : "closed";
  // From the app's hand-off link: back once paid, or without paying (docs/security.md#payment-hand-off).
  const appReturn = await appReturnFor(request, booking.id, view === "paid" ? "paid" : "cancelled");
  if (view !== "order") return json({ ...base, appReturn, view, order: null });
  const now = new Date();
  try {
    const order = await openBinanceOrder(booking, new URL(selfHref, getEnv().APP_URL).toString(), now);
    return json({
      ...base,
      appReturn,
      view,
      order: {
        amount: order.amount,
        checkoutUrl: order.checkoutUrl,
        qrSvg: await qrSvg(order.qrContent),
        minutesLeft: Math.max(1, Math.floor((order.expiresAt.getTime() - now.getTime()) / 60_000)),
      },
    });
  } catch (error) {
    if (!(error instanceof BinancePayUnavailable)) throw error;
    log().error(
      { op: "binance order", bookingId: booking.id },
      `Binance Pay order not created: ${errorHeadline(error)}`,
    );
    return json({ ...base, appReturn, view: "unavailable" as const, order: null }, { status: 502 });
  }
}

export default function BinancePayPage() {
  const { t } = useTranslation("binancePay");
  const data = useLoaderData<typeof loader>();
  return (
    <section className="page narrow stack">
      <h1>{t("title")}</h1>
      <PaymentSummary data={data.summary} />
      {data.view === "paid" ? (
        <div className="notice notice--success" role="status">
          <p>{t("paid")}</p>
          <a className="button" href={data.successHref}>
            {t("payment:direct.seeConfirmation")}
          </a>
        </div>
      ) : null}
      {data.view === "closed" ? <p className="notice notice--warning">{t("payment:direct.notPayable")}</p> : null}
      {data.view === "unavailable" ? (
        <div className="notice notice--warning" role="alert">
          <p>{t("unavailable")}</p>
          <a href={data.selfHref}>{t("refresh")}</a>
        </div>
      ) : null}
      {data.order ? (
        <>
          <p className="lead">{t("intro")}</p>
          <dl className="details card">
            <dt>{t("amount")}</dt>
            <dd>
              <strong data-testid="binance-amount">{t("amountValue", { amount: data.order.amount })}</strong>
            </dd>
          </dl>
          <p>{t("validFor", { count: data.order.minutesLeft })}</p>
          <a className="button" href={data.order.checkoutUrl}>
            {t("open")}
          </a>
          <div className="qr" role="img" aria-label={t("qr")} dangerouslySetInnerHTML={{ __html: data.order.qrSvg }} />
          <p>{t("afterPaying")}</p>
          <a href={data.selfHref}>{t("refresh")}</a>
        </>
      ) : null}
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
