import type { ReactNode } from "react";
import { inputProps, textareaProps, type FormField } from "./field-props";
import { FieldErrors } from "./form-errors";

export { FieldErrors, FormErrors } from "./form-errors";

type Labelled = { label: string; help?: string };

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
  inputMode,
}: Labelled & {
  field: FormField;
  type?: "text" | "email" | "tel" | "password" | "date" | "number" | "time";
  autoComplete?: string;
  /** "decimal" for an amount of money typed as text ("45.50"), so a phone offers its number pad. */
  inputMode?: "decimal";
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...inputProps(field, type, helpId(field.id, help))} autoComplete={autoComplete} inputMode={inputMode} />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

export function TextAreaField({ field, label, help, rows = 6 }: Labelled & { field: FormField; rows?: number }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <textarea {...textareaProps(field, helpId(field.id, help))} rows={rows} />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

export function SubmitButton({
  children,
  pending,
  pendingLabel,
}: {
  children: ReactNode;
  pending: boolean;
  pendingLabel: string;
}) {
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending}>
      {pending ? pendingLabel : children}
    </button>
  );
}

/** A date of a filter form (a plain GET form, read by the loader): its label and input. */
export function DateFilter({ id, name, label, value }: { id: string; name: string; label: string; value?: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" name={name} defaultValue={value} />
    </div>
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
