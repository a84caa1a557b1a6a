import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, SubmitButton } from "~/components/forms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { messages } from "~/modules/forms/messages";
import { inspectResetLink, resetPasswordLimited } from "~/modules/user/password-reset.server";
import { authMessages } from "~/modules/user/messages";
import { looksLikeToken } from "~/modules/user/tokens";
import { resetPasswordSchema } from "~/modules/user/validation";
import { destroySession } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";
import { logError } from "~/utils/log.server";

const hidden = { hideFields: ["password", "confirmPassword"] };

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const { status } = await inspectResetLink(token);
  return {
    title: `${context.t("auth:resetPassword.title")} · Rueda`,
    status,
    token: looksLikeToken(token) ? token : "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const submission = parseForm(await request.formData(), { schema: resetPasswordSchema });
  if (submission.status !== "success") return json(submission.reply(hidden), { status: 400 });
  const { token, password } = submission.value;
  let result: Awaited<ReturnType<typeof resetPasswordLimited>>;
  try {
    result = await resetPasswordLimited(token, password, context.ip);
  } catch (error) {
    logError("reset-password", error);
    return json(submission.reply({ ...hidden, formErrors: [authMessages.passwordUpdateError] }), { status: 500 });
  }
  if (result.status === "rateLimited")
    return json(submission.reply({ ...hidden, formErrors: [messages.rateLimited] }), { status: 429 });
  // Spent, expired or unknown: the page explains which.
  if (result.status !== "changed")
    return redirect(looksLikeToken(token) ? `/reset-password?token=${token}` : "/reset-password");
  const headers = new Headers();
  // Every session of the account was ended; this browser's cookie goes too.
  headers.append("Set-Cookie", await destroySession(context.sessionId));
  headers.append("Set-Cookie", await toastHeader({ type: "success", message: "auth:changePassword.success" }));
  return redirect("/sign-in", { headers });
}

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const { status, token } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(resetPasswordSchema, lastResult);
  const labels = { password: t("auth:fields.newPassword"), confirmPassword: t("auth:fields.confirmNewPassword") };

  if (status !== "valid") {
    return (
      <section className="page narrow">
        <h1>{t("auth:resetPassword.title")}</h1>
        <div className="notice notice--warning" role="alert">
          <p>{t(`auth:resetPassword.${status}`)}</p>
          <p>
            <Link to="/forgot-password">{t("auth:resetPassword.again")}</Link>
          </p>
        </div>
      </section>
    );
  }

  return (
    <section className="page narrow">
      <h1>{t("auth:resetPassword.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors form={form} labels={labels} />
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("auth:resetPassword.submitting")}>
          {t("auth:resetPassword.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
