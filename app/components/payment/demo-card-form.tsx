import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { cardFormSchema } from "~/modules/payment/card";

/**
 * The demo gateway's card form (docs/domain.md#card-payments): a payment's and a deposit hold's
 * (docs/domain.md#card-deposit-hold). Posted to the page it is on; the server decides.
 */
export function DemoCardForm({
  lastResult,
  title,
  submitLabel,
  pendingLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  title?: string;
  submitLabel: string;
  pendingLabel: string;
}) {
  const { t } = useTranslation("card");
  const navigation = useNavigation();
  // The browser's check matches the server's; the server decides with its own clock.
  const schema = useMemo(() => cardFormSchema(new Date()), []);
  const [form, fields] = useZodForm(schema, lastResult);
  const labels = {
    cardNumber: t("fields.cardNumber"),
    expiry: t("fields.expiry"),
    securityCode: t("fields.securityCode"),
  };
  return (
    <Form method="post" {...getFormProps(form)} className="card stack" autoComplete="off">
      {title ? <h2>{title}</h2> : null}
      <p className="field__help">{t("demo.help")}</p>
      <FormErrors form={form} labels={labels} />
      <TextField field={fields.cardNumber} label={labels.cardNumber} autoComplete="cc-number" />
      <TextField field={fields.expiry} label={labels.expiry} autoComplete="cc-exp" />
      <TextField field={fields.securityCode} label={labels.securityCode} autoComplete="cc-csc" />
      <SubmitButton pending={navigation.state === "submitting"} pendingLabel={pendingLabel}>
        {submitLabel}
      </SubmitButton>
    </Form>
  );
}
