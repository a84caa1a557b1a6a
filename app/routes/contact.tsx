import { getFormProps } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";
import { FormErrors, Honeypot, SubmitButton, TextAreaField, TextField } from "~/components/forms";
import { baseSchema, visitorSchema } from "~/modules/contact/schema";
import { useZodForm } from "~/components/use-zod-form";
import { messages } from "~/modules/forms/messages";
import { submitContactMessageLimited } from "~/modules/contact/contact.server";
import { toastHeader } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    title: `${context.t("contact.title")} · Rueda`,
    signedIn: Boolean(context.user),
    sent: url.searchParams.get("sent") === "1",
    defaultSubject: url.searchParams.get("topic") === "support" ? context.t("contact.supportSubject") : "",
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const formData = await request.formData();
  const schema = context.user ? baseSchema : visitorSchema;
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") {
    return json(submission.reply(), { status: 400 });
  }
  if (formData.get("website")) return redirect("/contact?sent=1");
  const sent = await submitContactMessageLimited(
    {
      userId: context.user?.id ?? null,
      email: context.user?.email ?? String((submission.value as { email?: string }).email),
      subject: submission.value.subject,
      message: submission.value.message,
      language: context.language,
    },
    context.ip,
  );
  if (sent === "rateLimited") return json(submission.reply({ formErrors: [messages.rateLimited] }), { status: 429 });
  return redirect("/contact?sent=1", {
    headers: { "Set-Cookie": await toastHeader({ type: "success", message: "contact.sent" }) },
  });
}

export default function ContactPage() {
  const { t } = useTranslation();
  const { signedIn, sent, defaultSubject } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  // Signed-in people are not asked for an email; one form type covers both cases.
  const schema = (signedIn ? baseSchema : visitorSchema) as typeof visitorSchema;
  const [form, fields] = useZodForm(schema, lastResult, { defaultValue: { subject: defaultSubject } });
  const labels: Record<string, string> = {
    ...(signedIn ? {} : { email: t("contact.email") }),
    subject: t("contact.subjectLabel"),
    message: t("contact.message"),
  };

  if (sent) {
    return (
      <section className="page narrow">
        <h1>{t("contact.title")}</h1>
        <div className="notice notice--success" role="status">
          <h2>{t("contact.sent")}</h2>
          <p>{t("contact.sentBody")}</p>
        </div>
        <p>
          <Link to="/contact">{t("contact.another")}</Link> · <Link to="/">{t("notFound.home")}</Link>
        </p>
      </section>
    );
  }

  return (
    <section className="page narrow">
      <h1>{t("contact.title")}</h1>
      <p className="lead">{t("contact.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        {signedIn ? null : <TextField field={fields.email} label={labels.email} type="email" autoComplete="email" />}
        <TextField field={fields.subject} label={labels.subject} />
        <TextAreaField field={fields.message} label={labels.message} rows={8} />
        <Honeypot />
        <SubmitButton pending={navigation.state === "submitting"} pendingLabel={t("contact.sending")}>
          {t("contact.send")}
        </SubmitButton>
      </Form>
    </section>
  );
}
