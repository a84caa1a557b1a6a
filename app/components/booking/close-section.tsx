import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { SelectField } from "~/components/form-choices";
import { RefundFields, useRefundLabels } from "~/components/booking/deposit-section";
import { FormErrors } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { counterMethods } from "~/modules/booking/methods";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { closeSchema, type CloseAsks } from "~/modules/counter/close";
import type { BookingPage } from "~/modules/counter/booking-page.server";

/** Settle and close a returned rental (docs/domain.md#closing): staff's, plain POST, works without JavaScript. */
export function CloseSection({
  close,
  lastResult,
}: Pick<BookingPage, "close"> & { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("bookings");
  const asks: CloseAsks = close?.asks ?? { payment: false, refund: false };
  const [form, fields] = useZodForm(closeSchema(asks), lastResult, {
    id: "close-form",
    defaultValue: { refundAmount: close ? (close.depositHeldCents / 100).toFixed(2) : "" },
  });
  const refundLabels = useRefundLabels();
  if (!close) return null;
  const labels = { method: t("close.method"), ...refundLabels };
  return (
    <section className="card stack" id="close" aria-labelledby="close-title">
      <h2 id="close-title">{t("close.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        <p>
          {close.depositHeldCents > 0
            ? t("close.depositHeld", {
                amount: formatCents(close.depositHeldCents),
                how: close.depositTaken ? t(`deposit.methods.${close.depositTaken}`) : "",
              })
            : t("close.noDepositReturned")}
        </p>
        {close.creditCents !== 0 ? (
          <p>
            {close.creditCents > 0
              ? t("close.credit", { amount: formatCents(close.creditCents), bill: formatCents(close.billCents) })
              : t("close.priceUnpaid", { amount: formatCents(-close.creditCents) })}
          </p>
        ) : null}
        <p>
          {close.stillToPayCents > 0 ? (
            <strong>{t("close.stillToPay", { amount: formatCents(close.stillToPayCents) })}</strong>
          ) : (
            t("close.nothingToPay")
          )}
        </p>
        {close.toRefundCents > 0 ? (
          <p>
            <strong>{t("close.toRefund", { amount: formatCents(close.toRefundCents) })}</strong>
          </p>
        ) : null}
        {close.inFlight ? (
          // docs/domain.md#counter-money: the close waits for the transfer; the page says which and what to do.
          <p className="notice" role="status">
            {t(`close.inFlight.${close.inFlight}`)}
          </p>
        ) : null}
        {asks.payment ? (
          <SelectField
            field={fields.method}
            label={labels.method}
            options={[
              { value: "", label: t("close.choose") },
              ...counterMethods.map((m) => ({ value: m, label: t(`paymentMethods.${m}`) })),
            ]}
          />
        ) : null}
        {/* Nothing is returned until a refund is recorded (docs/domain.md#deposit-ledger). */}
        {asks.refund ? <RefundFields fields={fields} /> : null}
        <button type="submit" name="intent" value="close">
          {t("close.button")}
        </button>
      </Form>
    </section>
  );
}
