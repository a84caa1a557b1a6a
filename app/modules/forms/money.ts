/**
 * Dollars as people type them in the back office ("45.50", "45", "$1,234.5") to integer cents
 * and back (docs/domain.md#fleet). Pure and shared with the browser, which checks the same way.
 */
import { z } from "zod";
import { parseDecimal } from "./decimal";
import { messages } from "./messages";

/**
 * Cents of a typed dollar amount ("45.50", "45,50", "$1,234.5", "1.234,50"), or null when it is
 * not one (negative, three decimals, words): one parser for every money and rate field.
 */
export function parseDollars(input: string): number | null {
  const parts = parseDecimal(input.trim().replace(/^\$\s*/, ""), { maxDecimals: 2, grouping: true });
  if (!parts) return null;
  // Whole dollars and cents apart, in integers: 0.1 + 0.2 never enters.
  const cents = Number(parts.whole) * 100 + Number(parts.fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as an input's value: "45.50", "45.00", "0.05". */
export function dollarsInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, "0")}`;
}

/**
 * A required amount typed in dollars, as cents in [min, max]: `invalid` for what is not an
 * amount, `tooLow` / `tooHigh` outside the range (i18n keys, as every zod message).
 */
export function dollarsField(
  { min, max }: { min: number; max: number },
  errors: { invalid: string; tooLow: string; tooHigh: string },
) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: errors.invalid });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(z.number().min(min, errors.tooLow).max(max, errors.tooHigh));
}
