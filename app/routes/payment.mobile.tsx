import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CopyButton } from "~/components/copy-button";
import { SelectField } from "~/components/form-choices";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentErrorBoundary } from "~/components/payment/payment-error";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { useZodForm } from "~/components/use-zod-form";
import { messages } from "~/modules/forms/messages";
import { useTranslation } from "~/modules/i18n/react";
import { payableQuery } from "~/modules/booking/methods";
import { mobilePaymentSchema } from "~/modules/payment/mobile-payment";
import {
  bankList,
  mobilePaymentPage,
  submitMobilePaymentLimited,
  submitRefusals,
  type SubmitRefusal,
} from "~/modules/payment/submit-mobile-payment.server";
import { isPaid, paymentSummary, requirePayableBooking } from "~/modules/payment/payable.server";
import { appToday } from "~/modules/time/calendar";
import { toastHeader } from "~/utils/toast.server";
import { appReturnFor } from "~/modules/payment/handoff.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/**
 * Pago móvil (docs/domain.md#pago-móvil): the merchant's account and the amount in bolívares, each
 * copyable, then the payer's transfer for staff to verify. Scoped like every payment page: the
 * booking's driver, or the grant of a reference + email lookup carried in `g`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const page = await mobilePaymentPage(booking);
  const asksForTransfer = page !== null && booking.payable && page.awaiting === null;
  return json({
    title: `${context.t("mobilePayment:title")} · Rueda`,
    summary: paymentSummary(booking),
    page,
    payable: booking.payable,
    banks: asksForTransfer ? await bankList() : [],
    today: appToday(),
    query: payableQuery(booking.id, grant),
    bookingHref: booking.driverId === context.user?.id ? `/booking?b=${booking.id}` : null,
    // From the app's hand-off link: back with the transfer awaiting staff, or without paying (docs/security.md#payment-hand-off).
    appReturn: await appReturnFor(
      request,
      booking.id,
      isPaid(booking) ? "paid" : page?.awaiting ? "pending" : "cancelled",
    ),
  });
}

/** Where each refusal of the server shows: beside its field, or above the form. */
function refusalReply(reason: SubmitRefusal): { fieldErrors?: Record<string, string[]>; formErrors?: string[] } {
  const { field, message } = submitRefusals[reason];
  return field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { booking, grant } = await requirePayableBooking(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== "pay") throw new Response(null, { status: 400 });
  const submission = parseForm(formData, { schema: mobilePaymentSchema });
  if (submission.status !== "success") return json<SubmissionResult<string[]>>(submission.reply(), { status: 400 });
  // Per booking, counted before the answer, so references cannot be tried by the hundred (docs/security.md#rate-limits).
  const outcome = await submitMobilePaymentLimited(booking, submission.value);
  if (outcome === "rateLimited")
    return json<SubmissionResult<string[]>>(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
  if (!outcome.ok)
    return json<SubmissionResult<string[]>>(submission.reply(refusalReply(outcome.reason)), {
      status: outcome.reason === "duplicate" ? 409 : 400,
    });
  return redirect(`/payment/mobile?${payableQuery(booking.id, grant)}`, {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "mobilePayment:awaiting.title" }) },
  });
}

export default function MobilePaymentPage() {
  const { t } = useTranslation("mobilePayment");
  const data = useLoaderData<typeof loader>();
  const { page } = data;
  return (
    <section className="page narrow stack">
      <h1>{page?.awaiting ? t("awaiting.title") : t("title")}</h1>
      <PaymentSummary data={data.summary} />
      {!page ? (
        <p className="notice notice--warning">{t("errors.unavailable")}</p>
      ) : page.awaiting ? (
        <Awaiting transfer={page.awaiting} />
      ) : !data.payable ? (
        <NotPayable />
      ) : (
        <>
          <Merchant />
          <TransferForm />
        </>
      )}
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

function Awaiting({ transfer }: { transfer: { bank: string; reference: string; date: string } }) {
  const { t } = useTranslation("mobilePayment");
  const { summary, bookingHref } = useLoaderData<typeof loader>();
  return (
    <div className="stack" role="status">
      <p>{t("awaiting.body", { reference: summary.reference })}</p>
      <p className="muted">{t("awaiting.transfer", transfer)}</p>
      {bookingHref ? (
        <p>
          <Link to={bookingHref}>{t("awaiting.viewBooking")}</Link>
        </p>
      ) : null}
    </div>
  );
}

function NotPayable() {
  const { t } = useTranslation("mobilePayment");
  const { summary, query } = useLoaderData<typeof loader>();
  return summary.status === "paid" ? (
    <p>
      {t("paid")} <Link to={`/payment-success?${query}`}>{t("seeConfirmation")}</Link>
    </p>
  ) : (
    <p className="notice notice--warning">{t("errors.notPayable")}</p>
  );
}

/** The merchant's account: each value is plain selectable text, with a Copy button once JavaScript runs. */
function Merchant() {
  const { t } = useTranslation("mobilePayment");
  const page = useLoaderData<typeof loader>().page!;
  const { merchant, amount } = page;
  const copyable = (
    name: "bank" | "phone" | "rif" | "amount",
    value: { shown: string; copy: string },
    extra?: string,
  ) => (
    <>
      <dt>{t(`merchant.${name}`)}</dt>
      <dd>
        <span data-testid={`merchant-${name}`}>{value.shown}</span>{" "}
        <CopyButton
          value={value.copy}
          text={t("copy.button")}
          label={t(`copy.${name}`)}
          copied={`mobilePayment:copy.copied${name[0].toUpperCase()}${name.slice(1)}`}
          failed="mobilePayment:copy.failed"
        />
        {extra ? <span className="field__help">{extra}</span> : null}
      </dd>
    </>
  );
  return (
    <section className="card stack" aria-labelledby="merchant-title">
      <h2 id="merchant-title">{t("merchant.title")}</h2>
      <p>{t("intro")}</p>
      {page.rejectedReason ? (
        <p className="notice notice--warning" role="alert">
          {t("rejectedBefore", { reason: page.rejectedReason })}
        </p>
      ) : null}
      <dl className="details">
        {copyable("bank", merchant.bank)}
        {copyable("phone", merchant.phone)}
        {copyable("rif", merchant.rif)}
        <dt>{t("merchant.holder")}</dt>
        <dd>{merchant.holder}</dd>
        {copyable("amount", amount, t("merchant.rate", { usd: amount.usd, rate: amount.rate, date: amount.rateDate }))}
      </dl>
    </section>
  );
}

function TransferForm() {
  const { t } = useTranslation("mobilePayment");
  const { banks, today } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(mobilePaymentSchema, lastResult, {
    id: "mobile-payment",
    defaultValue: { date: today },
    shouldRevalidate: "onBlur",
  });
  const labels = { bank: t("form.bank"), phone: t("form.phone"), reference: t("form.reference"), date: t("form.date") };
  return (
    <section className="card stack" aria-labelledby="transfer-title">
      <h2 id="transfer-title">{t("form.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        <SelectField
          field={fields.bank}
          label={labels.bank}
          options={[
            { value: "", label: t("form.chooseBank") },
            ...banks.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
          ]}
        />
        <TextField
          field={fields.phone}
          label={labels.phone}
          help={t("form.phoneHelp")}
          type="tel"
          autoComplete="tel-national"
        />
        <TextField field={fields.reference} label={labels.reference} help={t("form.referenceHelp")} />
        <TextField field={fields.date} label={labels.date} type="date" />
        <input type="hidden" name="intent" value="pay" />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("form.sending")}>
          {t("form.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}

export { PaymentErrorBoundary as ErrorBoundary };
