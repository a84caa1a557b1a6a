import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { SelectField } from "~/components/form-choices";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { documentTypes, profileSchema } from "~/modules/user/validation";
import { IntentSubmit } from "./intent-submit";

/** The settings page's profile form: the address shown read-only, the rest editable. */
export function ProfileSection({
  profile,
  today: serverToday,
  result,
}: {
  profile: {
    email: string;
    fullName: string;
    phone: string | null;
    location: string | null;
    bio: string | null;
    birthDate: string | null;
    documentType: number | null;
    documentNumber: string | null;
  };
  today: string;
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const schema = useMemo(() => profileSchema({ today: serverToday }), [serverToday]);
  const [form, fields] = useZodForm(schema, result, {
    id: "profile-form",
    defaultValue: {
      fullName: profile.fullName,
      phone: profile.phone ?? "",
      location: profile.location ?? "",
      bio: profile.bio ?? "",
      birthDate: profile.birthDate ?? "",
      documentType: profile.documentType ? String(profile.documentType) : "",
      documentNumber: profile.documentNumber ?? "",
    },
  });
  const labels = {
    fullName: t("auth:fields.fullName"),
    phone: t("auth:fields.phone"),
    location: t("auth:fields.location"),
    bio: t("auth:fields.bio"),
    birthDate: t("auth:fields.birthDate"),
    documentType: t("auth:fields.documentType"),
    documentNumber: t("auth:fields.documentNumber"),
  };
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t("auth:settings.profile")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        <div className="field">
          <label htmlFor="account-email">{t("auth:fields.email")}</label>
          <input id="account-email" type="email" value={profile.email} readOnly />
        </div>
        <TextField field={fields.fullName} label={labels.fullName} autoComplete="name" />
        <TextField
          field={fields.phone}
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          help={t("auth:help.phone")}
        />
        <TextField field={fields.location} label={labels.location} autoComplete="address-level2" />
        <TextAreaField field={fields.bio} label={labels.bio} rows={4} />
        <TextField field={fields.birthDate} label={labels.birthDate} type="date" autoComplete="bday" />
        <SelectField
          field={fields.documentType}
          label={labels.documentType}
          options={[
            { value: "", label: t("auth:documentTypes.none") },
            ...documentTypes.map((value) => ({ value, label: t(`auth:documentTypes.${value}`) })),
          ]}
        />
        <TextField field={fields.documentNumber} label={labels.documentNumber} />
        <IntentSubmit intent="profile">{t("auth:settings.saveProfile")}</IntentSubmit>
      </Form>
    </section>
  );
}
