import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { FieldErrors, FieldHelp, helpId } from "./forms";

/** Checkboxes, selects and file inputs with the same label/help/error layout as forms.tsx. */
export function CheckboxField({ field, label, help, children }: { field: FieldMetadata<boolean | undefined>; label: string; help?: string; children?: ReactNode }) {
  return (
    <div className="field">
      <div className="checkbox">
        <input {...getInputProps(field, { type: "checkbox", ariaDescribedBy: helpId(field.id, help) })} />
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
  // Any value a select can post: a schema may coerce it (a place id to a number).
  field: FieldMetadata<unknown>;
  label: string;
  options: Array<{ value: string; label: string; lang?: string }>;
}) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <select {...getSelectProps(field)}>
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

export function FileField({ field, label, help, accept }: { field: FieldMetadata<File | undefined>; label: string; help?: string; accept: string }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{label}</label>
      <input {...getInputProps(field, { type: "file", ariaDescribedBy: helpId(field.id, help) })} accept={accept} />
      <FieldHelp fieldId={field.id} help={help} />
      <FieldErrors id={field.errorId} errors={field.errors} label={label} />
    </div>
  );
}

/** "I accept the Terms of Use", with a link to read them in a new tab (sign-up and a visitor's checkout). */
export function TermsField({ field, label, readLabel }: { field: FieldMetadata<boolean | undefined>; label: string; readLabel: string }) {
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
