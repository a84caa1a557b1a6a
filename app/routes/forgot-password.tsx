import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { requestPasswordResetLimited } from "~/modules/user/password-reset.server";
import { messages } from "~/modules/forms/messages";
import { authMessages } from "~/modules/user/messages";
import { forgotPasswordSchema } from "~/modules/user/validation";
import { toastHeader } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return {
    title: `${context.t("auth:forgotPassword.title")} · Rueda`,
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const submission = parseForm(await request.formData(), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const { email } = submission.value;
  const result = await requestPasswordResetLimited(email, context.ip);
  if (result === "rateLimited") {
    return json(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
  }
  if (result === "notRegistered") {
    return json(submission.reply({ formErrors: [authMessages.emailNotRegistered] }), { status: 400 });
  }
  return redirect("/forgot-password?sent=1", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "auth:forgotPassword.sent" }) },
  });
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useZodForm(forgotPasswordSchema, lastResult);
  const labels = { email: t("auth:fields.email") };

  return (
    <section className="page narrow">
      <h1>{t("auth:forgotPassword.title")}</h1>
      {sent ? (
        <div className="notice notice--success" role="status">
          <h2>{t("auth:forgotPassword.sent")}</h2>
          <p>{t("auth:forgotPassword.sentBody")}</p>
        </div>
      ) : (
        <>
          <p className="lead">{t("auth:forgotPassword.intro")}</p>
          <Form method="post" {...getFormProps(form)} className="stack card">
            <FormErrors form={form} labels={labels} />
            <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
            <SubmitButton
              pending={navigation.state === "submitting"}
              pendingLabel={t("auth:forgotPassword.submitting")}
            >
              {t("auth:forgotPassword.submit")}
            </SubmitButton>
          </Form>
        </>
      )}
      <p>
        <Link to="/sign-in">{t("auth:forgotPassword.back")}</Link>
      </p>
    </section>
  );
}
