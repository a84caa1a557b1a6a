import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { checkboxGroupProps, inputProps, selectProps, textareaProps, type FormField } from "./field-props";
import { useServerForm } from "./use-server-form";

/*
 * The field components make their controls' props themselves (field-props.ts), from conform's
 * fields on every form but the checkout and from use-server-form.ts's on the checkout: both must
 * render what conform's useForm and helpers render.
 */

const constraint = {
  fullName: { required: true, maxLength: 120 },
  email: { required: true, maxLength: 254, pattern: "[^@]+@[^@]+" },
  count: { min: 1, max: "9", step: 1 },
  photo: { accept: "image/*", multiple: true },
  options: { multiple: true },
  tos: { required: true },
};
const names = [...Object.keys(constraint), "note"];
const defaultValue = { options: ["gps"], fullName: "", note: "Hello" };
const values = ["gps", "babyChair", "cancellation"];

const results: Array<SubmissionResult<string[]> | undefined> = [
  undefined,
  {
    status: "error",
    initialValue: { fullName: "Ana", options: "gps", tos: "on", count: "3" },
    error: { email: ["validation.required"], "": ["booking:errors.unavailable"], options: ["a", "b"] },
    fields: ["fullName", "email", "options", "tos", "count"],
  },
  {
    status: "error",
    initialValue: { options: ["gps", "babyChair"], note: "Hi" },
    error: { fullName: ["validation.required"] },
    fields: ["options", "note"],
  },
];

/** The attributes React renders, in order (functions and undefined render nothing; a key is no attribute), with the form's id as "F". */
function rendered(props: unknown, formId: string): unknown {
  if (Array.isArray(props)) return props.map((item) => rendered(item, formId));
  if (typeof props === "string") return props.replaceAll(formId, "F");
  if (typeof props !== "object" || props === null) return props;
  return Object.entries(props)
    .filter(([name, value]) => value !== undefined && typeof value !== "function" && name !== "key")
    .map(([name, value]) => [name, rendered(value, formId)]);
}

/** Every control the field components make from `field`. */
function controls(field: FormField) {
  const types = ["text", "email", "date", "number", "checkbox", "file"] as const;
  return {
    inputs: types.flatMap((type) => [inputProps(field, type), inputProps(field, type, `${field.id}-help`)]),
    select: selectProps(field),
    textarea: textareaProps(field),
    boxes: checkboxGroupProps(field, values),
  };
}

describe.each(results)("with the action's answer %j", (lastResult) => {
  let conform: Record<string, unknown> = {};
  let shared: Record<string, unknown> = {};
  let checkout: Record<string, unknown> = {};
  function Forms() {
    const [form, fields] = useForm<Record<string, string | string[]>>({ lastResult, defaultValue, constraint });
    const own = useServerForm<Record<string, unknown>>({ lastResult, defaultValue, constraint, validate: null });
    conform = {
      form: [
        rendered(getFormProps(form), form.id),
        rendered({ errors: form.errors, allErrors: form.allErrors, errorId: form.errorId }, form.id),
      ],
      ...Object.fromEntries(
        names.map((name) => {
          const field = fields[name];
          const inputs = ["text", "email", "date", "number", "checkbox", "file"].flatMap((type) => [
            getInputProps(field, { type: type as "text" }),
            getInputProps(field, { type: type as "text", ariaDescribedBy: `${field.id}-help` }),
          ]);
          const props = {
            inputs,
            select: getSelectProps(field),
            textarea: getTextareaProps(field),
            boxes: getCollectionProps(field, { type: "checkbox", options: values }),
          };
          return [name, rendered(props, form.id)];
        }),
      ),
    };
    // What every other form renders now: conform's fields, this module's props.
    shared = {
      form: conform.form,
      ...Object.fromEntries(names.map((name) => [name, rendered(controls(fields[name]), form.id)])),
    };
    checkout = {
      form: [
        rendered(own.form.props, own.form.id),
        rendered({ errors: own.form.errors, allErrors: own.form.allErrors, errorId: own.form.errorId }, own.form.id),
      ],
      ...Object.fromEntries(names.map((name) => [name, rendered(controls(own.field(name)), own.form.id)])),
    };
    return null;
  }
  renderToString(<Forms />);

  it("other forms render conform's fields as conform's helpers did", () => {
    expect(shared).toEqual(conform);
  });

  it("the checkout's fields render as conform's useForm's", () => {
    expect(checkout).toEqual(conform);
  });
});
