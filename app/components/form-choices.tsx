import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { inputProps, selectProps, type FormField } from "./field-props";
import { FieldErrors, FieldHelp, helpId } from "./forms";

/** Checkboxes, selects and file inputs with the same label/help/error layout as forms.tsx. */
export function CheckboxField({
  field,
  label,
  help,
  children,
}: {
  field: FormField;
  label: string;
  help?: string;
  children?: ReactNode;
}) {
  return (
    <div className="field">
      <div className="checkbox">
        <input {...inputProps(field, "checkbox", helpId(field.id, help))} />
        <label htmlFor={field.id}>{label}</label>
      </div>
      <FieldHelp fieldId={field.id} help={help} />
      {children}
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
}: {
  field: FormField;
  label: string;
  options: Array<{ value: string; label: string; lang?: string }>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...selectProps(field)}>
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

export function FileField({
  field,
  label,
  help,
  accept,
}: {
  field: FormField;
  label: string;
  help?: string;
  accept: string;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...inputProps(field, "file", helpId(field.id, help))} accept={accept} />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

/** "I accept the Terms of Use", with a link to read them in a new tab (sign-up and a visitor's checkout). */
export function TermsField({ field, label, readLabel }: { field: FormField; label: string; readLabel: string }) {
  return (
    <CheckboxField field={field} label={label}>
      <p className="field__help">
        <Link to="/tos" target="_blank" rel="noopener">
          {readLabel}
        </Link>
      </p>
    </CheckboxField>
  );
}
