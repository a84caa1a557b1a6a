import { z } from "zod";
import { emailField, optionalText, phoneField, requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { languages } from "~/modules/i18n/languages";
import { dayInRange } from "~/modules/time/date-range";
import { isOldEnough } from "./age";
import { authMessages } from "./messages";

import { BIO_MAX, DOCUMENT_NUMBER_MAX, FULL_NAME_MAX, LOCATION_MAX, PASSWORD_MAX, PASSWORD_MIN } from "./limits";

export { BIO_MAX, DOCUMENT_NUMBER_MAX, FULL_NAME_MAX, LOCATION_MAX, PASSWORD_MAX, PASSWORD_MIN };
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Identity document types of the spec: 1 identity card, 2 passport. */
export const documentTypes = ["1", "2"] as const;
export type DocumentType = (typeof documentTypes)[number];

const newPassword = () =>
  z
    .string({ error: messages.required })
    .min(PASSWORD_MIN, authMessages.passwordTooShort)
    .max(PASSWORD_MAX, messages.tooLong);

/** A password being checked, not chosen: only bounded, so old short passwords still work. */
const existingPassword = () => z.string({ error: messages.required }).max(PASSWORD_MAX, messages.tooLong);

const confirmation = () => z.string({ error: messages.required }).max(PASSWORD_MAX, messages.tooLong);

/**
 * A birth date (`YYYY-MM-DD`) that makes its owner at least 21 on `today`, a calendar
 * date in the app's time zone (see app/modules/time/calendar.ts).
 */
export function birthDateField(today: string) {
  return z
    .string({ error: messages.required })
    .trim()
    .max(10, authMessages.invalidDate)
    .superRefine((value, ctx) => {
      if (!dayInRange(value) || value > today) {
        ctx.addIssue({ code: "custom", message: authMessages.invalidDate });
      } else if (!isOldEnough(value, today)) {
        ctx.addIssue({ code: "custom", message: authMessages.tooYoung });
      }
    });
}

type PasswordPair = { password?: string; confirmPassword?: string };

/** Zod runs object checks only once every field is valid, so the mismatch shows after the rest is fixed. */
function passwordsMatch(value: PasswordPair, ctx: z.RefinementCtx<PasswordPair>) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: authMessages.passwordsDontMatch });
  }
}

export function signUpSchema({ today, captcha = false }: { today: string; captcha?: boolean }) {
  return z
    .object({
      fullName: requiredText(FULL_NAME_MAX),
      email: emailField(),
      phone: phoneField(),
      birthDate: birthDateField(today),
      password: newPassword(),
      confirmPassword: confirmation(),
      tos: z.boolean({ error: authMessages.acceptTerms }).refine((accepted) => accepted, authMessages.acceptTerms),
      captchaAnswer: captcha
        ? z.string({ error: authMessages.captcha }).trim().max(10, authMessages.captcha)
        : z.string().optional(),
      // Rueda's signed sum, or Google's token (up to some 2,000 characters).
      captchaToken: z.string().max(4096).optional(),
    })
    .superRefine(passwordsMatch);
}

export const signInSchema = z.object({
  email: emailField(),
  password: existingPassword(),
  stayConnected: z.boolean().optional(),
  redirectTo: z.string().max(1000).optional(),
});

export const forgotPasswordSchema = z.object({ email: emailField() });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: messages.required }).max(100),
    password: newPassword(),
    confirmPassword: confirmation(),
  })
  .superRefine(passwordsMatch);

export const changePasswordSchema = z
  .object({
    currentPassword: existingPassword(),
    password: newPassword(),
    confirmPassword: confirmation(),
  })
  .superRefine((value, ctx) => {
    if (value.password === value.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["password"], message: authMessages.chooseNewPassword });
      return;
    }
    passwordsMatch(value, ctx);
  });

export function profileSchema({ today }: { today: string }) {
  return z
    .object({
      fullName: requiredText(FULL_NAME_MAX),
      phone: phoneField().optional(),
      location: optionalText(LOCATION_MAX),
      bio: optionalText(BIO_MAX, { multiline: true }),
      birthDate: birthDateField(today).optional(),
      documentType: z.enum(documentTypes, { error: messages.required }).optional(),
      documentNumber: optionalText(DOCUMENT_NUMBER_MAX),
    })
    .superRefine((value, ctx) => {
      if (value.documentNumber && !value.documentType) {
        ctx.addIssue({ code: "custom", path: ["documentType"], message: messages.required });
      }
    });
}

export const languageSchema = z.object({ language: z.enum(languages, { error: messages.required }) });

export const notificationsSchema = z.object({ enableEmailNotifications: z.boolean().optional() });

/** The browser checks size before uploading; the server re-checks and decodes the bytes (avatar.server.ts). */
export const avatarSchema = z.object({
  avatar: z.file({ error: authMessages.imageRequired }).max(AVATAR_MAX_BYTES, authMessages.imageTooLarge),
});
