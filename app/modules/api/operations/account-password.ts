import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { authMessages } from "~/modules/user/messages";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/modules/user/limits";
import { defineOperation } from "../operation";
import { okSchema, rowId } from "../schemas";
import { ownId } from "./account-fields";

/*
 * The spec's account calls (§7) of the password: check it, change it; at the spec's paths and
 * methods, over the pages' schemas and rules. Where the spec says "not shown", the description
 * says what was chosen.
 */
const tag = "Account";

const passwordMatchAnswers = {
  200: { description: "It is the current password.", schema: z.object({ matches: z.literal(true) }) },
  204: { description: "It is not the current password." },
};
const checkPasswordDescription = [
  "Whether `password` is the caller's current password: 200 when it is, 204 (no body) when it is not (the spec's reference client reads 200 as right, anything else as wrong). Only the caller's own id (another → 404). Every attempt counts, wrong or right: the POST form against the change-password limit (10 per account per 15 minutes); the GET form, which a link on another site could make a signed-in browser send, against its own limit (10 per account and client, 50 per account, per 15 minutes), so it never spends the change-password budget.",
  "Prefer `POST /api/check-password/{id}` with the password in the body. The spec's GET form carries the password in the path: the server never writes that path to a log, but proxies and browsers may.",
].join("\n\n");

export const checkPassword = defineOperation({
  id: "checkPassword",
  method: "GET",
  path: "/api/check-password/{id}/{password}",
  tag,
  summary: "Check my password (spec form)",
  description: checkPasswordDescription,
  auth: "user",
  params: z.object({ id: rowId, password: z.string().min(1).max(PASSWORD_MAX) }),
  responses: passwordMatchAnswers,
  errors: [429],
});

export const checkPasswordPost = defineOperation({
  id: "checkPasswordPost",
  method: "POST",
  path: "/api/check-password/{id}",
  tag,
  summary: "Check my password",
  description: checkPasswordDescription,
  auth: "user",
  params: z.object({ id: rowId }),
  body: z.object({
    password: z.string({ error: messages.required }).min(1, messages.required).max(PASSWORD_MAX, messages.tooLong),
  }),
  responses: passwordMatchAnswers,
  errors: [429],
  example: { body: { password: "secret1" } },
});

export const changePassword = defineOperation({
  id: "changePassword",
  method: "POST",
  path: "/api/change-password",
  tag,
  summary: "Change my password",
  description: [
    'The change-password page\'s rules: the current password must be right ("Wrong password", 400 `wrongPassword`), the new one different (6 characters or more); 10 attempts per account per 15 minutes.',
    "Two forms of body: Rueda's `currentPassword`, `password` (the new one) and `confirmPassword`; or the spec's reference client's `password` (the current one), `newPassword` and optionally `_id` (the caller's own) and `strict` (ignored: the current password is always checked). A body with `newPassword` is read the second way.",
    "Every other session and access token of the account stops working; the one that made the call keeps working. The account is emailed that its password changed.",
  ].join("\n\n"),
  auth: "user",
  body: z
    .object({
      currentPassword: z
        .string()
        .max(PASSWORD_MAX, messages.tooLong)
        .optional()
        .meta({ description: "Rueda's form: the current password (required there)." }),
      password: z
        .string({ error: messages.required })
        .max(PASSWORD_MAX, messages.tooLong)
        .meta({ description: "Rueda's form: the new password. With `newPassword`: the current one." }),
      confirmPassword: z
        .string()
        .max(PASSWORD_MAX, messages.tooLong)
        .optional()
        .meta({ description: "Rueda's form: the new password again (required there)." }),
      newPassword: z
        .string()
        .max(PASSWORD_MAX, messages.tooLong)
        .optional()
        .meta({ description: "The reference client's form: the new password." }),
      strict: z.boolean().optional().meta({ description: "Ignored: the current password is always checked." }),
      ...ownId,
    })
    .superRefine((value, ctx) => {
      const chosen = value.newPassword ?? value.password;
      const current = value.newPassword === undefined ? value.currentPassword : value.password;
      const chosenField = value.newPassword === undefined ? "password" : "newPassword";
      if (value.newPassword === undefined && value.currentPassword === undefined)
        ctx.addIssue({ code: "custom", path: ["currentPassword"], message: messages.required });
      else if (chosen.length < PASSWORD_MIN)
        ctx.addIssue({ code: "custom", path: [chosenField], message: authMessages.passwordTooShort });
      else if (chosen === current)
        ctx.addIssue({ code: "custom", path: [chosenField], message: authMessages.chooseNewPassword });
      else if (value.newPassword === undefined && value.confirmPassword !== value.password)
        ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDontMatch });
    })
    .transform(({ id, _id, ...value }) => ({
      id,
      _id,
      /** The reference client's form: `password` is the current one. */
      reference: value.newPassword !== undefined,
      currentPassword: (value.newPassword === undefined ? value.currentPassword : value.password) ?? "",
      newPassword: value.newPassword ?? value.password,
    })),
  responses: { 200: { description: "Changed.", schema: okSchema } },
  errors: [403, 429],
  errorCodes: { 400: ["wrongPassword"] },
  example: { body: { currentPassword: "secret1", password: "brand-new", confirmPassword: "brand-new" } },
});
