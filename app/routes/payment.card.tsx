import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { messages } from "~/modules/forms/messages";
import { startCardPaymentLimited } from "~/modules/payment/card-limits.server";
import { cardPaymentOffered, cardRefusals } from "~/modules/payment/start-card-payment.server";
import { payableQuery } from "~/modules/booking/methods";
import { isPaid, paymentSummary, requirePayableBooking } from "~/modules/payment/payable.server";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** Pay a booking's balance by card (docs/domain.md#card-payments): the summary and one button to the gateway. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const gateway = await cardPaymentOffered();
  return json({
    title: `${context.t("card:title")} · Rueda`,
    summary: paymentSummary(booking),
    amountLabel: formatCents(booking.balanceCents),
    gateway,
    payable: booking.payable,
    paid: booking.status === "paid",
    // Stripe's cancel address: from the app, the way back without paying (docs/security.md#payment-hand-off).
    appReturn: await appReturnFor(request, booking.id, isPaid(booking) ? "paid" : "cancelled"),
    successHref: `/payment-success?${payableQuery(booking.id, grant)}`,
    bookingHref: booking.driverId === context.user?.id ? `/booking?b=${booking.id}` : null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  // The amount and the booking come from the server's records; the form only says "pay".
  const { booking, grant } = await requirePayableBooking(request, context);
  if ((await request.formData()).get("intent") !== "pay") return json({ error: "common:error.body" }, { status: 400 });
  const started = await startCardPaymentLimited(booking, context.language, { ip: context.ip, grant });
  if (started === "rateLimited") return json({ error: `common:${messages.rateLimited}` }, { status: 429 });
  if (started.ok) return redirect(started.url, 303);
  const refusal = cardRefusals[started.reason];
  return json({ error: refusal.message }, { status: refusal.status });
}

export default function CardPaymentPage() {
  const { t } = useTranslation("card");
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <section className="page narrow stack">
      <h1>{t("title")}</h1>
      <PaymentSummary data={data.summary} />
      {result?.error ? (
        <div className="form-errors" role="alert">
          <p>{t(result.error)}</p>
        </div>
      ) : null}
      {!data.gateway ? (
        <p className="card">{t("notOffered")}</p>
      ) : data.payable ? (
        <Form method="post" className="card stack">
          {data.gateway === "demo" ? (
            <p className="notice" data-testid="demo-label">
              <strong>{t("demo.label")}</strong>
            </p>
          ) : (
            <p>{t("stripeHelp")}</p>
          )}
          <SubmitButton
            pending={navigation.state !== "idle" && navigation.formMethod === "POST"}
            pendingLabel={t("paying")}
          >
            {t("pay", { amount: data.amountLabel })}
          </SubmitButton>
          <input type="hidden" name="intent" value="pay" />
        </Form>
      ) : (
        <p className="card">
          {data.paid ? (
            <a href={data.successHref}>{t("payment:direct.alreadyPaid")}</a>
          ) : (
            t("payment:direct.notPayable")
          )}
        </p>
      )}
      {data.bookingHref ? (
        <p>
          <Link to={data.bookingHref}>{t("payment:direct.viewBooking")}</Link>
        </p>
      ) : null}
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
