import { z } from "zod";
import { visitorSchema } from "~/modules/contact/schema";
import { emailField } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { appToday } from "~/modules/time/calendar";
import { authMessages } from "~/modules/user/messages";
import { PASSWORD_MAX } from "~/modules/user/limits";
import {
  avatarSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  languageSchema,
  profileSchema,
  resetPasswordSchema,
  signUpSchema,
} from "~/modules/user/validation";
import { defineOperation } from "../operation";
import { apiUserSchema, okSchema, rowId } from "../schemas";

/*
 * The spec's account calls (§7), at the spec's paths and methods, over the pages' schemas and
 * rules. Where the spec says "not shown", the description says what was chosen.
 */
const tag = "Account";
const userAnswer = { description: "The account, as it is now.", schema: z.object({ user: apiUserSchema }) };
/** Some calls of the spec carry the account's id in the body; it must be the caller's own (else 403). */
const ownId = { id: rowId.optional().meta({ description: "The caller's own id (optional; another id → 403)." }) };
const appType = z.enum(["frontend", "backend"]).meta({
  description:
    "`frontend` (drivers' app) or `backend` (staff app): accepted for the spec's path; both reach the same accounts, as one site serves both.",
});

export const signUp = defineOperation({
  id: "signUp",
  method: "POST",
  path: "/api/sign-up",
  tag,
  summary: "Create an account",
  description: [
    "The sign-up page's rules: age 21 or more, password of 6 characters or more, terms accepted, 50 sign-ups per client per hour.",
    "Creates an unactivated account in the caller's language and emails the activation link (valid one day). Answers 201 with the new account; the client then signs in (`/api/sign-in/frontend`): an unactivated account may sign in, as on the site.",
    "An address already registered → 409 `emailTaken`. When the site's captcha is on (`CAPTCHA_ENABLED`), `captchaToken` and `captchaAnswer` are required as on the page.",
  ].join("\n\n"),
  auth: "none",
  body: () => signUpSchema({ today: appToday() }),
  responses: {
    201: { description: "Created; the activation email is on its way.", schema: z.object({ user: apiUserSchema }) },
  },
  errors: [409, 429],
  errorCodes: { 409: ["emailTaken"] },
  example: {
    body: {
      fullName: "Ana Pérez",
      email: "ana@example.com",
      phone: "+58 414 111 2233",
      birthDate: "1990-05-01",
      password: "secret1",
      confirmPassword: "secret1",
      tos: true,
    },
  },
});

export const checkToken = defineOperation({
  id: "checkToken",
  method: "GET",
  path: "/api/check-token/{appType}/{userId}/{email}/{token}",
  tag,
  summary: "Check an emailed link",
  description: [
    "What an activation or password-reset link of this account would do, without spending it (a GET changes nothing).",
    "200 with `status`: `valid`, `expired` (activation links live one day, reset links one hour) or `used`, and which `kind` of link it is. A token that is not a link of this user id and address → 404, the same as an unknown one.",
  ].join("\n\n"),
  auth: "none",
  params: z.object({ appType, userId: rowId, email: emailField(), token: z.string().max(100) }),
  responses: {
    200: {
      description: "The link's state.",
      schema: z.object({ status: z.enum(["valid", "expired", "used"]), kind: z.enum(["activation", "reset"]) }),
    },
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
    "Spends the activation link's `token` (from the emailed link's `?token=`) with the account's password: `password` and `confirmPassword` are required and become its password, as on the activation page (a password typed at sign-up does not survive: nobody had proven the address then). Every session and API token the account had is ended.",
    "Answers 200; the client then signs in. An expired link → 400 `linkExpired` (ask for a new one with `/api/resend/frontend/{email}/false`); a spent one → 409 `linkUsed`; an unknown one → 400 `linkUnknown`.",
  ].join("\n\n"),
  auth: "none",
  body: z.object({
    token: resetPasswordSchema.shape.token,
    password: z.string().max(PASSWORD_MAX, messages.tooLong),
    confirmPassword: z.string().max(PASSWORD_MAX, messages.tooLong),
  }),
  responses: { 200: { description: "Activated.", schema: okSchema } },
  errors: [409],
  errorCodes: { 400: ["linkExpired", "linkUnknown"], 409: ["linkUsed"] },
  example: { body: { token: "k3dX…43 characters", password: "my new password", confirmPassword: "my new password" } },
});

