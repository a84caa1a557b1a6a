import { messages, requiredFieldsKey } from "~/modules/forms/messages";
import { useTranslation } from "~/modules/i18n/react";

/*
 * Error lines in conform's shape, without conform itself: the search form, which does not
 * use conform, shares them without carrying the library into its page.
 */

export function FieldErrors({ id, errors, label }: { id: string; errors?: string[]; label: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id}>
      {errors.map((e) => t(e, { field: label, count: 1, fields: label })).join(" ")}
    </p>
  );
}

/**
 * The spec's form-level line: "Please fill in the field(s): …" for empty required fields,
 * else "Please fix errors" when any field is wrong, plus any form-wide error.
 */
type FormState = { allErrors: Record<string, string[]>; errors?: string[]; errorId?: string };

export function FormErrors({ form, labels }: { form: FormState; labels: Record<string, string> }) {
  const { t } = useTranslation();
  const fieldErrors = form.allErrors;
  // In the order the fields appear on the form, which is the order of `labels`.
  const missing = Object.entries(labels)
    .filter(([name]) => fieldErrors[name]?.includes(messages.required))
    .map(([, label]) => label);
  const otherFieldErrors = Object.entries(fieldErrors).some(
    ([name, errors]) => name in labels && errors.some((e) => e !== messages.required),
  );
  const formErrors = form.errors ?? [];
  if (!missing.length && !otherFieldErrors && !formErrors.length) return null;
  return (
    <div className="form-errors" role="alert" id={form.errorId}>
      {missing.length ? <p>{t(requiredFieldsKey(missing.length), { fields: missing.join(", ") })}</p> : null}
      {otherFieldErrors && !missing.length ? <p>{t("validation.fixErrors")}</p> : null}
      {formErrors.map((e) => (
        <p key={e}>{t(e)}</p>
      ))}
    </div>
  );
}
