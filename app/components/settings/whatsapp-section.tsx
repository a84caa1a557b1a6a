import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField } from "~/components/form-choices";
import { TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { whatsappConsentSchema } from "~/modules/whatsapp/consent";
import { IntentSubmit } from "./intent-submit";

/** Messages on WhatsApp (docs/domain.md#whatsapp): opt in with a number, or out. */
export function WhatsappSection({
  consent,
  result,
}: {
  consent: { number: string | null; optedIn: boolean };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(whatsappConsentSchema, result, {
    id: "whatsapp-form",
    defaultValue: { whatsappOptIn: consent.optedIn ? "on" : undefined, whatsappNumber: consent.number ?? "" },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section className="card" aria-labelledby="whatsapp-title">
      <h2 id="whatsapp-title">{t("auth:whatsapp.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <CheckboxField field={fields.whatsappOptIn} label={t("auth:whatsapp.optIn")} help={t("auth:whatsapp.help")} />
        <TextField field={fields.whatsappNumber} label={t("auth:whatsapp.number")} type="tel" autoComplete="tel" />
        <IntentSubmit intent="whatsapp">{t("auth:whatsapp.save")}</IntentSubmit>
      </Form>
    </section>
  );
}