export const validateEmail = defineOperation({
  id: "validateEmail",
  method: "POST",
  path: "/api/validate-email",
  tag,
  summary: "Is this address free for sign-up?",
  description:
    "200 with `available` `true` when no account has this address. It tells whether an address is registered, as the sign-up form does, so it counts against the same limit (50 per client per hour).",
  auth: "none",
  body: forgotPasswordSchema,
  responses: {
    200: { description: "Whether sign-up would accept the address.", schema: z.object({ available: z.boolean() }) },
  },
  errors: [429],
  example: { body: { email: "ana@example.com" } },
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

export const updateLanguage = defineOperation({
  id: "updateLanguage",
  method: "POST",
  path: "/api/update-language",
  tag,
  summary: "Change my language",
  description:
    "Saves the account's language (es, en, fr, el): emails and, by default, answers then use it. Answers the updated account.",
  auth: "user",
  body: languageSchema.extend(ownId),
  responses: { 200: userAnswer },
  errors: [403],
  example: { body: { language: "en" } },
});

export const getUser = defineOperation({
  id: "getUser",
  method: "GET",
  path: "/api/user/{id}",
  tag,
  summary: "My account",
  description: "The caller's own account. Another user's id → 404, the same as a missing one.",
  auth: "user",
  params: z.object({ id: rowId }),
  responses: { 200: userAnswer },
  errors: [],
});

export const updateUser = defineOperation({
  id: "updateUser",
  method: "POST",
  path: "/api/update-user",
  tag,
  summary: "Change my profile",
  description:
    "The settings page's profile form: `fullName` is required; the other fields are optional and an absent one is cleared. Answers the updated account.",
  auth: "user",
  body: () => profileSchema({ today: appToday() }).safeExtend(ownId),
  responses: { 200: userAnswer },
  errors: [403],
  example: { body: { fullName: "Ana Pérez", phone: "+58 414 111 2233", location: "Caracas" } },
});

export const updateEmailNotifications = defineOperation({
  id: "updateEmailNotifications",
  method: "POST",
  path: "/api/update-email-notifications",
  tag,
  summary: "Email notifications on or off",
  description: "Whether booking notifications are also emailed to the caller. Answers the updated account.",
  auth: "user",
  body: z.object({ enableEmailNotifications: z.boolean({ error: messages.required }), ...ownId }),
  responses: { 200: userAnswer },
  errors: [403],
  example: { body: { enableEmailNotifications: false } },
});

export const updateAvatar = defineOperation({
  id: "updateAvatar",
  method: "POST",
  path: "/api/update-avatar/{id}",
  tag,
  summary: "Upload my picture",
  description:
    "Multipart field `image`: a JPEG, PNG, WebP or GIF of at most 5 MB, re-encoded to a 256×256 WebP (the settings page's rules). Not an image → 400 with a field error. 10 uploads per account per hour, then 429 `rateLimited`; 429 `busy` when the server is decoding too many images (try again in a minute). Only the caller's own id (another → 404). Answers the updated account (`avatar` is the picture's path).",
  auth: "user",
  params: z.object({ id: rowId }),
  body: z.object({ image: avatarSchema.shape.avatar }),
  bodyEncoding: "multipart",
  responses: { 200: userAnswer },
  errors: [429],
  errorCodes: { 429: ["busy"] },
});

export const deleteAvatar = defineOperation({
  id: "deleteAvatar",
  method: "POST",
  path: "/api/delete-avatar/{id}",
  tag,
  summary: "Remove my picture",
  description: "Only the caller's own id (another → 404). Answers the updated account.",
  auth: "user",
  params: z.object({ id: rowId }),
  responses: { 200: userAnswer },
  errors: [],
});

const passwordMatchAnswer = {
  description: "Whether it is the current password.",
  schema: z.object({ matches: z.boolean() }),
};
const checkPasswordDescription = [
  "Whether `password` is the caller's current password. Only the caller's own id (another → 404). Every attempt counts, wrong or right: the POST form against the change-password limit (10 per account per 15 minutes); the GET form, which a link on another site could make a signed-in browser send, against its own limit (10 per account and client, 50 per account, per 15 minutes), so it never spends the change-password budget.",
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
  responses: { 200: passwordMatchAnswer },
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
  responses: { 200: passwordMatchAnswer },
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
    'The change-password page\'s rules: the current password must be right ("Wrong password", 400 `wrongPassword`), the new one different and confirmed; 10 attempts per account per 15 minutes.',
    "Every other session and access token of the account stops working; the one that made the call keeps working. The account is emailed that its password changed.",
  ].join("\n\n"),
  auth: "user",
  body: changePasswordSchema,
  responses: { 200: { description: "Changed.", schema: okSchema } },
  errors: [429],
  errorCodes: { 400: ["wrongPassword"] },
  example: { body: { currentPassword: "secret1", password: "brand-new", confirmPassword: "brand-new" } },
});

export const verifyRecaptcha = defineOperation({
  id: "verifyRecaptcha",
  method: "POST",
  path: "/api/verify-recaptcha/{token}/{ip}",
  tag,
  summary: "Check a captcha answer",
  description: [
    "Rueda's captcha is not Google's: it is a small sum signed by the server (no third-party call). `token` is the signed challenge the sign-up form carries (`captchaToken`); the body's `answer` is the sum the person typed. `ip` is accepted for the spec's path and not used: the challenge is not bound to an address.",
    "200 with `valid`; a path that is no challenge and address → 404. When the captcha is off (`CAPTCHA_ENABLED` unset, the default) every answer is valid, as sign-up then asks for none.",
  ].join("\n\n"),
  auth: "none",
  params: z.object({
    token: z
      .string()
      .regex(/^\d\.\d\.\d{1,15}\.[\w-]{43}$/)
      .meta({ description: "The signed challenge (`captchaToken`)." }),
    ip: z.union([z.ipv4(), z.ipv6()]),
  }),
  body: z.object({ answer: z.string({ error: authMessages.captcha }).trim().max(10, authMessages.captcha) }),
  responses: {
    200: {
      description: "Whether the answer is right and the challenge still valid.",
      schema: z.object({ valid: z.boolean() }),
    },
  },
  errors: [],
  example: {
    params: { token: "3.4.1767225600000.8mYl2Xz0bYc9kq3VtJmO1uR4hQe6sWn7aLdPfGiKjTo", ip: "203.0.113.7" },
    body: { answer: "7" },
  },
});

export const sendEmail = defineOperation({
  id: "sendEmail",
  method: "POST",
  path: "/api/send-email",
  tag,
  summary: "Send a message to the team",
  description:
    "The contact form: `subject` and `message`; `email` (the address to answer) is required from a visitor and ignored for a signed-in caller, whose account's address is used. Every administrator is emailed. 30 messages per client per 10 minutes.",
  auth: "optional",
  body: visitorSchema.extend({ email: emailField().optional() }),
  responses: { 200: { description: "Sent.", schema: okSchema } },
  errors: [429],
  example: {
    body: { email: "ana@example.com", subject: "Airport pick-up", message: "Can I collect the car at 6 am?" },
  },
});
