import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect, redirectDocument } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { CheckboxField } from "~/components/form-choices";
import { FormErrors, SubmitButton, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { isLanguage } from "~/modules/i18n/languages";
import { resendActivationByEmail } from "~/modules/user/activation.server";
import { saveLanguageChoice } from "~/modules/user/profile.server";
import { attemptSignIn } from "~/modules/user/auth.server";
import { messages } from "~/modules/forms/messages";
import { authMessages } from "~/modules/user/messages";
import { homeFor, safeRedirect } from "~/modules/access/redirect";
import { signInSchema } from "~/modules/user/validation";
import { createUserSession, destroySession } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";

const failures = {
  rateLimited: { message: messages.rateLimited, status: 429 },
  incorrect: { message: authMessages.incorrectCredentials, status: 401 },
  suspended: { message: authMessages.suspended, status: 403 },
  notActivated: { message: authMessages.notActivated, status: 403 },
} as const;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "");
  if (context.user) throw redirect(redirectTo || homeFor(context.user.type));
  return { title: `${context.t("auth:signIn.title")} · Rueda`, redirectTo };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  // The form strategy reads the original body; validation reads a copy.
  const formData = await request.clone().formData();
  if (formData.get("intent") === "resendActivation")
    return resendActivation(String(formData.get("email") ?? ""), context.ip);
  const submission = parseForm(formData, { schema: signInSchema });
  if (submission.status !== "success") return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const { email, stayConnected, redirectTo } = submission.value;
  const result = await attemptSignIn(request, { email, ip: context.ip });
  if (!result.ok) {
    const failure = failures[result.reason];
    // An unproven address gets no session (docs/security.md#unproven-addresses); the page offers a new link.
    const reply = submission.reply({ hideFields: ["password"], formErrors: [failure.message] });
    return json(
      { ...reply, resendFor: result.reason === "notActivated" ? email : undefined },
      { status: failure.status },
    );
  }
  // A new session id on every sign-in; whatever session this browser had is gone.
  if (context.sessionId) await destroySession(context.sessionId);
  const headers = { "Set-Cookie": await createUserSession(result.user.id, Boolean(stayConnected)) };
  const target = safeRedirect(redirectTo, homeFor(result.user.type));
  // docs/domain.md#language: a language asked for with ?l= is saved on the account. Otherwise the account's own
  // language now applies, and the browser only holds this page's texts: reload fully if it changes.
  const requested = new URL(request.url).searchParams.get("l");
  if (isLanguage(requested)) {
    // Not saved: the account's language applies after all (a full load), with a toast in the chosen one.
    if (requested !== result.user.language && !(await saveLanguageChoice(result.user.id, requested)))
      return redirectDocument(target, {
        headers: [
          ["Set-Cookie", headers["Set-Cookie"]],
          [
            "Set-Cookie",
            await toastHeader({ type: "error", message: "common:error.changeLanguage", language: requested }),
          ],
        ],
      });
  } else if (result.user.language !== context.language) {
    return redirectDocument(target, { headers });
  }
  return redirect(target, { headers });
}

/**
 * "Resend activation email" under the not-activated refusal. The answer is the same whether the
 * address has an account awaiting activation or not, so the button tells nothing about it.
 */
async function resendActivation(email: string, ip: string) {
  const result = await resendActivationByEmail(email, ip);
  if (result === "rateLimited") return json({ resent: messages.rateLimited }, { status: 429 });
  return json({ resent: "auth:signIn.resendSent" });
}

export default function SignInPage() {
  const { t } = useTranslation();
  const { redirectTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && !("resent" in actionData) ? actionData : undefined;
  const resendFor =
    actionData && "resendFor" in actionData && typeof actionData.resendFor === "string" ? actionData.resendFor : null;
  const resent = actionData && "resent" in actionData ? actionData.resent : undefined;
  const navigation = useNavigation();
  const [form, fields] = useZodForm(signInSchema, lastResult);
  const labels = { email: t("auth:fields.email"), password: t("auth:fields.password") };

  return (
    <section className="page narrow">
      <h1>{t("auth:signIn.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors form={form} labels={labels} />
        <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <TextField field={fields.password} label={labels.password} type="password" autoComplete="current-password" />
        <CheckboxField field={fields.stayConnected} label={t("auth:signIn.stayConnected")} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("auth:signIn.submitting")}>
          {t("auth:signIn.submit")}
        </SubmitButton>
      </Form>
      {resendFor ? (
        <Form method="post" className="stack">
          <input type="hidden" name="email" value={resendFor} />
          <button type="submit" name="intent" value="resendActivation" className="button button--secondary">
            {t("auth:signIn.resend")}
          </button>
        </Form>
      ) : null}
      {resent ? (
        <p className="notice" role="status">
          {t(resent)}
        </p>
      ) : null}
      <p>
        <Link to="/forgot-password">{t("auth:signIn.forgot")}</Link>
      </p>
      <p>
        {t("auth:signIn.noAccount")} <Link to="/sign-up">{t("auth:signUp.submit")}</Link>
      </p>
    </section>
  );
}
