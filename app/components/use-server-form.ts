import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { FieldConstraint, FormField } from "./field-props";

/*
 * The checkout's form without conform's useForm and helpers, whose 10 KB would put the checkout's
 * first load over its JavaScript budget (docs/architecture.md#budgets). The action still answers with
 * conform's `submission.reply()`, and the fields are what the shared field components take, with
 * the ids, attributes and errors conform would give them. Of useForm it keeps what the checkout
 * uses: errors from the server, or from `validate` once loaded, shown on submit and then refreshed
 * as the person types (shouldValidate onSubmit, shouldRevalidate onInput), and the first invalid
 * field focused. Before `validate` has loaded, typing refreshes nothing (useForm would post each
 * change to the server): the next submit goes to the server. Other forms keep use-zod-form.ts.
 */

type Errors = Record<string, string[]>;

/** The browser's validation: a submission of conform's parseWithZod, loaded apart. */
export type Validate = (formData: FormData) => {
  status?: "success" | "error";
  reply: () => SubmissionResult<string[]>;
};

/** A result's errors by field, "" for the form's own (null, conform's "validation skipped", is not used here). */
function errorsOf(result: SubmissionResult<string[]> | null | undefined): Errors {
  const errors: Errors = {};
  for (const [name, found] of Object.entries(result?.error ?? {})) if (found) errors[name] = found;
  return errors;
}

/** A control that posts a value (not a button or a fieldset). */
function isControl(element: unknown): element is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  if (element instanceof HTMLInputElement) return !["submit", "button", "reset"].includes(element.type);
  return element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

function focusFirstError(form: HTMLFormElement | null, errors: Errors) {
  for (const element of form?.elements ?? []) {
    if (isControl(element) && errors[element.name]) {
      element.focus();
      return;
    }
  }
}

export function useServerForm<Fields extends Record<string, unknown>>({
  lastResult,
  defaultValue,
  constraint,
  validate,
}: {
  /** The action's answer, when there is one. */
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Values as a form posts them (texts, lists of texts). */
  defaultValue: Record<string, string | string[]>;
  /** The schema's constraints, computed by the loader (getZodConstraint). */
  constraint: Record<string, FieldConstraint>;
  /** Until it is given, submits go to the server, which validates them. */
  validate: Validate | null;
}) {
  const id = useId();
  // As with useForm, what the fields first show is fixed once, when the form appears.
  const [initialValue] = useState(() => lastResult?.initialValue ?? defaultValue);
  const [errors, setErrors] = useState(() => errorsOf(lastResult));
  // The fields whose errors are shown as they change: those of the last submit.
  const validated = useRef(new Set([...Object.keys(errors), ...(lastResult?.fields ?? [])]));
  const reported = useRef(lastResult);

  /** Shows the errors of a submit (the browser's or the server's) and focuses the first field in error. */
  function report(result: SubmissionResult<string[]>, form: HTMLFormElement | null) {
    const next = errorsOf(result);
    for (const name of [...Object.keys(next), ...(result.fields ?? [])]) validated.current.add(name);
    setErrors(next);
    if (result.status === "error") focusFirstError(form, next);
  }

  // Each new answer of the action once (the one the form appeared with is already shown).
  useEffect(() => {
    if (!lastResult || lastResult === reported.current) return;
    reported.current = lastResult;
    report(lastResult, document.forms.namedItem(id));
  }, [lastResult, id]);

  const props = {
    id,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      if (!validate) return;
      const submission = validate(new FormData(event.currentTarget));
      // Errors found here: no request.
      if (submission.status !== "success") event.preventDefault();
      report(submission.reply(), event.currentTarget);
    },
    noValidate: true,
    "aria-describedby": errors[""] ? `${id}-error` : undefined,
    onInput(event: FormEvent<HTMLFormElement>) {
      const element = event.target;
      if (!validate || !isControl(element) || !validated.current.has(element.name)) return;
      const next = errorsOf(validate(new FormData(event.currentTarget)).reply());
      setErrors(Object.fromEntries(Object.entries(next).filter(([name]) => validated.current.has(name))));
    },
  };

  const field = (name: keyof Fields & string): FormField => {
    const value = initialValue[name];
    // An empty text or list shows nothing, as with useForm.
    return {
      ...constraint[name],
      id: `${id}-${name}`,
      name,
      formId: id,
      errorId: `${id}-${name}-error`,
      errors: errors[name],
      initialValue: value === "" || (Array.isArray(value) && !value.length) ? undefined : value,
    };
  };

  return { form: { id, errorId: `${id}-error`, errors: errors[""], allErrors: errors, props }, field };
}
