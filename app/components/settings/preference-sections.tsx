import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { CheckboxField, SelectField } from "~/components/form-choices";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { languageNames, languages } from "~/modules/i18n/languages";
import { languageSchema, notificationsSchema } from "~/modules/user/validation";
import { IntentSubmit } from "./intent-submit";

/** The language the site and its emails use for the user (docs/domain.md#changing-language). */
export function LanguageSection({
  profile,
  result,
}: {
  profile: { language: string };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(languageSchema, result, {
    id: "language-form",
    defaultValue: { language: profile.language },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section className="card" aria-labelledby="language-title">
      <h2 id="language-title">{t("auth:settings.language")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <SelectField
          field={fields.language}
          label={t("auth:settings.language")}
          options={languages.map((code) => ({ value: code, label: languageNames[code], lang: code }))}
        />
        <IntentSubmit intent="language">{t("auth:settings.saveLanguage")}</IntentSubmit>
      </Form>
    </section>
  );
}

/** Whether the user gets the optional emails. */
export function NotificationsSection({
  profile,
  result,
}: {
  profile: { enableEmailNotifications: boolean };
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(notificationsSchema, result, {
    id: "notifications-form",
    defaultValue: { enableEmailNotifications: profile.enableEmailNotifications ? "on" : undefined },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t("auth:settings.notifications")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <CheckboxField
          field={fields.enableEmailNotifications}
          label={t("auth:settings.emailNotifications")}
          help={t("auth:settings.emailNotificationsHelp")}
        />
        <IntentSubmit intent="notifications">{t("auth:settings.saveNotifications")}</IntentSubmit>
      </Form>
    </section>
  );
}
