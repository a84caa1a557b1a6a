import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { ConfirmForm } from "~/components/confirm-form";
import { SelectField } from "~/components/form-choices";
import { FormErrors, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { languageNames, languages, type Language } from "~/modules/i18n/languages";
import { useTranslation } from "~/modules/i18n/react";
import { staffInviteSchema } from "~/modules/suppliers/supplier-form";

type Member = { id: number; fullName: string; email: string; activated: boolean };

/**
 * A supplier's staff accounts: who they are, whether they have activated, a way to remove each
 * (confirmed on a page state, `?remove=<id>`, so it works without JavaScript) and the invitation form.
 */
export function SupplierStaff({
  supplierId,
  staff,
  confirmRemove,
  inviteResult,
  language,
}: {
  supplierId: number;
  staff: Member[];
  confirmRemove: Member | null;
  inviteResult: SubmissionResult<string[]> | undefined;
  language: Language;
}) {
  const { t } = useTranslation("adminSuppliers");
  const navigation = useNavigation();
  const removing = navigation.state === "submitting" && navigation.formData?.get("intent") === "remove-staff";
  const page = `/admin/suppliers/${supplierId}`;
  return (
    <section className="card stack" id="staff" aria-labelledby="staff-title">
      <h2 id="staff-title">{t("staff.title")}</h2>
      <p className="field__help">{t("staff.lead")}</p>
      {confirmRemove ? (
        <ConfirmForm
          action={page}
          question={t("staff.confirmRemove", { name: confirmRemove.fullName, email: confirmRemove.email })}
          hidden={{ name: "staffId", value: confirmRemove.id }}
          intent="remove-staff"
          busy={removing}
          confirmLabel={t("staff.yesRemove")}
          cancelHref={`${page}#staff`}
          cancelLabel={t("admin:common.cancel")}
          preventScrollReset
        />
      ) : null}
      {staff.length === 0 ? (
        <p className="empty-state">{t("staff.empty")}</p>
      ) : (
        <table className="bookings-table">
          <thead>
            <tr>
              <th scope="col">{t("staff.name")}</th>
              <th scope="col">{t("staff.email")}</th>
              <th scope="col">{t("staff.state")}</th>
              <th scope="col">{t("admin:common.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {staff.map((member) => (
              <tr key={member.id}>
                <td>{member.fullName}</td>
                <td data-label={t("staff.email")}>{member.email}</td>
                <td data-label={t("staff.state")}>{member.activated ? t("staff.activated") : t("staff.pending")}</td>
                <td>
                  <Link
                    to={`${page}?remove=${member.id}#staff`}
                    aria-label={t("staff.removeLabel", { name: member.fullName })}
                    preventScrollReset
                  >
                    {t("staff.remove")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {/* A new form once the list changes: the invitation just sent is not left in its fields. */}
      <InviteForm
        key={staff.map((member) => member.id).join(",")}
        action={page}
        lastResult={inviteResult}
        language={language}
      />
    </section>
  );
}

function InviteForm({
  action,
  lastResult,
  language,
}: {
  action: string;
  lastResult: SubmissionResult<string[]> | undefined;
  language: Language;
}) {
  const { t } = useTranslation("adminSuppliers");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useZodForm(staffInviteSchema, lastResult, { id: "invite-form", defaultValue: { language } });
  const labels = { fullName: t("staff.fullName"), email: t("staff.emailLabel"), language: t("staff.language") };
  return (
    <Form
      method="post"
      action={action}
      {...getFormProps(form)}
      className="stack invite-form"
      aria-labelledby="invite-title"
    >
      <h3 id="invite-title">{t("staff.inviteTitle")}</h3>
      <p className="field__help">{t("staff.inviteHelp")}</p>
      <FormErrors form={form} labels={labels} />
      <TextField field={fields.fullName} label={labels.fullName} autoComplete="off" />
      <TextField field={fields.email} label={labels.email} type="email" autoComplete="off" />
      <SelectField
        field={fields.language}
        label={labels.language}
        options={languages.map((code) => ({ value: code, label: languageNames[code], lang: code }))}
      />
      <button type="submit" name="intent" value="invite" className="button" disabled={pending} aria-busy={pending}>
        {pending ? t("staff.sending") : t("staff.invite")}
      </button>
    </Form>
  );
}
