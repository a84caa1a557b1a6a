/**
 * Spec §9: comma thousands, two decimals only when the value is fractional;
 * "$" goes before the number, any other symbol after it with a space.
 * The same in every language, as the spec requires.
 */
export function formatNumber(value: number): string {
  const fractional = Math.round(value * 100) % 100 !== 0;
  return value.toLocaleString("en-US", {
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  });
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
