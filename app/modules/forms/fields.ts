import { z } from "zod";
import { ROW_ID_MAX } from "~/utils/row-id";
import { messages } from "./messages";
import { hasControlCharacters, type TextOptions } from "./text";

const refuseControls = (options: TextOptions) => (value: string) => !hasControlCharacters(value, options);

/** A required trimmed text field of at most `max` characters, without control characters. */
export const requiredText = (max: number, options: TextOptions = {}) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(max, messages.tooLong)
    .refine(refuseControls(options), messages.controlCharacters);

export const optionalText = (max: number, options: TextOptions = {}) =>
  z.string().trim().max(max, messages.tooLong).refine(refuseControls(options), messages.controlCharacters).optional();

export const emailField = () =>
  z
    .string({ error: messages.required })
    .trim()
    .toLowerCase()
    .max(254, messages.tooLong)
    .pipe(z.email({ error: messages.invalidEmail }));

/** Digits with an optional leading +, after dropping the usual separators: 7 to 15 digits (E.164). */
export function normalizePhone(value: string): string {
  return value.replace(/[\s().-]/g, "");
}

export function isValidPhone(value: string): boolean {
  return /^\+?\d{7,15}$/.test(normalizePhone(value));
}

/** A phone number as people type it ("+58 414-111 2233", "0414 1112233"), stored without separators. */
export const phoneField = () =>
  z
    .string({ error: messages.required })
    .trim()
    .max(32, messages.tooLong)
    .refine(isValidPhone, messages.invalidPhone)
    .transform(normalizePhone);

/**
 * A WhatsApp number (docs/domain.md#voucher): international, as wa.me links need it — the
 * country code first ("+58 414 123 4567", "58 414 1234567"), 8 to 15 digits; a national number
 * ("0414…") has no country code and is refused. Stored as digits only ("584141234567").
 */
export function whatsappDigits(value: string): string | null {
  const digits = normalizePhone(value).replace(/^\+/, "");
  return /^[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

export const whatsappField = () =>
  z
    .string({ error: messages.required })
    .trim()
    .max(32, messages.tooLong)
    .refine((value) => whatsappDigits(value) !== null, messages.invalidWhatsapp)
    .transform((value) => whatsappDigits(value)!);

/**
 * A row id a form posts (a hidden `id`, a chosen supplier), by the one rule of ids
 * (docs/security.md#ids): a number outside an integer column's range names nothing and is refused
 * with `message`, never sent to the database to fail there.
 */
export const rowIdField = (message?: string) =>
  z.coerce.number<string>({ error: message }).int(message).min(1, message).max(ROW_ID_MAX, message);
