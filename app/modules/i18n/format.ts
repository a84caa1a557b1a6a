/**
 * Spec §9: comma thousands, two decimals only when the value is fractional;
 * "$" goes before the number, any other symbol after it with a space.
 * The same in every language, as the spec requires.
 */
// Built once: toLocaleString with options builds a new formatter on every call, which
// showed up as the largest single cost of rendering a page of prices.
const whole = new Intl.NumberFormat("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatNumber(value: number): string {
  const fractional = Math.round(value * 100) % 100 !== 0;
  return (fractional ? cents : whole).format(value);
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
