/*
 * The props of a form control, made from what the field components know of their field. Conform's
 * FieldMetadata (every form but the checkout, through use-zod-form.ts) has all of it, and so has
 * the checkout's own field (use-server-form.ts), whose first load must carry none of conform's
 * code (docs/architecture.md#budgets). Same attributes in the same order as conform's
 * getInputProps & co., so a page's HTML does not depend on which of the two made its fields.
 */

/** A field's HTML constraints, as conform's getZodConstraint computes them from the schema. */
export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
};

/** What the field components read of a field: a part of conform's FieldMetadata. */
export type FormField = FieldConstraint & {
  id: string;
  name: string;
  /** The form's id: each control names its form. */
  formId: string;
  /** The id of the field's error line. */
  errorId: string;
  errors?: string[];
  /** What the control shows first: the value last posted, else the default; a list for boxes sharing a name. */
  initialValue?: unknown;
};

/** An invalid control points to its error line, then to its help line. */
function controlProps(field: FormField, describedBy?: string) {
  const invalid = field.errors !== undefined;
  return {
    required: field.required || undefined,
    id: field.id,
    name: field.name,
    form: field.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${field.errorId} ${describedBy ?? ""}`.trim() : describedBy,
  };
}

/** An uncontrolled input: a checkbox posts "on" and starts ticked when "on" was posted; other inputs start with the text posted. */
export function inputProps(
  field: FormField,
  type: "text" | "email" | "tel" | "password" | "date" | "number" | "checkbox" | "file" | "time",
  describedBy?: string,
) {
  const props = {
    ...controlProps(field, describedBy),
    type,
    minLength: field.minLength,
    maxLength: field.maxLength,
    min: field.min,
    max: field.max,
    step: field.step,
    pattern: field.pattern,
    multiple: field.multiple,
    accept: field.accept,
  };
  if (type === "checkbox") return { ...props, value: "on", defaultChecked: field.initialValue === "on" };
  return { ...props, defaultValue: typeof field.initialValue === "string" ? field.initialValue : undefined };
}

const text = (value: unknown) => (value === undefined || value === null ? undefined : String(value));

export function selectProps(field: FormField) {
  const value = field.initialValue;
  return {
    ...controlProps(field),
    multiple: field.multiple,
    defaultValue: Array.isArray(value) ? value.map((item) => text(item) ?? "") : text(value),
  };
}

export function textareaProps(field: FormField, describedBy?: string) {
  return {
    ...controlProps(field, describedBy),
    minLength: field.minLength,
    maxLength: field.maxLength,
    defaultValue: text(field.initialValue),
  };
}

/** One checkbox per value, all with the field's name; none is required (that would require them all). */
export function checkboxGroupProps<Value extends string>(field: FormField, values: readonly Value[]) {
  const posted = field.initialValue;
  return values.map((value) => ({
    ...controlProps(field),
    id: `${field.id}-${value}`,
    type: "checkbox",
    value,
    defaultChecked: Array.isArray(posted) ? posted.includes(value) : posted === value,
    required: undefined,
  }));
}
