import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AccountTypeFields } from "~/components/backoffice/account-type-fields";
import { SelectField } from "~/components/form-choices";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { requireAdmin } from "~/modules/access/staff.server";
import { languageNames, languages } from "~/modules/i18n/languages";
import { useTranslation } from "~/modules/i18n/react";
import { adminUserMessages, createAccountSchema, staffTypes } from "~/modules/user/admin-users";
import { createStaffAccount, supplierChoices } from "~/modules/user/admin-users.server";
import { authMessages } from "~/modules/user/messages";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  return {
    title: `${context.t("adminUsers:create.title")} · Rueda`,
    suppliers: await supplierChoices(),
    language: context.language,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = requireAdmin(request, context);
  const submission = parseForm(await request.formData(), { schema: createAccountSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  // The invitation and the account's emails go in the language the admin chose; its owner can change it later.
  const created = await createStaffAccount(admin, submission.value, submission.value.language ?? context.language);
  if (!created.ok) {
    const fieldErrors: Record<string, string[]> =
      created.reason === "emailTaken"
        ? { email: [authMessages.emailTaken] }
        : { supplierId: [adminUserMessages.supplierInvalid] };
    return json(submission.reply({ fieldErrors }), { status: 400 });
  }
  const toast = await toastHeader({
    type: "success",
    message: "adminUsers:create.created",
    values: { email: submission.value.email },
  });
  return redirect(`/admin/users/${created.userId}`, { headers: { "Set-Cookie": toast } });
}

export default function NewUserPage() {
  const { t } = useTranslation("adminUsers");
  const { suppliers, language } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(createAccountSchema, lastResult, { defaultValue: { language } });
  const labels = {
    fullName: t("fields.fullName"),
    email: t("fields.email"),
    phone: t("fields.phone"),
    type: t("fields.type"),
    supplierId: t("fields.supplier"),
    language: t("fields.language"),
  };
  return (
    <section className="page stack">
      <p>
        <Link to="/admin/users">{t("view.back")}</Link>
      </p>
      <h1>{t("create.title")}</h1>
      <p className="muted">{t("create.help")}</p>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <FormErrors form={form} labels={labels} />
        <TextField field={fields.fullName} label={labels.fullName} autoComplete="off" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="off" />
        <TextField field={fields.phone} label={labels.phone} type="tel" autoComplete="off" />
        <AccountTypeFields type={fields.type} supplierId={fields.supplierId} types={staffTypes} suppliers={suppliers} />
        <SelectField
          field={fields.language}
          label={labels.language}
          options={languages.map((code) => ({ value: code, label: languageNames[code], lang: code }))}
        />
        <div>
          <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("admin:common.saving")}>
            {t("create.submit")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}
