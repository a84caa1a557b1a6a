import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { CheckboxField, FileField } from "~/components/form-choices";
import { FormErrors, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { supplierSchema } from "~/modules/suppliers/supplier-form";

export type SupplierFormDefaults = {
  name?: string;
  email?: string;
  phone?: string;
  whatsapp?: string;
  rif?: string;
  fiscalAddress?: string;
  payLater: boolean;
  collectsIgtf: boolean;
  active: boolean;
};

/**
 * The supplier form of /admin/suppliers/new and /admin/suppliers/$supplierId. Multipart, for
 * the logo; the current logo (when there is one) is shown above the field that replaces it.
 */
export function SupplierForm({
  lastResult,
  defaultValue,
  logo,
  submitLabel,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: SupplierFormDefaults;
  /** The current logo of a supplier being edited; undefined on the new-supplier page. */
  logo?: { src: string | null; alt: string };
  submitLabel: string;
}) {
  const { t } = useTranslation("adminSuppliers");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useZodForm(supplierSchema, lastResult, {
    id: "supplier-form",
    defaultValue: {
      name: defaultValue.name ?? "",
      email: defaultValue.email ?? "",
      phone: defaultValue.phone ?? "",
      whatsapp: defaultValue.whatsapp ?? "",
      rif: defaultValue.rif ?? "",
      fiscalAddress: defaultValue.fiscalAddress ?? "",
      payLater: defaultValue.payLater ? "on" : undefined,
      collectsIgtf: defaultValue.collectsIgtf ? "on" : undefined,
      active: defaultValue.active ? "on" : undefined,
    },
  });
  const labels = {
    name: t("form.name"),
    email: t("form.email"),
    phone: t("form.phone"),
    whatsapp: t("form.whatsapp"),
    rif: t("form.rif"),
    fiscalAddress: t("form.fiscalAddress"),
    logo: logo ? t("form.replaceLogo") : t("form.logo"),
    payLater: t("form.payLater"),
    collectsIgtf: t("form.collectsIgtf"),
    active: t("form.active"),
  };
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
      <FormErrors form={form} labels={labels} />
      <TextField field={fields.name} label={labels.name} autoComplete="organization" />
      <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
      <TextField field={fields.phone} label={labels.phone} type="tel" autoComplete="tel" help={t("form.phoneHelp")} />
      <TextField
        field={fields.whatsapp}
        label={labels.whatsapp}
        type="tel"
        autoComplete="off"
        help={t("form.whatsappHelp")}
      />
      <TextField field={fields.rif} label={labels.rif} autoComplete="off" help={t("form.rifHelp")} />
      <TextAreaField
        field={fields.fiscalAddress}
        label={labels.fiscalAddress}
        rows={2}
        help={t("form.fiscalAddressHelp")}
      />
      {logo ? (
        <div className="supplier-logo">
          <p className="supplier-logo__label">{t("form.currentLogo")}</p>
          {logo.src ? (
            <img src={logo.src} alt={logo.alt} width={60} height={30} className="supplier-logo__image" />
          ) : (
            <p className="muted">{t("form.noLogo")}</p>
          )}
        </div>
      ) : null}
      <FileField
        field={fields.logo}
        label={labels.logo}
        help={logo ? t("form.replaceLogoHelp") : t("form.logoHelp")}
        accept="image/*"
      />
      <CheckboxField field={fields.payLater} label={labels.payLater} help={t("form.payLaterHelp")} />
      <CheckboxField field={fields.collectsIgtf} label={labels.collectsIgtf} help={t("form.collectsIgtfHelp")} />
      <CheckboxField field={fields.active} label={labels.active} help={t("form.activeHelp")} />
      <button type="submit" name="intent" value="save" className="button" disabled={pending} aria-busy={pending}>
        {pending ? t("form.saving") : submitLabel}
      </button>
    </Form>
  );
}
