import { z } from "zod";
import { messages } from "~/modules/forms/messages";
import { normalizeVenezuelanPhone } from "~/modules/forms/phone";
import { formatBolivars } from "~/modules/i18n/format";
import { APP_TIME_ZONE, appToday, calendarDateIn, parseCalendarDate } from "~/modules/time/calendar";

/*
 * Pago móvil rules (docs/domain.md#pago-móvil): the formats Venezuelan banks use, the amount in
 * bolívares and the key that makes one bank transfer one payment. Pure, so the form validates
 * the same in the browser and on the server.
 */

/** What the payer typed as the transfer's reference: 4 to 20 digits (banks differ in length). */
export function normalizeReference(input: string): string | null {
  const digits = input.trim().replace(/\s/g, "");
  return /^\d{4,20}$/.test(digits) ? digits : null;
}

/**
 * The reference as the duplicate check compares it: without leading zeros, because bank
 * statements pad references that payers type short ("001234" and "1234" are one transfer).
 */
export function referenceKey(reference: string): string {
  return reference.replace(/^0+(?=\d)/, "");
}

/**
 * How long a submitted transfer waits for staff (docs/domain.md#pago-móvil): after that it fails
 * as "expired" and its booking lets go of the car, so made-up references cannot block cars.
 */
export const MOBILE_PAYMENT_EXPIRY_MS = 48 * 3_600_000;

/** The unique provider reference of a pago móvil transfer: one bank + reference + date is one payment. */
export function mobileProviderReference(bankCode: string, reference: string, date: string): string {
  return `pm:${bankCode}:${referenceKey(reference)}:${date}`;
}

/** The staff queue's orders (docs/domain.md#pago-móvil); oldest first unless asked otherwise. */
export const queueOrders = ["oldest", "newest"] as const;
export type QueueOrder = (typeof queueOrders)[number];

/** The order named in the queue's query string, or the default. */
export const readQueueOrder = (raw: string | null): QueueOrder =>
  queueOrders.find((order) => order === raw) ?? "oldest";

const RIF_LETTER_VALUES: Record<string, number> = { V: 1, E: 2, J: 3, P: 4, G: 5 };
const RIF_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2];

/** SENIAT's check digit for a RIF's letter and 8 digits: 11 − (weighted sum mod 11), 10 and 11 becoming 0. */
export function rifCheckDigit(letter: string, digits: string): number {
  const sum =
    RIF_LETTER_VALUES[letter] * 4 + [...digits].reduce((total, d, i) => total + Number(d) * RIF_WEIGHTS[i], 0);
  const check = 11 - (sum % 11);
  return check > 9 ? 0 : check;
}

/** A RIF ("j123456784", "J-12345678-4") as "J-12345678-4" when its format and check digit hold; else null. */
export function normalizeRif(input: string): string | null {
  const match = /^([VEJPG])-?(\d{8})-?(\d)$/.exec(input.trim().toUpperCase().replace(/\s/g, ""));
  if (!match) return null;
  const [, letter, digits, check] = match;
  return rifCheckDigit(letter, digits) === Number(check) ? `${letter}-${digits}-${check}` : null;
}

/** A stored RIF for display; one that does not parse is shown as stored. */
export const formatRif = (rif: string) => normalizeRif(rif) ?? rif;

/** Céntimos as the decimal string stored with the payment: 123450n → "1234.50". */
export function centimosToDecimal(centimos: bigint): string {
  return `${centimos / 100n}.${String(centimos % 100n).padStart(2, "0")}`;
}

/** A stored "1234.50" shown as "1,234.50 Bs"; null for anything else. */
export function formatBolivarDecimal(decimal: string): string | null {
  return /^\d+\.\d{2}$/.test(decimal) ? formatBolivars(BigInt(decimal.replace(".", ""))) : null;
}

export type PaymentDateProblem = "invalid" | "future" | "beforeBooking";

/**
 * The latest transfer date accepted now: today in Caracas, where the banks date their transfers,
 * or today in UTC when that is later (docs/domain.md#payment-date).
 */
export function latestPaymentDate(now: Date): string {
  const caracas = appToday(now);
  const utc = calendarDateIn("UTC", now);
  return utc > caracas ? utc : caracas;
}

/**
 * The payer's transfer date (YYYY-MM-DD) must be a real day between the day the booking was made
 * in Caracas and the latest date accepted (latestPaymentDate).
 */
export function paymentDateProblem(
  date: string,
  { now, bookingCreatedAt }: { now: Date; bookingCreatedAt: Date },
): PaymentDateProblem | null {
  if (!parseCalendarDate(date)) return "invalid";
  if (date > latestPaymentDate(now)) return "future";
  if (date < calendarDateIn(APP_TIME_ZONE, bookingCreatedAt)) return "beforeBooking";
  return null;
}

export const mobilePaymentMessages = {
  invalidReference: "mobilePayment:errors.reference",
  invalidDate: "mobilePayment:errors.date",
  invalidBank: "mobilePayment:errors.bank",
} as const;

const required = () => z.string({ error: messages.required }).trim().min(1, messages.required);

/**
 * The payer's form. The bank is checked against the banks table and the date against the
 * booking on the server; this schema is what the browser can check too.
 */
export const mobilePaymentSchema = z.object({
  bank: required().regex(/^\d{4}$/, mobilePaymentMessages.invalidBank),
  phone: required().transform(
    (value, ctx) =>
      normalizeVenezuelanPhone(value) ?? (ctx.addIssue({ code: "custom", message: messages.invalidPhone }), z.NEVER),
  ),
  reference: required().transform(
    (value, ctx) =>
      normalizeReference(value) ??
      (ctx.addIssue({ code: "custom", message: mobilePaymentMessages.invalidReference }), z.NEVER),
  ),
  date: required().refine((value) => parseCalendarDate(value) !== null, mobilePaymentMessages.invalidDate),
});
export type MobilePaymentInput = z.output<typeof mobilePaymentSchema>;
