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
import { inspectActivationLink, resendActivationLimited, activateWithPassword } from "~/modules/user/activation.server";
import { looksLikeToken } from "~/modules/user/tokens";
import { resetPasswordSchema } from "~/modules/user/validation";
import { createUserSession, destroySession } from "~/utils/session.server";
import { toastHeader } from "~/utils/toast.server";
import { privatePageMeta } from "~/modules/http/meta";

type View = "valid" | "expired" | "used" | "unknown" | "activated" | "sent";

export const meta = privatePageMeta;

/*
 * Opening the emailed link only shows what it would do; activating is a POST (docs/security.md#headers:
 * no state change on GET), so mail scanners that prefetch links cannot spend the token.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const title = `${context.t("auth:activate.title")} · Rueda`;
  if (url.searchParams.get("activated") === "1") return { title, view: "activated" as View, token: "" };
  if (url.searchParams.get("sent") === "1") return { title, view: "sent" as View, token: "" };
  const token = url.searchParams.get("token");
  const { status } = await inspectActivationLink(token);
  return { title, view: status as View, token: looksLikeToken(token) ? token : "" };
}

const hidden = { hideFields: ["password", "confirmPassword"] };

const linkPage = (token: unknown) => (looksLikeToken(token) ? `/activate?token=${token}` : "/activate");

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const formData = await request.formData();
  const token = formData.get("token");
  const intent = formData.get("intent");

  if (intent === "activate") {
    // The password is always chosen here, by whoever holds the emailed link (docs/security.md#unproven-addresses).
    const submission = parseForm(formData, { schema: resetPasswordSchema });
    if (submission.status !== "success") return json({ passwordForm: submission.reply(hidden) }, { status: 400 });
    const result = await activateWithPassword(token, submission.value.password);
    if (result.status !== "activated") return redirect(linkPage(token));
    // Activation ended every session of the account; the link proves who this is: a new session for this browser.
    const headers = new Headers();
    if (context.sessionId) await destroySession(context.sessionId);
    headers.append("Set-Cookie", await createUserSession(result.userId, false));
    return redirect("/activate?activated=1", { headers });
  }

  if (intent === "resend") {
    const link = await inspectActivationLink(token);
    if (link.status === "unknown") return redirect(linkPage(token));
    const result = await resendActivationLimited(link.userId);
    if (result === "rateLimited") return json({ error: messages.rateLimited }, { status: 429 });
    if (result === "sent") return redirect("/activate?sent=1");
    if (result === "alreadyActive") {
      return redirect("/sign-in", {
        headers: { "Set-Cookie": await toastHeader({ type: "info", message: "auth:banner.alreadyActive" }) },
      });
    }
    return json({ error: "auth:banner.error" }, { status: 500 });
  }

  throw new Response(null, { status: 400 });
}

export default function ActivatePage() {
  const { t } = useTranslation();
  const { view, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const [form, fields] = useZodForm(
    resetPasswordSchema,
    actionData && "passwordForm" in actionData ? actionData.passwordForm : undefined,
    { defaultValue: { token } },
  );
  const labels = { password: t("auth:fields.password"), confirmPassword: t("auth:fields.confirmPassword") };

  return (
    <section className="page narrow">
      <h1>{t("auth:activate.title")}</h1>
      {actionData && "error" in actionData ? (
        <div className="form-errors" role="alert">
          <p>{t(actionData.error)}</p>
        </div>
      ) : null}
      {view === "valid" ? (
        <Form method="post" {...getFormProps(form)} className="stack card">
          <p>{t("auth:activate.choosePassword")}</p>
          <FormErrors form={form} labels={labels} />
          <input type="hidden" name="token" value={token} />
          <NewPasswordFields password={fields.password} confirmPassword={fields.confirmPassword} labels={labels} />
          <input type="hidden" name="intent" value="activate" />
          <SubmitButton pending={busy} pendingLabel={t("auth:activate.submitting")}>
            {t("auth:activate.submit")}
          </SubmitButton>
        </Form>
      ) : null}
      {view === "activated" ? (
        <div className="notice notice--success" role="status">
          <p>{t("auth:activate.activated")}</p>
          <p>
            <Link to="/">{t("notFound.home")}</Link>
          </p>
        </div>
      ) : null}
      {view === "sent" ? (
        <div className="notice notice--success" role="status">
          <p>{t("auth:activate.activationSent")}</p>
        </div>
      ) : null}
      {view === "expired" ? (
        <Form method="post" className="notice notice--warning stack">
          <p role="alert">{t("auth:activate.expired")}</p>
          <p>{t("auth:activate.expiredHelp")}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" name="intent" value="resend" className="button" disabled={busy} aria-busy={busy}>
            {t("auth:activate.resend")}
          </button>
        </Form>
      ) : null}
      {view === "used" ? (
        <div className="notice" role="status">
          <p>{t("auth:activate.used")}</p>
          <p>
            {t("auth:activate.usedHelp")} <Link to="/sign-in">{t("auth:signIn.submit")}</Link>
          </p>
        </div>
      ) : null}
      {view === "unknown" ? (
        <div className="notice notice--warning" role="alert">
          <p>{t("auth:activate.unknown")}</p>
          <p>
            {t("auth:activate.unknownHelp")} <Link to="/sign-in">{t("auth:signIn.submit")}</Link>
          </p>
        </div>
      ) : null}
    </section>
  );
}
