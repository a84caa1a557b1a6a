import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type Options<Schema extends z.ZodObject> = {
  /** Needed when a page has more than one form. */
  id?: string;
  defaultValue?: Parameters<typeof useForm<z.input<Schema>, z.output<Schema>>>[0]["defaultValue"];
  /** When errors refresh after the first submit: as the person types (short forms), leaves a field, or submits again. */
  shouldRevalidate?: "onInput" | "onBlur" | "onSubmit";
};

/**
 * The house form set-up (docs/architecture.md#forms): the server's last result, the schema's
 * constraints as HTML attributes (so the browser checks without JavaScript too), and the same
 * schema run in the browser on submit.
 */
export function useZodForm<Schema extends z.ZodObject>(
  schema: Schema,
  lastResult: SubmissionResult<string[]> | null | undefined,
  options: Options<Schema> = {},
) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id: options.id,
    lastResult,
    defaultValue: options.defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: options.shouldRevalidate ?? "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
