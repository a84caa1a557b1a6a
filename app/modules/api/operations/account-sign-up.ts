import { z } from "zod";
import { appToday } from "~/modules/time/calendar";
import { authMessages } from "~/modules/user/messages";
import { forgotPasswordSchema, signUpSchema } from "~/modules/user/validation";
import { defineOperation } from "../operation";
import { apiUserSchema } from "../schemas";
import { apiBirthDate } from "./account-fields";

/*
 * The spec's account calls (§7) that come before an account: sign-up, whether an address is
 * free, a captcha check; at the spec's paths and methods, over the pages' schemas and rules.
 * Where the spec says "not shown", the description says what was chosen.
 */
const tag = "Account";

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
