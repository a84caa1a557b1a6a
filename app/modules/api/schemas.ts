import { z } from "zod";
import { languages } from "~/modules/i18n/languages";

/*
 * Answer schemas shared by several operations. Each `.meta({ id })` becomes one entry of the
 * OpenAPI document's components. Answers are parsed with these before they are sent, so a
 * field not listed here never leaves the server.
 */

/** The account types of the database enum (schemas.test.ts holds them equal). */
export const userTypes = ["admin", "supplier", "enterprise", "user"] as const;

/** A positive row id in a path (`/api/user/{id}`); anything else names nothing (404). */
export const rowId = z.coerce.number().int().positive().max(2_147_483_647);

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
    avatar: z.string().nullable().meta({ description: "Path of the picture (`/media/<sha256>.webp`), or null" }),
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
