import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { FileField } from "~/components/form-choices";
import { useZodForm } from "~/components/use-zod-form";
import { useTranslation } from "~/modules/i18n/react";
import { avatarSchema } from "~/modules/user/validation";
import { IntentSubmit } from "./intent-submit";

/** The avatar's upload form, and the link to the step that removes it. */
export function AvatarUpload({
  hasAvatar,
  result,
}: {
  hasAvatar: boolean;
  result: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(avatarSchema, result, { id: "avatar-form" });
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

/** Removing the avatar, confirmed on a page state of its own. */
export function ConfirmAvatarDelete() {
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
