import { ROW_ID_MAX } from "~/utils/row-id";
import { z } from "zod";
import { languages } from "~/modules/i18n/languages";

/*
 * Answer schemas shared by several operations. Each `.meta({ id })` becomes one entry of the
 * OpenAPI document's components. Answers are parsed with these before they are sent, so a
 * field not listed here never leaves the server.
 */

/** The account types of the database enum (schemas.test.ts holds them equal). */
export const userTypes = ["admin", "supplier", "enterprise", "user"] as const;

/** The bounds of the integers made by `textInteger`, by schema: the document shows them as integers (openapi.ts). */
export const textIntegers = new WeakMap<z.ZodType, { minimum: number; maximum: number }>();

/**
 * An integer from `minimum` to `maximum`, as JSON sends it or as a path, a query or a form sends
 * it: decimal digits only (`16`; never `016`, `+16`, `0x10`, `1.6e1` or `16.0`).
 */
export function textInteger(minimum: number, maximum: number) {
  const schema = z
    .union([
      z.int(),
      z
        .string()
        .regex(/^(0|[1-9][0-9]{0,9})$/)
        .transform(Number),
    ])
    .pipe(z.int().min(minimum).max(maximum));
  textIntegers.set(schema, { minimum, maximum });
  return schema;
}

/** A positive row id in a path (`/api/user/{id}`: anything else names nothing, 404) or a body (400). */
export const rowId = textInteger(1, ROW_ID_MAX);

/** A picture as answers show it: an absolute URL (media-url.server.ts), or null. */
export const pictureUrl = (description: string) =>
  z
    .url()
    .nullable()
    .meta({ description: `${description} An absolute URL.` });

/** The signed-in user as the API shows them to themselves. */
export const apiUserSchema = z
  .object({
    id: z.number().int(),
    _id: z.number().int().meta({ description: "The same as `id`, under the name the spec's reference client reads." }),
    email: z.string(),
    fullName: z.string(),
    phone: z.string().nullable(),
    location: z.string().nullable(),
    bio: z.string().nullable(),
    birthDate: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
    documentType: z.enum(["1", "2"]).nullable().meta({ description: "1 identity card, 2 passport" }),
    documentNumber: z.string().nullable(),
    avatar: pictureUrl("The account's picture, or null."),
    type: z.enum(userTypes),
    supplierId: z.number().int().nullable(),
    language: z.enum(languages),
    activated: z.boolean(),
    enableEmailNotifications: z.boolean(),
  })
  .meta({ id: "User" });
export type ApiUser = z.input<typeof apiUserSchema>;

/** A plain acknowledgement, for calls whose answer the spec does not show. */
export const okSchema = z.object({ ok: z.boolean().meta({ description: "Always true" }) }).meta({ id: "Ok" });
