import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/modules/i18n/react";
import { messages, requiredFieldsKey } from "~/modules/forms/messages";

type Labelled = { label: string; help?: string };

export function FieldErrors({ id, errors, label }: { id: string; errors?: string[]; label: string }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <p className="field__error" id={id}>
      {errors.map((e) => t(e, { field: label, count: 1, fields: label })).join(" ")}
    </p>
  );
}

/** The id a field's help line gets, for its input's aria-describedby. */
export const helpId = (fieldId: string, help?: string) => (help ? `${fieldId}-help` : undefined);

export function FieldHelp({ fieldId, help }: { fieldId: string; help?: string }) {
  if (!help) return null;
  return (
    <p className="field__help" id={helpId(fieldId, help)}>
      {help}
    </p>
  );
}

export function TextField({
  field,
  label,
  help,
  type = "text",
  autoComplete,
}: Labelled & { field: FieldMetadata<string | undefined>; type?: "text" | "email" | "tel" | "password" | "date" | "number"; autoComplete?: string }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type, ariaDescribedBy: helpId(field.id, help) })} autoComplete={autoComplete} />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

export function TextAreaField({ field, label, rows = 6 }: Labelled & { field: FieldMetadata<string | undefined>; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...getTextareaProps(field)} rows={rows} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
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
  const otherFieldErrors = Object.entries(fieldErrors).some(([name, errors]) => name in labels && errors.some((e) => e !== messages.required));
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

export function SubmitButton({ children, pending, pendingLabel }: { children: ReactNode; pending: boolean; pendingLabel: string }) {
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/** Bots fill every field; people never see this one. */
export function Honeypot() {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
