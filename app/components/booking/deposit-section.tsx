import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SelectField } from "~/components/form-choices";
import type { FormField } from "~/components/field-props";
import { FormErrors, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";
import { depositEntryText, refundSchema } from "~/modules/payment/deposit-ledger";
import { depositTakenMethods } from "~/modules/pricing/final-bill";

type RefundFieldSet = { refundAmount: FormField; refundMethod: FormField; refundReference: FormField };

/** The refund's labels, for the fields and the form's error summary. */
export function useRefundLabels() {
  const { t } = useTranslation("bookings");
  return {
    refundAmount: t("deposit.refundAmount"),
    refundMethod: t("deposit.refundMethod"),
    refundReference: t("deposit.refundReference"),
  };
}

/** A refund of the deposit (docs/domain.md#deposit-ledger): amount, how it went back, its reference. */
export function RefundFields({ fields }: { fields: RefundFieldSet }) {
  const { t } = useTranslation("bookings");
  const labels = useRefundLabels();
  return (
    <>
      <TextField
        field={fields.refundAmount}
        label={labels.refundAmount}
        help={t("deposit.refundAmountHelp")}
        inputMode="decimal"
      />
      <SelectField
        field={fields.refundMethod}
        label={labels.refundMethod}
        options={[
          { value: "", label: t("close.choose") },
          ...depositTakenMethods.map((m) => ({ value: m, label: t(`deposit.methods.${m}`) })),
        ]}
      />
      <TextField field={fields.refundReference} label={labels.refundReference} help={t("deposit.referenceHelp")} />
    </>
  );
}

/**
 * The deposit ledger (docs/domain.md#deposit-ledger), to the driver and staff: each entry, what is
 * still held, and for staff a refund of what the close left held (plain POST, without JavaScript).
 */
export function DepositSection({
  depositLedger,
  historyZone,
  lastResult,
}: Pick<BookingPage, "depositLedger" | "historyZone"> & { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("bookings");
  const labels = useRefundLabels();
  const [form, fields] = useZodForm(refundSchema, lastResult, {
    id: "deposit-refund-form",
    defaultValue: { refundAmount: depositLedger ? (depositLedger.refundableCents / 100).toFixed(2) : "" },
  });
  if (!depositLedger) return null;
  const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
  return (
    <section className="card stack" id="deposit" aria-labelledby="deposit-title">
      <h2 id="deposit-title">{t("deposit.title")}</h2>
      <table className="final-bill">
        <caption>{t("deposit.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("deposit.entry")}</th>
            <th scope="col">{t("deposit.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {/* Two columns, when and who under each entry: the table fits a phone's width. */}
          {depositLedger.entries.map((entry) => (
            <tr key={entry.id}>
              <th scope="row">
                {depositEntryText(translate, entry)}
                <br />
                <small>
                  {entry.recordedAt} ({t("detail.timeZone", { zone: historyZone })})
                  {entry.recordedBy ? ` · ${t("deposit.recordedBy", { who: entry.recordedBy })}` : null}
                </small>
              </th>
              <td>{formatCents(entry.amountCents)}</td>
            </tr>
          ))}
          <tr className="price-lines__total">
            <th scope="row">{t("deposit.held")}</th>
            <td>
              <strong>{formatCents(depositLedger.balance.heldCents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {depositLedger.refund ? (
        <Form method="post" {...getFormProps(form)} className="stack">
          <h3>{t("deposit.refundTitle")}</h3>
          <FormErrors form={form} labels={labels} />
          <RefundFields fields={fields} />
          <button type="submit" name="intent" value="depositRefund">
            {t("deposit.refundButton")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
