import type { Submission, SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

type Known = Record<string, unknown>;

/** A field the schema has (conform's constraints name each one, `marks[]` standing for every row). */
const isKnown = (known: Known, name: string) => {
  const constraint = known[name];
  // Inherited names (`toString`) resolve to functions, not to a constraint.
  return typeof constraint === "object" && constraint !== null;
};

/** The posted values the schema knows: a field it does not know is dropped, with all it holds. */
function knownValues(value: unknown, known: Known, name: string): unknown {
  if (Array.isArray(value)) return value.map((item, index) => knownValues(item, known, `${name}[${index}]`));
  if (value === null || typeof value !== "object") return value;
  const kept: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    const childName = name ? `${name}.${key}` : key;
    if (isKnown(known, childName)) kept[key] = knownValues(child, known, childName);
  }
  return kept;
}

/**
 * A posted form read with its schema, as conform's parseWithZod, but whose `reply` echoes back
 * only the fields the schema knows (docs/security.md#request-bodies). Conform's reply returns
 * every posted field as the form's initial value, and has no option to limit it: any name a
 * client makes up came back to it. Every action reads its form with this (a lint rule keeps
 * parseWithZod out of routes and server modules); the browser's own validation keeps conform's.
 */
export function parseForm<Schema extends z.ZodType>(
  payload: FormData | URLSearchParams,
  { schema }: { schema: Schema },
): Submission<z.input<Schema>, string[], z.output<Schema>> {
  const submission = parseWithZod(payload, { schema });
  const reply = submission.reply;
  let known: Known | undefined;
  return {
    ...submission,
    reply(options): SubmissionResult<string[]> {
      const result = reply(options);
      // Worked out on the first reply only: a valid form that needs none pays nothing.
      known ??= getZodConstraint(schema);
      const fields = known;
      return {
        ...result,
        initialValue:
          result.initialValue && (knownValues(result.initialValue, fields, "") as typeof result.initialValue),
        fields: result.fields?.filter((name) => isKnown(fields, name)),
      };
    },
  };
}
