import type { FormField } from "./field-props";
import { TextField } from "./forms";
import { useTranslation } from "~/modules/i18n/react";

/**
 * A new password and its confirmation, the password rules as the first one's help: the same pair
 * on sign-up, activation, password reset and password change, each with its own labels.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: FormField;
  confirmPassword: FormField;
  labels: { password: string; confirmPassword: string };
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        field={password}
        label={labels.password}
        type="password"
        autoComplete="new-password"
        help={t("auth:help.password")}
      />
      <TextField field={confirmPassword} label={labels.confirmPassword} type="password" autoComplete="new-password" />
    </>
  );
}
