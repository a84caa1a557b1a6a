import { z } from "zod";
import { visitorSchema } from "~/modules/contact/schema";
import { emailField } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { appToday, calendarDateOfDateTime } from "~/modules/time/calendar";
import { authMessages } from "~/modules/user/messages";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/modules/user/limits";
import {
  avatarSchema,
  birthDateField,
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
const ownId = {
  id: rowId.optional().meta({ description: "The caller's own id (optional; another id → 403)." }),
  _id: rowId.optional().meta({ description: "The same, under the name the spec's reference client sends." }),
};

/**
 * A birth date as `YYYY-MM-DD`, or as the ISO date-time a date picker's `Date` becomes in JSON,
 * read as the day picked (docs/domain.md#dates-sent-as-date-times); then the pages' rules.
 */
const apiBirthDate = (today: string) =>
  z
    .string({ error: messages.required })
    .trim()
    .max(40, authMessages.invalidDate)
    .transform((value) => calendarDateOfDateTime(value) ?? value)
    .pipe(birthDateField(today))
    .meta({
      description:
        "`YYYY-MM-DD`, or an ISO date-time (`1990-04-30T22:00:00.000Z`, a date picker's local midnight in UTC), read as the day whose midnight is nearest. At least 21 years before today (Caracas).",
    });
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
    "An address already registered → 409 `emailTaken`. When the site's captcha is on (`CAPTCHA_ENABLED`, docs/security.md#captcha) a proof is required and spent: with `RECAPTCHA_SECRET`, `captchaToken` is a reCAPTCHA token from Google's widget or SDK, checked by the server at Google's `siteverify` (Google not answering → 502 `badGateway`); otherwise `captchaToken` and `captchaAnswer` are Rueda's signed sum and the answer, as on the page. A missing, wrong or already used proof → 400 with a field error on `captchaToken` (reCAPTCHA) or `captchaAnswer`. A token checked beforehand at `/api/verify-recaptcha` is spent: send a fresh one.",
    "**The terms are required**: `tos` must be `true` (the person accepted the Terms of Use), else 400 with a field error on `tos`. A client that does not ask for the terms (the spec's reference client sends no `tos`) cannot create accounts: show the terms and send `tos: true`.",
  ].join("\n\n"),
  auth: "none",
  body: () => {
    const today = appToday();
    return signUpSchema({ today }).safeExtend({ birthDate: apiBirthDate(today) });
  },
  responses: {
    201: { description: "Created; the activation email is on its way.", schema: z.object({ user: apiUserSchema }) },
  },
  errors: [409, 429, 502],
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

