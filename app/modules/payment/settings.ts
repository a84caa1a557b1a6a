import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import { messages } from "~/modules/forms/messages";
import { dayInRange } from "~/modules/time/date-range";
import { parseDecimal } from "~/modules/forms/decimal";
import { normalizeVenezuelanPhone } from "~/modules/forms/phone";
import { normalizeRif } from "./mobile-payment";
import { normalizeAccountNumber } from "./transfer";

/*
 * The operator's payment settings as an admin edits them (docs/domain.md#exchange-rate). Pure, so
 * the browser checks the form with the same schema as the server.
 */

/** `exchange_rates.usd_to_bs_rate` is numeric(14, 4): at most 10 digits before the point and 4 after. */
const RATE_INTEGER_DIGITS = 10;
export const RATE_DECIMALS = 4;

/**
 * The BCV publishes a rate with the day it applies from, up to the next business day (on a Friday,
 * Monday's): a rate may be dated up to 3 days after today.
 */
export const RATE_DATE_LEAD_DAYS = 3;

export const HOLDER_MAX = 120;

/** `exchange_rates.source`: where the rate was read ("BCV"). */
export const RATE_SOURCE_MAX = 40;

/**
 * A rate as typed ("36.5", "36,50", "0036.5000") in its canonical form ("36.5"), or null unless it
 * is a positive decimal with at most 4 decimals that the column holds. A comma is taken as the
 * decimal point, as Venezuelans write it (docs/domain.md#typed-numbers); thousands separators are
 * refused: with 4 decimals "1,234" could be either.
 */
export function normalizeRate(input: string): string | null {
  const parts = parseDecimal(input, { maxDecimals: RATE_DECIMALS });
  if (!parts) return null;
  const whole = parts.whole.replace(/^0+(?=\d)/, "");
  const fraction = parts.fraction;
  if (whole.length > RATE_INTEGER_DIGITS) return null;
  if (/^0*$/.test(whole) && fraction === "") return null;
  return fraction ? `${whole}.${fraction}` : whole;
}

/** The calendar day `days` after `date` (both YYYY-MM-DD). */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

export type RateDateProblem = "invalid" | "future";

/** A rate's date must be a real day, at most RATE_DATE_LEAD_DAYS after `today` (Caracas). */
export function rateDateProblem(date: string, today: string): RateDateProblem | null {
  if (!dayInRange(date)) return "invalid";
  return date > addDays(today, RATE_DATE_LEAD_DAYS) ? "future" : null;
}

export const settingsMessages = {
  rate: "adminSettings:errors.rate",
  rateDate: "adminSettings:errors.rateDate",
  rateDateFuture: "adminSettings:errors.rateDateFuture",
  bank: "adminSettings:errors.bank",
  rif: "adminSettings:errors.rif",
  account: "adminSettings:errors.account",
} as const;

/** An optional field of the transfer accounts: empty is undefined, anything else goes through `read`. */
const optionalField = (max: number, message: string, read: (value: string) => string | null = (v) => v) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value, ctx) => {
      if (!value) return undefined;
      return read(value) ?? (ctx.addIssue({ code: "custom", message }), z.NEVER);
    })
    .optional();

const required = () => z.string({ error: messages.required }).trim().min(1, messages.required);

/** The whole settings form; `today` is the calendar day in Caracas. */
export function settingsSchema(today: string) {
  return z
    .object({
      rate: required()
        .max(32, settingsMessages.rate)
        .transform(
          (value, ctx) =>
            normalizeRate(value) ?? (ctx.addIssue({ code: "custom", message: settingsMessages.rate }), z.NEVER),
        ),
      rateDate: required().superRefine((value, ctx) => {
        const problem = rateDateProblem(value, today);
        if (problem)
          ctx.addIssue({
            code: "custom",
            message: problem === "future" ? settingsMessages.rateDateFuture : settingsMessages.rateDate,
          });
      }),
      source: requiredText(RATE_SOURCE_MAX),
      bank: required().regex(/^\d{4}$/, settingsMessages.bank),
      phone: required()
        .max(32, messages.invalidPhone)
        .transform(
          (value, ctx) =>
            normalizeVenezuelanPhone(value) ??
            (ctx.addIssue({ code: "custom", message: messages.invalidPhone }), z.NEVER),
        ),
      rif: required()
        .max(32, settingsMessages.rif)
        .transform(
          (value, ctx) =>
            normalizeRif(value) ?? (ctx.addIssue({ code: "custom", message: settingsMessages.rif }), z.NEVER),
        ),
      holder: requiredText(HOLDER_MAX),
      cardPayments: z.boolean().optional(),
      bolivarEstimates: z.boolean().optional(),
      // Zelle and the bank transfer (docs/domain.md#transfers): their account is required only when switched on.
      zelle: z.boolean().optional(),
      zelleEmail: optionalField(254, messages.invalidEmail, (v) =>
        z.email().safeParse(v.toLowerCase()).success ? v.toLowerCase() : null,
      ),
      zelleHolder: optionalField(HOLDER_MAX, messages.tooLong),
      bankTransfer: z.boolean().optional(),
      transferBank: optionalField(4, settingsMessages.bank, (v) => (/^\d{4}$/.test(v) ? v : null)),
      transferAccount: optionalField(32, settingsMessages.account, normalizeAccountNumber),
      transferHolder: optionalField(HOLDER_MAX, messages.tooLong),
      transferRif: optionalField(32, settingsMessages.rif, normalizeRif),
    })
    .superRefine((value, ctx) => {
      const requireAll = (on: boolean | undefined, keys: Array<keyof typeof value>) => {
        if (on)
          for (const key of keys)
            if (!value[key]) ctx.addIssue({ code: "custom", path: [key], message: messages.required });
      };
      requireAll(value.zelle, ["zelleEmail", "zelleHolder"]);
      requireAll(value.bankTransfer, ["transferBank", "transferAccount", "transferHolder", "transferRif"]);
    });
}
export type SettingsInput = z.output<ReturnType<typeof settingsSchema>>;
