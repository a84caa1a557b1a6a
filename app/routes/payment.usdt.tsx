import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { CopyButton } from "~/components/copy-button";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { useZodForm } from "~/components/use-zod-form";
import { messages } from "~/modules/forms/messages";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { privatePageMeta } from "~/modules/http/meta";
import { useTranslation } from "~/modules/i18n/react";
import { payableQuery } from "~/modules/booking/methods";
import { paymentSummary, requirePayableBooking } from "~/modules/payment/payable.server";
import { walletSchema } from "~/modules/payment/wallet-form";
import { unmatchedReasons } from "~/modules/payment/tron";
import { depositQrSvg, walletSettings } from "~/modules/payment/wallet-settings.server";
import {
  latestWalletPayment,
  submitTransactionLimited,
  walletView,
} from "~/modules/payment/submit-usdt-payment.server";
import { usdtAttemptOrBusy } from "~/modules/payment/usdt-attempt.server";

/** While a transaction is being checked the page asks again this often. */
const REFRESH_SECONDS = 10;

export const meta = privatePageMeta;

const notFound = () => new Response(null, { status: 404 });

/**
 * Pay a booking's balance in USDT on TRON (docs/domain.md#usdt): the exact amount of this booking's
 * attempt (opened, or reused, when the form is shown) and where to send it, then the transaction
 * id; its check runs as a job, and this page follows it — checking, paid, or invalid with the form
 * again and a fresh amount.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const settings = walletSettings();
  if (!settings) throw notFound();
  const { view, failure } = walletView(booking, await latestWalletPayment(booking.id));
  const query = payableQuery(booking.id, grant);
  const now = new Date();
  const opened = view === "form" ? await usdtAttemptOrBusy(booking, now) : null;
  // Every amount for this balance in use right now (docs/domain.md#usdt): the page says to try again.
  const busy = opened === "busy";
  const attempt = busy ? null : opened;
  return json(
    {
      title: `${context.t("wallet:title")} · Rueda`,
      view,
      failure,
      busy,
      // USDT reached us but matched nothing: staff see it (docs/domain.md#usdt).
      received: failure !== null && (unmatchedReasons as readonly string[]).includes(failure),
      summary: paymentSummary(booking),
      address: settings.address,
      amount: attempt?.amount ?? null,
      minutesLeft: attempt ? Math.max(1, Math.floor((attempt.expiresAt.getTime() - now.getTime()) / 60_000)) : null,
      qrSvg: attempt ? await depositQrSvg(settings.address) : null,
      selfHref: `/payment/usdt?${query}`,
      successHref: `/payment-success?${query}`,
      // From the app's hand-off link: back once paid, while the chain check runs, or without paying (docs/security.md#payment-hand-off).
      appReturn: await appReturnFor(
        request,
        booking.id,
        view === "paid" ? "paid" : view === "checking" ? "pending" : "cancelled",
      ),
    },
    { status: busy ? 409 : 200 },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const { booking, grant } = await requirePayableBooking(request, context);
  const submission = parseForm(await request.formData(), { schema: walletSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const outcome = await submitTransactionLimited(booking, submission.value.txId);
  if (outcome === "rateLimited") return json(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
  // A check already running for this booking: the page shows it.
  if (outcome.ok || outcome.reason === "inProgress")
    return redirect(`/payment/usdt?${payableQuery(booking.id, grant)}`);
  const reply =
    outcome.reason === "duplicate"
      ? submission.reply({ fieldErrors: { txId: ["wallet:errors.duplicate"] } })
      : submission.reply({ formErrors: ["payment:direct.notPayable"] });
  return json(reply, { status: 400 });
}

export default function UsdtPaymentPage() {
  const { t } = useTranslation("wallet");
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
      {data.view === "checking" ? (
        <div className="notice" role="status">
          <FollowCheck />
          <h2>{t("checking")}</h2>
          <p>{t("checkingHelp")}</p>
          <a href={data.selfHref}>{t("refresh")}</a>
        </div>
      ) : null}
      {data.view === "closed" ? <p className="notice notice--warning">{t("payment:direct.notPayable")}</p> : null}
      {data.busy ? (
        <div className="notice notice--warning" role="alert">
          <p>{t("errors.busy")}</p>
          <a href={data.selfHref}>{t("refresh")}</a>
        </div>
      ) : null}
      {data.view === "form" && data.amount ? (
        <>
          {data.failure ? (
            <div className="notice notice--warning" role="alert">
              <p>
                <strong>{t("errors.invalid")}</strong>
              </p>
              <p>{t(`reasons.${data.failure}`)}</p>
              {data.received ? <p>{t("receivedUnmatched")}</p> : null}
            </div>
          ) : null}
          <p className="lead">{t("intro")}</p>
          <div className="notice" role="note">
            <p>
              <strong>{t("sendExactly", { amount: data.amount })}</strong>
            </p>
            <p>{t("exactlyHelp")}</p>
            <p>{t("validFor", { count: data.minutesLeft ?? 1 })}</p>
          </div>
          <dl className="details card">
            <dt>{t("network")}</dt>
            <dd>{t("networkName")}</dd>
            <dt>{t("amount")}</dt>
            <dd className="copyable">
              <strong data-testid="usdt-amount">{data.amount} USDT</strong>
              <CopyButton
                value={data.amount}
                text={t("copyAmount")}
                label={t("copyAmount")}
                copied="wallet:amountCopied"
                failed="wallet:copyFailed"
              />
            </dd>
            <dt>{t("address")}</dt>
            <dd className="copyable">
              <code data-testid="deposit-address">{data.address}</code>
              <CopyButton
                value={data.address}
                text={t("copyAddress")}
                label={t("copyAddress")}
                copied="wallet:addressCopied"
                failed="wallet:copyFailed"
              />
            </dd>
          </dl>
          {data.qrSvg ? (
            <div className="qr" role="img" aria-label={t("qr")} dangerouslySetInnerHTML={{ __html: data.qrSvg }} />
          ) : null}
          <TransactionForm action={data.selfHref} />
        </>
      ) : null}
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

/**
 * Follows a running check. Without JavaScript the document reloads itself (a refresh meta in
 * <noscript>, which browsers with scripting ignore; React never fills a noscript it creates).
 * With JavaScript only the loader's data is asked again: a whole-document reload scheduled by a
 * meta would still fire after the check ended, and wipe a new transaction id being typed.
 */
function FollowCheck() {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (state !== "idle") return;
    const timer = setTimeout(revalidate, REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [revalidate, state]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
    </noscript>
  );
}

function TransactionForm({ action: formAction }: { action: string }) {
  const { t } = useTranslation("wallet");
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(walletSchema, lastResult);
  return (
    <Form method="post" action={formAction} {...getFormProps(form)} className="stack">
      <FormErrors form={form} labels={{ txId: t("txId") }} />
      <TextField field={fields.txId} label={t("txId")} help={t("txIdHelp")} autoComplete="off" />
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("submitting")}>
        {t("submit")}
      </SubmitButton>
    </Form>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
