import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { changePassword } from "~/modules/user/password-change.server";
import { requireUser } from "~/modules/user/auth.server";
import { messages } from "~/modules/forms/messages";
import { authMessages } from "~/modules/user/messages";
import { changePasswordSchema } from "~/modules/user/validation";
import { toastHeader } from "~/utils/toast.server";
import { logError } from "~/utils/log.server";

const hidden = { hideFields: ["currentPassword", "password", "confirmPassword"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(request, context);
  return { title: `${context.t("auth:changePassword.title")} · Rueda` };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const user = requireUser(request, context);
  const submission = parseForm(await request.formData(), { schema: changePasswordSchema });
  if (submission.status !== "success") return json(submission.reply(hidden), { status: 400 });
  const { currentPassword, password } = submission.value;
  let result: Awaited<ReturnType<typeof changePassword>>;
  try {
    result = await changePassword({ userId: user.id, currentPassword, password, keep: context.credential });
  } catch (error) {
    logError("change-password", error);
    return json(submission.reply({ ...hidden, formErrors: [authMessages.passwordUpdateError] }), { status: 500 });
  }
  if (result === "rateLimited")
    return json(submission.reply({ ...hidden, formErrors: [messages.rateLimited] }), { status: 429 });
  if (result === "wrongPassword") {
    return json(submission.reply({ ...hidden, fieldErrors: { currentPassword: [authMessages.wrongPassword] } }), {
      status: 400,
    });
  }
  return redirect("/settings", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "auth:changePassword.success" }) },
  });
}

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(changePasswordSchema, lastResult);
  const labels = {
    currentPassword: t("auth:fields.currentPassword"),
    password: t("auth:fields.newPassword"),
    confirmPassword: t("auth:fields.confirmNewPassword"),
  };

  return (
    <section className="page narrow">
      <h1>{t("auth:changePassword.title")}</h1>
      <p className="lead">{t("auth:changePassword.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors form={form} labels={labels} />
        <TextField
          field={fields.currentPassword}
          label={labels.currentPassword}
          type="password"
          autoComplete="current-password"
        />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("auth:changePassword.submitting")}>
          {t("auth:changePassword.submit")}
        </SubmitButton>
      </Form>
      <p>
        <Link to="/settings">{t("auth:settings.title")}</Link>
      </p>
    </section>
  );
}
