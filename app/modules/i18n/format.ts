/**
 * docs/domain.md#formatting: comma thousands, two decimals only when the value is fractional;
 * "$" goes before the number, any other symbol after it with a space.
 * The same in every language, as the spec requires.
 *
 * Plain integer arithmetic rather than Intl: a page of search results formats a few
 * hundred amounts, and Intl.NumberFormat was a visible share of rendering it.
 */
function groupThousands(whole: number): string {
  const digits = String(whole);
  let out = "";
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ",";
    out += digits[i];
  }
  return out;
}

export function formatNumber(value: number): string {
  const hundredths = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && hundredths > 0 ? "-" : "";
  const whole = Math.floor(hundredths / 100);
  const fraction = hundredths % 100;
  return `${sign}${groupThousands(whole)}${fraction ? `.${String(fraction).padStart(2, "0")}` : ""}`;
}

export function formatPrice(value: number, symbol = "$"): string {
  const sign = value < 0 ? "-" : "";
  const number = formatNumber(Math.abs(value));
  return symbol === "$" ? `${sign}$${number}` : `${sign}${number} ${symbol}`;
}

/** Money is stored as integer cents. */
export function formatCents(cents: number, symbol = "$"): string {
  return formatPrice(cents / 100, symbol);
}

/** docs/domain.md#formatting for bolívares: "1,234.50 Bs", "1,234 Bs". */
export function formatBolivars(centimos: bigint): string {
  return formatCents(Number(centimos), "Bs");
}
