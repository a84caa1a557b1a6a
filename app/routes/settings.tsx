import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/modules/forms/parse-form";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  json,
  MaxPartSizeExceededError,
  redirect,
  redirectDocument,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useMemo, type ReactNode } from "react";
import { CheckboxField, FileField, SelectField } from "~/components/form-choices";
import { FormErrors, SubmitButton, TextAreaField, TextField } from "~/components/forms";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { languageNames, languages } from "~/modules/i18n/languages";
import {
  loadProfile,
  replaceAvatar,
  updateEmailNotifications,
  saveLanguageChoice,
  updateProfile,
} from "~/modules/user/profile.server";
import { appToday } from "~/modules/time/calendar";
import { requireUser } from "~/modules/user/auth.server";
import { avatarFromUpload } from "~/modules/user/avatar.server";
import { authMessages } from "~/modules/user/messages";
import {
  AVATAR_MAX_BYTES,
  avatarSchema,
  documentTypes,
  languageSchema,
  notificationsSchema,
  profileSchema,
} from "~/modules/user/validation";
import { languageCookie } from "~/utils/cookies.server";
import { toastHeader } from "~/utils/toast.server";

type Intent = "profile" | "avatar" | "language" | "notifications";
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const profile = await loadProfile(user.id);
  if (!profile) throw new Response(null, { status: 404 });
  return {
    title: `${context.t("auth:settings.title")} · Rueda`,
    profile,
    today: appToday(),
    confirmDelete: new URL(request.url).searchParams.get("confirm") === "delete-avatar" && Boolean(profile.avatar),
  };
}

async function saved(headers: Headers = new Headers(), { reloadDocument = false } = {}) {
  headers.append("Set-Cookie", await toastHeader({ type: "success", message: "auth:settings.updated" }));
  // A new language needs a full page load: the browser holds only the current language's texts.
  return (reloadDocument ? redirectDocument : redirect)("/settings", { headers });
}

const failed = (intent: Intent, result: SubmissionResult<string[]>, status = 400) =>
  json<ActionResult>({ intent, result }, { status });

/** The avatar form is multipart; the upload is capped while it streams, so a huge file is never held in memory. */
async function uploadAvatar(request: Request, userId: number) {
  let formData: FormData;
  try {
    formData = await parseMultipartFormData(request, createMemoryUploadHandler({ maxPartSize: AVATAR_MAX_BYTES }));
  } catch (error) {
    const message = error instanceof MaxPartSizeExceededError ? authMessages.imageTooLarge : authMessages.imageInvalid;
    return failed("avatar", { status: "error", error: { avatar: [message] } });
  }
  if (formData.get("intent") !== "avatar") throw new Response(null, { status: 400 });
  const submission = parseForm(formData, { schema: avatarSchema });
  if (submission.status !== "success") return failed("avatar", submission.reply());
  const upload = await avatarFromUpload(userId, new Uint8Array(await submission.value.avatar.arrayBuffer()));
  if (!upload.ok)
    return failed("avatar", submission.reply({ fieldErrors: { avatar: [upload.message] } }), upload.status);
  await replaceAvatar(userId, upload.webp);
  return saved();
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw new Response(null, { status: 405 });
  const user = requireUser(request, context);
  if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data"))
    return uploadAvatar(request, user.id);

  const formData = await request.formData();
  switch (formData.get("intent")) {
    case "profile": {
      const submission = parseForm(formData, { schema: profileSchema({ today: appToday() }) });
      if (submission.status !== "success") return failed("profile", submission.reply());
      await updateProfile(user.id, submission.value);
      return saved();
    }
    case "language": {
      const submission = parseForm(formData, { schema: languageSchema });
      if (submission.status !== "success") return failed("language", submission.reply());
      const language = submission.value.language;
      if (!(await saveLanguageChoice(user.id, language))) {
        // Said in the language the reader chose, though the page stays in the saved one.
        const headers = new Headers({
          "Set-Cookie": await toastHeader({ type: "error", message: "common:error.changeLanguage", language }),
        });
        return redirect("/settings", { headers });
      }
      // The cookie follows, so the site stays in this language after signing out.
      return saved(new Headers({ "Set-Cookie": await languageCookie.serialize(language) }), {
        reloadDocument: true,
      });
    }
    case "notifications": {
      const submission = parseForm(formData, { schema: notificationsSchema });
      if (submission.status !== "success") return failed("notifications", submission.reply());
      await updateEmailNotifications(user.id, Boolean(submission.value.enableEmailNotifications));
      return saved();
    }
    case "delete-avatar": {
      await replaceAvatar(user.id, null);
      return saved();
    }
    default:
      throw new Response(null, { status: 400 });
  }
}

export default function SettingsPage() {
  const { t } = useTranslation();
  const { profile, confirmDelete } = useLoaderData<typeof loader>();
  return (
    <section className="page narrow settings">
      <h1>{t("auth:settings.title")}</h1>
      <ProfileSection />
      <section className="card stack" id="avatar" aria-labelledby="avatar-title">
        <h2 id="avatar-title">{t("auth:settings.avatar")}</h2>
        {profile.avatar ? (
          <img src={profile.avatar} alt={t("auth:settings.avatarAlt")} width={128} height={128} className="avatar" />
        ) : (
          <p className="muted">{t("auth:settings.noAvatar")}</p>
        )}
        {confirmDelete ? <ConfirmAvatarDelete /> : <AvatarUpload hasAvatar={Boolean(profile.avatar)} />}
      </section>
      <LanguageSection />
      <NotificationsSection />
      <section className="card stack" aria-labelledby="security-title">
        <h2 id="security-title">{t("auth:settings.security")}</h2>
        <p>
          <Link to="/change-password">{t("auth:settings.changePassword")}</Link>
        </p>
      </section>
    </section>
  );
}

