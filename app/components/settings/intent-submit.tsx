import type { ReactNode } from "react";
import { useNavigation } from "@remix-run/react";
import { SubmitButton } from "~/components/forms";
import { useTranslation } from "~/modules/i18n/react";

/** The forms of the settings page, told apart by their `intent` field. */
export type SettingsIntent = "profile" | "avatar" | "language" | "notifications" | "whatsapp";

/** Which settings form this is, and its submit button, busy while that form is being sent. */
export function IntentSubmit({ intent, children }: { intent: SettingsIntent; children: ReactNode }) {
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
