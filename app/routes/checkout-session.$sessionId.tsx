import { DemoCardForm } from "~/components/payment/demo-card-form";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { cardFormSchema } from "~/modules/payment/card";
import { checkoutSessionPath } from "~/modules/payment/start-card-payment.server";
import { confirmStripeReturn, payWithDemoCard } from "~/modules/payment/settle-card-payment.server";
import { findCardPayment } from "~/modules/payment/card-attempts.server";
import { cardGateway } from "~/modules/payment/config.server";
import { payableQuery } from "~/modules/booking/methods";
import { isPaid, paymentSummary, requirePayableBooking } from "~/modules/payment/payable.server";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/**
 * The card attempt named in the URL, of the booking the caller may pay (docs/security.md#payments);
 * a demo attempt only while the demo gateway runs. Anything else is the payment pages' 404.
 */
async function loadAttempt(request: Request, context: AppLoadContext, sessionId: string | undefined) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const payment = sessionId ? await findCardPayment(sessionId, booking.id) : null;
  if (!payment || (payment.gateway === "demo" && cardGateway() !== "demo")) throw new Response(null, { status: 404 });
  return { booking, grant, payment, successHref: `/payment-success?${payableQuery(booking.id, grant)}` };
}

/**
 * Stripe sends the payer back here: the session is re-checked with Stripe and a paid one confirmed
 * (the webhook may have done it already). The demo gateway's attempt shows its card form here.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { booking, grant, payment, successHref } = await loadAttempt(request, context, params.sessionId);
  const outcome =
    payment.gateway === "stripe"
      ? await confirmStripeReturn(payment)
      : payment.status === "succeeded"
        ? "paid"
        : payment.status === "pending"
          ? // Covered another way since it began (the counter took the balance): no card form (docs/domain.md#credit).
            booking.balanceCents < payment.amountCents
            ? "notOwed"
            : "form"
          : payment.failure === "notOwed"
            ? "notOwed"
            : "failed";
  if (outcome === "paid") throw redirect(successHref);
  // A failed attempt may have released the hold: read the booking again for what is possible now.
  const { booking: now } = outcome === "failed" ? await requirePayableBooking(request, context) : { booking };
  return json({
    title: `${context.t(
      {
        form: "card:title",
        processing: "card:processingTitle",
        notOwed: "card:notOwed.title",
        failed: "card:errors.paymentFailed",
        unpaid: "card:errors.paymentFailed",
      }[outcome],
    )} · Rueda`,
    outcome,
    summary: paymentSummary(now),
    // Left without paying, or a payment still processing: the way back to the app, if it sent the browser here.
    appReturn:
      outcome === "form"
        ? null
        : await appReturnFor(
            request,
            now.id,
            outcome === "processing" ? "pending" : outcome === "notOwed" && isPaid(now) ? "paid" : "cancelled",
          ),
    amountLabel: formatCents(payment.amountCents),
    tryAgainHref: now.payable ? `/payment/card?${payableQuery(now.id, grant)}` : null,
    bookingHref: `/booking?${payableQuery(now.id, grant)}`,
    refreshHref: checkoutSessionPath(payment.sessionId, now.id, grant),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const { booking, grant, payment, successHref } = await loadAttempt(request, context, params.sessionId);
  if (payment.gateway !== "demo") throw new Response(null, { status: 405 });
  const submission = parseForm(await request.formData(), { schema: cardFormSchema(new Date()) });
  if (submission.status !== "success") {
    const reply = submission.reply();
    // The form comes back with what was typed, except the security code, which is never echoed.
    if (reply.initialValue) delete reply.initialValue.securityCode;
    return json(reply, { status: 400 });
  }
  const outcome = await payWithDemoCard(payment, submission.value.cardNumber);
  return redirect(outcome === "paid" ? successHref : checkoutSessionPath(payment.sessionId, booking.id, grant), 303);
}

export default function CheckoutSessionPage() {
  const data = useLoaderData<typeof loader>();
  return data.outcome === "form" ? <DemoCard data={data} /> : <Outcome data={data} />;
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

function DemoCard({ data }: { data: PageData }) {
  const { t } = useTranslation("card");
  const lastResult = useActionData<typeof action>();
  return (
    <section className="page narrow stack">
      <h1>{t("title")}</h1>
      <p className="notice" data-testid="demo-label">
        <strong>{t("demo.label")}</strong>
      </p>
      <PaymentSummary data={data.summary} />
      <DemoCardForm
        lastResult={lastResult}
        title={t("demo.title")}
        submitLabel={t("demo.submit", { amount: data.amountLabel })}
        pendingLabel={t("demo.submitting")}
      />
    </section>
  );
}

function Outcome({ data }: { data: PageData }) {
  const { t } = useTranslation("card");
  if (data.outcome === "notOwed") return <NotOwed data={data} />;
  const processing = data.outcome === "processing";
  return (
    <section className="page narrow stack">
      <h1>{processing ? t("processingTitle") : t("errors.paymentFailed")}</h1>
      <p role={processing ? "status" : "alert"}>
        {processing ? t("processing") : data.outcome === "unpaid" ? t("failed.unpaid") : t("failed.body")}
        {!processing && !data.tryAgainHref ? ` ${t("failed.released")}` : ""}
      </p>
      <PaymentSummary data={data.summary} />
      <AppReturnNotice data={data.appReturn} />
      <p className="actions">
        {processing ? (
          <a className="button" href={data.refreshHref}>
            {t("refresh")}
          </a>
        ) : data.tryAgainHref ? (
          <a className="button" href={data.tryAgainHref}>
            {t("failed.tryAgain")}
          </a>
        ) : (
          <Link className="button" to="/">
            {t("failed.search")}
          </Link>
        )}
      </p>
    </section>
  );
}

/** A demo attempt for an amount the booking no longer owes: refused before charging (docs/domain.md#credit). */
function NotOwed({ data }: { data: PageData }) {
  const { t } = useTranslation("card");
  return (
    <section className="page narrow stack">
      <h1>{t("notOwed.title")}</h1>
      <p role="alert">{t("notOwed.body", { amount: data.amountLabel, reference: data.summary.reference })}</p>
      <PaymentSummary data={data.summary} />
      <AppReturnNotice data={data.appReturn} />
      <p className="actions">
        {data.tryAgainHref ? (
          <a className="button" href={data.tryAgainHref}>
            {t("notOwed.payBalance")}
          </a>
        ) : null}
        <Link to={data.bookingHref}>{t("notOwed.viewBooking")}</Link>
      </p>
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
