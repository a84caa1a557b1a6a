import type { SubmissionResult } from "@conform-to/react";
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
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AvatarUpload, ConfirmAvatarDelete } from "~/components/settings/avatar-forms";
import type { SettingsIntent } from "~/components/settings/intent-submit";
import { LanguageSection, NotificationsSection } from "~/components/settings/preference-sections";
import { ProfileSection } from "~/components/settings/profile-section";
import { WhatsappSection } from "~/components/settings/whatsapp-section";
import { useTranslation } from "~/modules/i18n/react";
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
  languageSchema,
  notificationsSchema,
  profileSchema,
} from "~/modules/user/validation";
import { consentNumber, whatsappConsentSchema } from "~/modules/whatsapp/consent";
import { saveWhatsappConsent, whatsappConsent } from "~/modules/whatsapp/consent.server";
import { languageCookie } from "~/utils/cookies.server";
import { toastHeader } from "~/utils/toast.server";

type Intent = SettingsIntent;
type ActionResult = { intent: Intent; result: SubmissionResult<string[]> };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Rueda" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireUser(request, context);
  const profile = await loadProfile(user.id);
  if (!profile) throw new Response(null, { status: 404 });
  return {
    title: `${context.t("auth:settings.title")} · Rueda`,
    profile,
    whatsapp: await whatsappConsent(user.id),
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
    case "whatsapp": {
      const submission = parseForm(formData, { schema: whatsappConsentSchema });
      if (submission.status !== "success") return failed("whatsapp", submission.reply());
      await saveWhatsappConsent(user.id, consentNumber(submission.value));
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
  const { profile, whatsapp, today, confirmDelete } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Each form shows only its own reply.
  const resultOf = (intent: Intent) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined;
  return (
    <section className="page narrow settings">
      <h1>{t("auth:settings.title")}</h1>
      <ProfileSection profile={profile} today={today} result={resultOf("profile")} />
      <section className="card stack" id="avatar" aria-labelledby="avatar-title">
        <h2 id="avatar-title">{t("auth:settings.avatar")}</h2>
        {profile.avatar ? (
          <img src={profile.avatar} alt={t("auth:settings.avatarAlt")} width={128} height={128} className="avatar" />
        ) : (
          <p className="muted">{t("auth:settings.noAvatar")}</p>
        )}
        {confirmDelete ? (
          <ConfirmAvatarDelete />
        ) : (
          <AvatarUpload hasAvatar={Boolean(profile.avatar)} result={resultOf("avatar")} />
        )}
      </section>
      <LanguageSection profile={profile} result={resultOf("language")} />
      <NotificationsSection profile={profile} result={resultOf("notifications")} />
      <WhatsappSection consent={whatsapp} result={resultOf("whatsapp")} />
      <section className="card stack" aria-labelledby="security-title">
        <h2 id="security-title">{t("auth:settings.security")}</h2>
        <p>
          <Link to="/change-password">{t("auth:settings.changePassword")}</Link>
        </p>
      </section>
    </section>
  );
}