export const validateEmail = defineOperation({
  id: "validateEmail",
  method: "POST",
  path: "/api/validate-email",
  tag,
  summary: "Is this address free for sign-up?",
  description:
    "200 with `available: true` when no account has this address; 204 (no body) when one has (the spec's reference client reads 200 as free, anything else as taken). It tells whether an address is registered, as the sign-up form does, so it counts against the same limit (50 per client per hour). `appType`, which the reference client may send, is ignored.",
  auth: "none",
  body: forgotPasswordSchema,
  responses: {
    200: { description: "Free: sign-up would accept the address.", schema: z.object({ available: z.literal(true) }) },
    204: { description: "Taken: an account has this address." },
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
  description:
    "The caller's own account, as the object itself (the spec's reference client reads it so), and the same under `user`, as earlier clients read it. Another user's id → 404, the same as a missing one.",
  auth: "user",
  params: z.object({ id: rowId }),
  responses: {
    200: {
      description: "The account.",
      schema: apiUserSchema.extend({ user: apiUserSchema }).meta({ id: "UserRecord" }),
    },
  },
  errors: [],
});

export const updateUser = defineOperation({
  id: "updateUser",
  method: "POST",
  path: "/api/update-user",
  tag,
  summary: "Change my profile",
  description:
    "The settings page's profile fields, each under the page's rules. **Only the fields sent change**: an absent field keeps its value, an empty string clears a text field (`fullName` cannot be cleared). `documentNumber` needs a `documentType`, sent or already saved. `birthDate` may be a date-time (read as the day picked). Other fields of the reference client's payload (`email`, `type`, …) are ignored. Answers the updated account.",
  auth: "user",
  body: () => {
    const today = appToday();
    const profile = profileSchema({ today }).shape;
    return z.object({
      ...profile,
      fullName: profile.fullName.optional(),
      birthDate: apiBirthDate(today).optional(),
      enableEmailNotifications: z.boolean().optional(),
      ...ownId,
    });
  },
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

export const verifyRecaptcha = defineOperation({
  id: "verifyRecaptcha",
  method: "POST",
  path: "/api/verify-recaptcha/{token}/{ip}",
  tag,
  summary: "Check a reCAPTCHA token",
  description: [
    "A check only: sign-up and a visitor's checkout verify the proof they are sent themselves, and a proof this call found valid is spent (send them a fresh one). `captcha` says what was checked.",
    "With Google reCAPTCHA configured (`RECAPTCHA_SECRET`), `token` is the token the reCAPTCHA widget or `grecaptcha.execute` gave the client: the server asks Google's `siteverify` whether it is genuine, unspent and for this site (with a v3 score, at least 0.5), telling Google the caller's own address (the path's `ip` is read for the spec's sake, not believed). 200 `{ valid: true, captcha: \"recaptcha\" }` when it is, 204 (no body) when it is not; Google not answering → 502 `badGateway`. No body is needed.",
    'Without `RECAPTCHA_SECRET` and with the captcha on (`CAPTCHA_ENABLED`), Rueda\'s own challenge is checked instead: `token` is the signed sum of the form (`captchaToken`) and the body\'s `answer` the sum typed (`captcha: "challenge"`). With the captcha off nothing is checked and nothing is asked of sign-up: 200 `{ valid: true, captcha: "off" }`.',
    "20 checks per client address in 15 minutes, then 429 `rateLimited`.",
  ].join("\n\n"),
  auth: "none",
  params: z.object({
    token: z
      .string()
      .min(1)
      .max(4096)
      .regex(/^[\w.-]+$/)
      .meta({ description: "The reCAPTCHA response token (or, offline, the signed challenge)." }),
    ip: z.union([z.ipv4(), z.ipv6()]),
  }),
  body: z.object({
    answer: z
      .string()
      .trim()
      .max(10, authMessages.captcha)
      .optional()
      .meta({ description: "Only for Rueda's own challenge: the sum typed." }),
  }),
  responses: {
    200: {
      description: "Valid, or nothing to check (`captcha: off`).",
      schema: z.object({
        valid: z.literal(true),
        captcha: z.enum(["recaptcha", "challenge", "off"]).meta({
          description: "What was checked: Google's token, Rueda's challenge, or nothing (the captcha is off).",
        }),
      }),
    },
    204: { description: "Not valid (wrong, expired, spent or for another site)." },
  },
  errors: [429, 502],
  example: {
    params: { token: "03AFcWeA6t-example-token", ip: "203.0.113.7" },
    body: {},
  },
});

export const sendEmail = defineOperation({
  id: "sendEmail",
  method: "POST",
  path: "/api/send-email",
  tag,
  summary: "Send a message to the team",
  description:
    "The contact form: `subject` and `message`; the address to answer is required from a visitor, as `email` or as `from` (the reference client's name), and ignored for a signed-in caller, whose account's address is used. Every administrator is emailed; `to` and `isContactForm`, which the reference client sends, are ignored. 30 messages per client per 10 minutes.",
  auth: "optional",
  body: visitorSchema.extend({
    email: emailField().optional(),
    from: emailField().optional().meta({ description: "The same as `email`, under the reference client's name." }),
    to: z.string().max(320).optional().meta({ description: "Ignored: messages go to the team." }),
    isContactForm: z.boolean().optional().meta({ description: "Ignored." }),
  }),
  responses: { 200: { description: "Sent.", schema: okSchema } },
  errors: [429],
  example: {
    body: { email: "ana@example.com", subject: "Airport pick-up", message: "Can I collect the car at 6 am?" },
  },
});