function useResult(intent: Intent) {
  const actionData = useActionData<typeof action>();
  return actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
}

/** Which settings form this is, and its submit button, busy while that form is being sent. */
function IntentSubmit({ intent, children }: { intent: Intent; children: ReactNode }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <SubmitButton pending={pending} pendingLabel={t("auth:settings.saving")}>
        {children}
      </SubmitButton>
    </>
  );
}

function ProfileSection() {
  const { t } = useTranslation();
  const { profile, today: serverToday } = useLoaderData<typeof loader>();
  const schema = useMemo(() => profileSchema({ today: serverToday }), [serverToday]);
  const [form, fields] = useZodForm(schema, useResult("profile"), {
    id: "profile-form",
    defaultValue: {
      fullName: profile.fullName,
      phone: profile.phone ?? "",
      location: profile.location ?? "",
      bio: profile.bio ?? "",
      birthDate: profile.birthDate ?? "",
      documentType: profile.documentType ? String(profile.documentType) : "",
      documentNumber: profile.documentNumber ?? "",
    },
  });
  const labels = {
    fullName: t("auth:fields.fullName"),
    phone: t("auth:fields.phone"),
    location: t("auth:fields.location"),
    bio: t("auth:fields.bio"),
    birthDate: t("auth:fields.birthDate"),
    documentType: t("auth:fields.documentType"),
    documentNumber: t("auth:fields.documentNumber"),
  };
  return (
    <section className="card" aria-labelledby="profile-title">
      <h2 id="profile-title">{t("auth:settings.profile")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors form={form} labels={labels} />
        <div className="field">
          <label htmlFor="account-email">{t("auth:fields.email")}</label>
          <input id="account-email" type="email" value={profile.email} readOnly />
        </div>
        <TextField field={fields.fullName} label={labels.fullName} autoComplete="name" />
        <TextField
          field={fields.phone}
          label={labels.phone}
          type="tel"
          autoComplete="tel"
          help={t("auth:help.phone")}
        />
        <TextField field={fields.location} label={labels.location} autoComplete="address-level2" />
        <TextAreaField field={fields.bio} label={labels.bio} rows={4} />
        <TextField field={fields.birthDate} label={labels.birthDate} type="date" autoComplete="bday" />
        <SelectField
          field={fields.documentType}
          label={labels.documentType}
          options={[
            { value: "", label: t("auth:documentTypes.none") },
            ...documentTypes.map((value) => ({ value, label: t(`auth:documentTypes.${value}`) })),
          ]}
        />
        <TextField field={fields.documentNumber} label={labels.documentNumber} />
        <IntentSubmit intent="profile">{t("auth:settings.saveProfile")}</IntentSubmit>
      </Form>
    </section>
  );
}

function AvatarUpload({ hasAvatar }: { hasAvatar: boolean }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(avatarSchema, useResult("avatar"), { id: "avatar-form" });
  return (
    <>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="stack">
        <FileField
          field={fields.avatar}
          label={t("auth:settings.chooseImage")}
          help={t("auth:settings.imageHelp")}
          accept="image/*"
        />
        <IntentSubmit intent="avatar">{t("auth:settings.upload")}</IntentSubmit>
      </Form>
      {hasAvatar ? (
        <p>
          {/* A confirmation step that works without JavaScript: a page state, not a dialog. */}
          <Link to="/settings?confirm=delete-avatar#avatar" className="button button--secondary" preventScrollReset>
            {t("auth:settings.deleteAvatar")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

function ConfirmAvatarDelete() {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/settings" className="notice notice--warning stack">
      <p role="alert">{t("auth:settings.confirmDelete")}</p>
      <p className="actions">
        <button type="submit" name="intent" value="delete-avatar" className="button button--danger">
          {t("auth:settings.confirmYes")}
        </button>{" "}
        <Link to="/settings#avatar" className="button button--secondary">
          {t("auth:settings.cancel")}
        </Link>
      </p>
    </Form>
  );
}

function LanguageSection() {
  const { t } = useTranslation();
  const { profile } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(languageSchema, useResult("language"), {
    id: "language-form",
    defaultValue: { language: profile.language },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section className="card" aria-labelledby="language-title">
      <h2 id="language-title">{t("auth:settings.language")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <SelectField
          field={fields.language}
          label={t("auth:settings.language")}
          options={languages.map((code) => ({ value: code, label: languageNames[code], lang: code }))}
        />
        <IntentSubmit intent="language">{t("auth:settings.saveLanguage")}</IntentSubmit>
      </Form>
    </section>
  );
}

function NotificationsSection() {
  const { t } = useTranslation();
  const { profile } = useLoaderData<typeof loader>();
  const [form, fields] = useZodForm(notificationsSchema, useResult("notifications"), {
    id: "notifications-form",
    defaultValue: { enableEmailNotifications: profile.enableEmailNotifications ? "on" : undefined },
    shouldRevalidate: "onSubmit",
  });
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">{t("auth:settings.notifications")}</h2>
      <Form method="post" {...getFormProps(form)} className="stack">
        <CheckboxField
          field={fields.enableEmailNotifications}
          label={t("auth:settings.emailNotifications")}
          help={t("auth:settings.emailNotificationsHelp")}
        />
        <IntentSubmit intent="notifications">{t("auth:settings.saveNotifications")}</IntentSubmit>
      </Form>
    </section>
  );
}
