import { z } from "zod";
import { parseDecimal } from "~/modules/forms/decimal";
import { messages } from "~/modules/forms/messages";
import { parseCalendarDate } from "~/modules/time/calendar";
import { normalizeReference, referenceKey } from "./mobile-payment";

/*
 * Transfers verified by reference (docs/domain.md#transfers): pago móvil, Zelle and the bolívar
 * bank transfer are sent by the payer outside Rueda, declared with their reference, and approved
 * or rejected by an admin in one queue. Pure, so the forms validate the same in the browser.
 */

/** The methods whose payments wait in the verification queue. */
export const verifiedMethods = ["mobilePayment", "zelle", "bankTransfer"] as const;
export type VerifiedMethod = (typeof verifiedMethods)[number];

/** Zelle and the bank transfer: the methods this module's page and form serve (pago móvil has its own). */
export const transferMethods = ["zelle", "bankTransfer"] as const;
export type TransferMethod = (typeof transferMethods)[number];

export const isVerifiedMethod = (value: unknown): value is VerifiedMethod =>
  verifiedMethods.includes(value as VerifiedMethod);

/** The currency the payer sends: dollars by Zelle, bolívares by bank transfer (docs/domain.md#igtf). */
export const sendsDollars = (method: TransferMethod) => method === "zelle";

/** IGTF, 3 % (docs/domain.md#igtf). */
const IGTF_PERCENT = 3;

/**
 * The IGTF of a payment of `cents` in foreign currency: 3 % of it in whole cents, half a cent and
 * more rounding up (docs/domain.md#igtf): $60.00 → $1.80, $0.50 → $0.02 (1.5 ¢), $0.49 → $0.01.
 */
export function igtfCents(cents: number): number {
  return Math.floor((cents * IGTF_PERCENT + 50) / 100);
}

/** What the payer owes in tax on a payment of `cents` by `method` to a supplier that does or does not collect IGTF. */
export const igtfFor = (method: TransferMethod, cents: number, collectsIgtf: boolean) =>
  collectsIgtf && sendsDollars(method) ? igtfCents(cents) : 0;

/**
 * A typed dollar amount ("60", "60,5", "60.50") in cents, or null: at most 2 decimals, more than
 * 0, at most 8 whole digits (a booking's price fits an int of cents).
 */
export function dollarsToCents(input: string): number | null {
  const parts = parseDecimal(input, { maxDecimals: 2 });
  if (!parts || parts.whole.replace(/^0+/, "").length > 8) return null;
  const cents = Number(parts.whole) * 100 + Number(parts.fraction.padEnd(2, "0"));
  return cents > 0 ? cents : null;
}

/** Cents as the amount field shows them: 6000 → "60.00". */
export const centsToDollars = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** A Zelle confirmation code: 4 to 30 letters and digits (banks differ), compared in capitals. */
export function normalizeZelleReference(input: string): string | null {
  const compact = input.trim().replace(/[\s-]/g, "").toUpperCase();
  return /^[A-Z0-9]{4,30}$/.test(compact) ? compact : null;
}

/**
 * The unique provider reference (docs/domain.md#transfers): a Zelle confirmation code is one
 * payment whatever its date; a bank transfer is one bank + reference (leading zeros dropped) + date,
 * as for pago móvil, under its own prefix so the two methods never collide.
 */
export function transferProviderReference(
  method: TransferMethod,
  input: { reference: string; bank?: string; date: string },
): string {
  return method === "zelle"
    ? `zelle:${input.reference}`
    : `bt:${input.bank ?? ""}:${referenceKey(input.reference)}:${input.date}`;
}

/** A Venezuelan account number: 20 digits, the first 4 its bank's code. */
export function normalizeAccountNumber(input: string): string | null {
  const digits = input.trim().replace(/[\s-]/g, "");
  return /^\d{20}$/.test(digits) ? digits : null;
}

/** "01020123450000012345" → "0102-0123-45-0000012345", as banks print it. */
export const formatAccountNumber = (account: string) =>
  /^\d{20}$/.test(account)
    ? `${account.slice(0, 4)}-${account.slice(4, 8)}-${account.slice(8, 10)}-${account.slice(10)}`
    : account;

export const transferMessages = {
  amount: "transfer:errors.amount",
  reference: "transfer:errors.reference",
  zelleReference: "transfer:errors.zelleReference",
  date: "mobilePayment:errors.date",
  bank: "mobilePayment:errors.bank",
} as const;

const required = () => z.string({ error: messages.required }).trim().min(1, messages.required);

const amountField = () =>
  required()
    .max(16, transferMessages.amount)
    .transform(
      (value, ctx) =>
        dollarsToCents(value) ?? (ctx.addIssue({ code: "custom", message: transferMessages.amount }), z.NEVER),
    );

const dateField = () => required().refine((value) => parseCalendarDate(value) !== null, transferMessages.date);

/** The payer's Zelle: the dollars sent for the booking (IGTF apart), the confirmation code and the day. */
export const zelleSchema = z.object({
  amount: amountField(),
  reference: required().transform(
    (value, ctx) =>
      normalizeZelleReference(value) ??
      (ctx.addIssue({ code: "custom", message: transferMessages.zelleReference }), z.NEVER),
  ),
  date: dateField(),
});

/** The payer's bank transfer: the dollars it pays (sent in bolívares), the payer's bank, reference and day. */
export const bankTransferSchema = z.object({
  amount: amountField(),
  bank: required().regex(/^\d{4}$/, transferMessages.bank),
  reference: required().transform(
    (value, ctx) =>
      normalizeReference(value) ?? (ctx.addIssue({ code: "custom", message: transferMessages.reference }), z.NEVER),
  ),
  date: dateField(),
});

export const transferSchemas = { zelle: zelleSchema, bankTransfer: bankTransferSchema } as const;

export type TransferInput = { amount: number; reference: string; date: string; bank?: string };
