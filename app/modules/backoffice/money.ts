/**
 * Dollars as people type them in the back office ("45.50", "45", "$1,234.5") to integer cents
 * and back (docs/domain.md#fleet). Pure and shared with the browser, which checks the same way.
 */

/** Digits with an optional decimal part of one or two digits; commas only as thousands separators. */
const PLAIN = /^\d+(?:\.\d{1,2})?$/;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/;

/** Cents of a typed dollar amount, or null when it is not one (negative, three decimals, "45,50", words). */
export function parseDollars(input: string): number | null {
  const text = input.trim().replace(/^\$\s*/, "");
  if (!PLAIN.test(text) && !GROUPED.test(text)) return null;
  const [whole, fraction = ""] = text.replace(/,/g, "").split(".");
  // Whole dollars and cents apart, in integers: 0.1 + 0.2 never enters.
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as an input's value: "45.50", "45.00", "0.05". */
export function dollarsInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, "0")}`;
}
