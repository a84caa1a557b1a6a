import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { CaptchaField, useCaptchaLabel } from "~/components/captcha-field";
import { TermsField } from "~/components/form-choices";
import { FormErrors, Honeypot, SubmitButton, TextField } from "~/components/forms";
import { NewPasswordFields } from "~/components/new-password-fields";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { pageCaptcha, proofOfForm, requiredCaptcha } from "~/modules/security/captcha.server";
import { registerUserLimited } from "~/modules/user/sign-up.server";
import { appToday } from "~/modules/time/calendar";
import { messages } from "~/modules/forms/messages";
import { authMessages } from "~/modules/user/messages";
import { signUpSchema } from "~/modules/user/validation";
import { toastHeader } from "~/utils/toast.server";
import { logError } from "~/utils/log.server";

// A refused captcha answer is not shown again: the form comes back with a new sum.
const hidden = { hideFields: ["password", "confirmPassword", "captchaAnswer"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ context }: LoaderFunctionArgs) {
  if (context.user) throw redirect("/");
  return {
    title: `${context.t("auth:signUp.title")} · Rueda`,
    today: appToday(),
    captcha: pageCaptcha(),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  if (context.user) return redirect("/");
  const formData = await request.formData();
  const captcha = requiredCaptcha();
  const schema = signUpSchema({ today: appToday(), captcha: captcha === "challenge" });
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") return json(submission.reply(hidden), { status: 400 });
  // A bot filled the hidden field: act as if it worked, create nothing.
  if (formData.get("website")) return redirect("/");
  const { fullName, email, phone, birthDate, password } = submission.value;
  let result: Awaited<ReturnType<typeof registerUserLimited>>;
  try {
    result = await registerUserLimited(
      { fullName, email, phone, birthDate, password, language: context.language },
      context.ip,
      proofOfForm(formData),
    );
  } catch (error) {
    logError("sign-up", error);
    return json(submission.reply({ ...hidden, formErrors: [authMessages.signUpError] }), { status: 500 });
  }
  if (!result.ok && result.reason === "rateLimited")
    return json(submission.reply({ ...hidden, formErrors: [messages.rateLimited] }), { status: 429 });
  if (!result.ok && result.reason === "captcha") {
    // Beside the sum typed; Google's box has no field of the form, so above it.
    const refusal =
      captcha === "challenge"
        ? { fieldErrors: { captchaAnswer: [authMessages.captcha] } }
        : { formErrors: [authMessages.captcha] };
    return json(submission.reply({ ...hidden, ...refusal }), { status: 400 });
  }
  if (!result.ok && result.reason === "captchaUnavailable")
    return json(submission.reply({ ...hidden, formErrors: [authMessages.captchaUnavailable] }), { status: 502 });
  if (!result.ok)
    return json(submission.reply({ ...hidden, fieldErrors: { email: [authMessages.emailTaken] } }), { status: 400 });
  // No session: nobody has proven the address until the emailed link is used (docs/security.md#unproven-addresses).
  return redirect("/", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "auth:signUp.activationSent" }) },
  });
}

export default function SignUpPage() {
  const { t } = useTranslation();
  const { today, captcha } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const schema = useMemo(() => signUpSchema({ today, captcha: captcha?.kind === "challenge" }), [today, captcha]);
  const [form, fields] = useZodForm(schema, lastResult);
  const captchaLabel = useCaptchaLabel(captcha);
  const labels: Record<string, string> = {
    fullName: t("auth:fields.fullName"),
    email: t("auth:fields.email"),
    phone: t("auth:fields.phone"),
    birthDate: t("auth:fields.birthDate"),
    password: t("auth:fields.password"),
    confirmPassword: t("auth:fields.confirmPassword"),
    tos: t("auth:fields.tos"),
    ...captchaLabel,
  };

  return (
    <section className="page narrow">
      <h1>{t("auth:signUp.title")}</h1>
      <p className="lead">{t("auth:signUp.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors form={form} labels={labels} />
        <TextField field={fields.fullName} label={labels.fullName} autoComplete="name" />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <TextField
          field={fields.phone}
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          help={t("auth:help.phone")}
        />
        <TextField
          field={fields.birthDate}
          label={labels.birthDate}
          type="date"
          autoComplete="bday"
          help={t("auth:help.birthDate")}
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{ password: labels.password, confirmPassword: labels.confirmPassword }}
        />
        <TermsField field={fields.tos} label={t("auth:signUp.acceptTos")} readLabel={t("auth:signUp.readTos")} />
        <CaptchaField captcha={captcha} field={fields.captchaAnswer} attempt={lastResult} />
        <Honeypot />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("auth:signUp.submitting")}>
          {t("auth:signUp.submit")}
        </SubmitButton>
      </Form>
      <p>
        {t("auth:signUp.haveAccount")} <Link to="/sign-in">{t("auth:signIn.submit")}</Link>
      </p>
    </section>
  );
}
