import { z } from "zod";
import { emailField } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { PASSWORD_MAX } from "~/modules/user/limits";
import { resetPasswordSchema } from "~/modules/user/validation";
import { defineOperation } from "../operation";
import { okSchema, rowId } from "../schemas";

/*
 * The spec's account calls (§7) of the emailed links, activation and password reset: check one,
 * send one, spend one, cancel them; at the spec's paths and methods, over the pages' schemas and
 * rules. Where the spec says "not shown", the description says what was chosen.
 */
const tag = "Account";
const appType = z.enum(["frontend", "backend"]).meta({
  description:
    "`frontend` (drivers' app) or `backend` (staff app): accepted for the spec's path; both reach the same accounts, as one site serves both.",
});

export const checkToken = defineOperation({
  id: "checkToken",
  method: "GET",
  path: "/api/check-token/{appType}/{userId}/{email}/{token}",
  tag,
  summary: "Check an emailed link",
  description: [
    "What an activation or password-reset link of this account would do, without spending it (a GET changes nothing).",
    "As the reference client's activation and reset pages read it: **200** the link can be used (with which `kind` it is), so the page asks for the new password; **204** (no body) it was a link of this account but has expired (activation links live one day, reset links one hour) or was used, so the page offers to send a new one (`POST /api/resend/…`). A token that is not a link of this user id and address → 404, the same as an unknown one.",
  ].join("\n\n"),
  auth: "none",
  params: z.object({ appType, userId: rowId, email: emailField(), token: z.string().max(100) }),
  responses: {
    200: {
      description: "The link can be used.",
      schema: z.object({ status: z.literal("valid"), kind: z.enum(["activation", "reset"]) }),
    },
    204: { description: "The link has expired or was used: ask for a new one." },
  },
  errors: [],
  example: { params: { appType: "frontend", userId: "42", email: "ana@example.com", token: "k3dX…43 characters" } },
});

export const deleteTokens = defineOperation({
  id: "deleteTokens",
  method: "DELETE",
  path: "/api/delete-tokens/{userId}",
  tag,
  summary: "Cancel emailed links",
  description:
    "The account's unused activation and reset links stop working (used ones keep saying \"used\"). Only for the caller's own account: another id → 404 and nothing changes. Bearer tokens and sessions are not touched (that is `/api/sign-out`).",
  auth: "user",
  params: z.object({ userId: rowId }),
  responses: { 200: { description: "Done (also when there was nothing to cancel).", schema: okSchema } },
  errors: [],
});

export const resend = defineOperation({
  id: "resend",
  method: "POST",
  path: "/api/resend/{appType}/{email}/{reset}",
  tag,
  summary: "Email a new activation or reset link",
  description: [
    "`reset` `true`: the forgot-password page's request (a one-hour reset link; 5 per address and 20 per client per 15 minutes). `false`: a new activation link (5 per account, and 20 per client counted before the address is looked up, per 15 minutes).",
    'An address with no account → 404 `emailNotRegistered` ("Email address not registered", as the page says). An activation asked for an account already active → 409 `alreadyActive`.',
  ].join("\n\n"),
  auth: "none",
  params: z.object({
    appType,
    email: emailField(),
    reset: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
  responses: { 200: { description: "The email is on its way.", schema: okSchema } },
  errors: [409, 429],
  errorCodes: { 404: ["emailNotRegistered"], 409: ["alreadyActive"] },
  example: { params: { appType: "frontend", email: "ana@example.com", reset: "false" } },
});

export const activate = defineOperation({
  id: "activate",
  method: "POST",
  path: "/api/activate",
  tag,
  summary: "Activate an account",
  description: [
    "Spends an emailed link's `token` (from the link's `?token=`) with the account's new `password`: an activation link activates the account, as on the activation page (a password typed at sign-up does not survive: nobody had proven the address then); a password-reset link sets the new password, as on the reset page (20 per client per 15 minutes). Either way every session and API token the account had is ended, and the link is spent.",
    "`confirmPassword`, when sent, must equal `password` (a client that asked twice); `userId`, when sent (the reference client sends it), must be the link's account, else the link is unknown.",
    "Answers 200; the client then signs in. An expired link → 400 `linkExpired` (ask for a new one with `/api/resend/frontend/{email}/false`, or `/true` for a reset); a spent one → 409 `linkUsed`; an unknown one → 400 `linkUnknown`.",
  ].join("\n\n"),
  auth: "none",
  body: z.object({
    token: resetPasswordSchema.shape.token,
    password: z.string().max(PASSWORD_MAX, messages.tooLong),
    confirmPassword: z.string().max(PASSWORD_MAX, messages.tooLong).optional(),
    userId: rowId.optional().meta({ description: "The link's account (optional)." }),
  }),
  responses: { 200: { description: "Activated, or the new password set.", schema: okSchema } },
  errors: [409, 429],
  errorCodes: { 400: ["linkExpired", "linkUnknown"], 409: ["linkUsed"] },
  example: { body: { token: "k3dX…43 characters", password: "my new password", confirmPassword: "my new password" } },
});

export const resendLink = defineOperation({
  id: "resendLink",
  method: "POST",
  path: "/api/resend-link",
  tag,
  summary: "Resend my activation link",
  description:
    "The activation banner's button: a new activation link to the signed-in caller (5 per account per 15 minutes). Already active → 409 `alreadyActive`.",
  auth: "user",
  responses: { 200: { description: "The email is on its way.", schema: okSchema } },
  errors: [409, 429],
  errorCodes: { 409: ["alreadyActive"] },
});
