import { getFormProps } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { SelectField } from "~/components/form-choices";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { AppReturnNotice } from "~/components/payment/app-return";
import { PaymentSummary } from "~/components/payment/payment-summary";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { centsToDollars, transferSchemas } from "~/modules/payment/transfer";
import type { transferAction, transferLoader } from "~/modules/payment/transfer-route.server";

const useData = () => useLoaderData<typeof transferLoader>();

/**
 * Zelle or bolívar bank transfer (docs/domain.md#transfers): the split so far, the part to pay
 * (a GET form), the account and the exact amount to send with its IGTF line, then the payer's
 * reference for an admin to verify. Every form works without JavaScript.
 */
export function TransferPage() {
  const { t } = useTranslation("transfer");
  const data = useData();
  const { page } = data;
  return (
    <section className="page narrow stack">
      <h1>{t(`title.${data.method}`)}</h1>
      <PaymentSummary data={data.summary} />
      {!page ? (
        <p className="notice notice--warning">{t("errors.unavailable")}</p>
      ) : (
        <>
          <Parts />
          {data.asks ? (
            <>
              <PartForm />
              <Account />
              <ReferenceForm />
            </>
          ) : data.summary.status === "paid" ? (
            <p>
              {t("mobilePayment:paid")}{" "}
              <Link to={`/payment-success?${data.query}`}>{t("mobilePayment:seeConfirmation")}</Link>
            </p>
          ) : page.openCents === 0 && data.summary.balanceCents > 0 ? (
            <p role="status">{t("awaitingAll")}</p>
          ) : (
            <p className="notice notice--warning">{t("mobilePayment:errors.notPayable")}</p>
          )}
          {data.bookingHref ? (
            <p>
              <Link to={data.bookingHref}>{t("mobilePayment:awaiting.viewBooking")}</Link>
            </p>
          ) : null}
        </>
      )}
      <AppReturnNotice data={data.appReturn} />
    </section>
  );
}

/** What was paid so far, how, and what is left, in dollars and bolívares. */
function Parts() {
  const { t } = useTranslation("transfer");
  const page = useData().page!;
  return (
    <section className="card stack" aria-labelledby="parts-title">
      <h2 id="parts-title">{t("parts.title")}</h2>
      {page.parts.length === 0 ? <p className="muted">{t("parts.none")}</p> : null}
      <ul className="stack">
        {page.parts.map((part) => (
          <li key={part.id}>
            {t("parts.line", {
              method: t(`payment:methods.${part.method}`),
              amount: part.amountBs ? `${part.amount} (${part.amountBs})` : part.amount,
              status: t(`parts.status.${part.status}`),
            })}
            {part.igtf ? ` · ${t("parts.igtf", { igtf: part.igtf })}` : null}
          </li>
        ))}
      </ul>
      <p data-testid="balance">
        <strong>{page.balance.bs ? t("parts.balanceBs", page.balance) : t("parts.balance", page.balance)}</strong>
      </p>
    </section>
  );
}

/** The part to pay this way: a GET form, so the amount to send is computed by the server. */
function PartForm() {
  const { t } = useTranslation("transfer");
  const { page, grant, bookingId, amountInvalid } = useData();
  const error = amountInvalid ? t("errors.amount") : page!.tooMuch ? t("errors.tooMuch") : null;
  return (
    <Form method="get" className="card stack" aria-labelledby="part-title">
      <h2 id="part-title">{t("part.title")}</h2>
      <input type="hidden" name="b" value={bookingId} />
      {grant ? <input type="hidden" name="g" value={grant} /> : null}
      <div className="field">
        <label htmlFor="part-amount">{t("part.label")}</label>
        <input
          id="part-amount"
          name="amount"
          inputMode="decimal"
          defaultValue={centsToDollars(page!.partCents)}
          aria-describedby="part-help"
          aria-invalid={error ? true : undefined}
        />
        <p id="part-help" className="field__help">
          {t("part.help", { open: centsToDollars(page!.openCents) })}
        </p>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit">{t("part.update")}</button>
    </Form>
  );
}

/** Where to send the money and exactly how much. */
function Account() {
  const { t } = useTranslation("transfer");
  const page = useData().page!;
  const { account, send, rate } = page;
  return (
    <section className="card stack" aria-labelledby="account-title">
      <h2 id="account-title">{t("account.title")}</h2>
      <dl className="details">
        {account.kind === "zelle" ? (
          <>
            <dt>{t("account.email")}</dt>
            <dd data-testid="account-email">{account.email}</dd>
            <dt>{t("account.holder")}</dt>
            <dd>{account.holder}</dd>
          </>
        ) : (
          <>
            <dt>{t("account.bank")}</dt>
            <dd>{account.bank}</dd>
            <dt>{t("account.account")}</dt>
            <dd data-testid="account-number">{account.account}</dd>
            <dt>{t("account.holder")}</dt>
            <dd>{account.holder}</dd>
            <dt>{t("account.rif")}</dt>
            <dd>{account.rif}</dd>
          </>
        )}
        <dt>{t("send.part")}</dt>
        <dd>{send.part}</dd>
        {send.igtf ? (
          <>
            <dt>{t("send.igtf")}</dt>
            <dd data-testid="igtf">{send.igtf}</dd>
          </>
        ) : null}
        <dt>{t("send.total")}</dt>
        <dd>
          <strong data-testid="amount-to-send">{send.bs ?? send.total}</strong>
          {send.bs && rate ? (
            <p className="field__help">{t("send.rate", { usd: send.part, rate: rate.rate, date: rate.date })}</p>
          ) : null}
        </dd>
      </dl>
    </section>
  );
}

function ReferenceForm() {
  const { t } = useTranslation("transfer");
  const { method, page, banks, today } = useData();
  const lastResult = useActionData<typeof transferAction>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(transferSchemas[method], lastResult, {
    id: `${method}-payment`,
    defaultValue: { date: today },
    shouldRevalidate: "onBlur",
  });
  const labels = { bank: t("form.bank"), reference: t(`form.reference.${method}`), date: t("form.date") };
  return (
    <section className="card stack" aria-labelledby="reference-title">
      <h2 id="reference-title">{t("form.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        {method === "bankTransfer" ? (
          <SelectField
            field={fields.bank}
            label={labels.bank}
            options={[
              { value: "", label: t("mobilePayment:form.chooseBank") },
              ...banks.map((b) => ({ value: b.code, label: `${b.code} · ${b.name}` })),
            ]}
          />
        ) : null}
        <TextField field={fields.reference} label={labels.reference} help={t(`form.referenceHelp.${method}`)} />
        <TextField field={fields.date} label={labels.date} type="date" />
        <input type="hidden" name="amount" value={centsToDollars(page!.partCents)} />
        <input type="hidden" name="intent" value="pay" />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("form.sending")}>
          {t("form.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
