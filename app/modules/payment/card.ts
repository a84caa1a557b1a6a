import { z } from "zod";
import { messages } from "~/modules/forms/messages";

/*
 * The card rules of docs/domain.md#card-payments: what the demo gateway's form accepts and
 * what it decides. Pure and browser-safe, so the same schema checks the form in the page
 * and on the server. Card data only passes through here; nothing keeps or logs it.
 */

/** i18n keys (namespace "card") for the spec's card messages. */
export const cardMessages = {
  numberInvalid: "card:errors.numberInvalid",
  expiryInvalid: "card:errors.expiryInvalid",
  securityCodeInvalid: "card:errors.securityCodeInvalid",
  paymentFailed: "card:errors.paymentFailed",
} as const;

/** The digits of a card number as people type it ("4242 4242-4242 4242"). */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The Luhn check digit test every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 13 to 19 digits (separators aside) with a right check digit. */
export function isValidCardNumber(value: string): boolean {
  const digits = normalizeCardNumber(value);
  return /^\d{13,19}$/.test(digits) && passesLuhn(digits);
}

/** "MM/YY", "MM / YY" or "MMYY" as month and four-digit year; null when it is none of these. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month, so this month still counts. */
export function isExpiryValid(value: string, now: Date): boolean {
  const expiry = parseExpiry(value);
  if (!expiry) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return expiry.year * 12 + (expiry.month - 1) >= current;
}

export function isValidSecurityCode(value: string): boolean {
  return /^\d{3,4}$/.test(value.trim());
}

/** Stripe's test numbers (DESIGN §4): the demo gateway approves one, declines every other valid card. */
export const demoCards = { approved: "4242424242424242", declined: "4000000000000002" } as const;

export type DemoDecision = "approved" | "declined";

/** What the demo gateway answers for a valid card: only the approving test card is paid; no real card ever is. */
export function demoDecision(cardNumber: string): DemoDecision {
  return normalizeCardNumber(cardNumber) === demoCards.approved ? "approved" : "declined";
}

const required = z.string({ error: messages.required }).trim().min(1, messages.required).max(64, messages.tooLong);

/** The demo gateway's card form; `now` decides which expiry dates are past. */
export function cardFormSchema(now: Date) {
  return z.object({
    cardNumber: required.refine(isValidCardNumber, cardMessages.numberInvalid).transform(normalizeCardNumber),
    expiry: required.refine((v) => isExpiryValid(v, now), cardMessages.expiryInvalid),
    securityCode: required.refine(isValidSecurityCode, cardMessages.securityCodeInvalid),
  });
}
