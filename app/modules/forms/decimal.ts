/**
 * Decimal numbers as people type them in the back office's money and rate fields
 * (docs/domain.md#typed-numbers): "12.50" and "12,50" alike, since Venezuelan, French and Greek
 * writers put a comma where English puts a point. Pure and shared with the browser.
 */

export type DecimalParts = { whole: string; fraction: string };

export type DecimalOptions = {
  /** Most digits after the decimal separator (trailing zeros do not count). */
  maxDecimals: number;
  /**
   * Also accept groups of three digits ("1,234.50", "1.234,50"). Only where a decimal part never
   * has three digits, so "1,234" cannot be read as 1.234: with grouping, a point-grouped number
   * needs its comma decimals ("1.234,50"), since "1.234" alone is ambiguous.
   */
  grouping?: boolean;
};

/**
 * The whole and fractional digits of a typed non-negative decimal, or null when it is not one
 * (a sign, letters, two decimal separators, too many decimals, an ambiguous grouping). The
 * fraction comes without trailing zeros; the whole part keeps the digits as typed.
 */
export function parseDecimal(input: string, { maxDecimals, grouping = false }: DecimalOptions): DecimalParts | null {
  const text = input.trim();
  const plain = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  const read = plain && withFraction(plain[1], plain[2] ?? "", maxDecimals);
  if (read || !grouping) return read ?? null;
  // Groups of three with one separator throughout, and the other one as the decimal separator.
  const grouped = /^(\d{1,3}(?:([.,])\d{3})(?:\2\d{3})*)(?:([.,])(\d+))?$/.exec(text);
  if (!grouped) return null;
  const [, digits, separator, point, fraction = ""] = grouped;
  if (point !== undefined && point === separator) return null;
  if (separator === "." && point === undefined) return null;
  return withFraction(digits.replace(/[.,]/g, ""), fraction, maxDecimals);
}

function withFraction(whole: string, fraction: string, maxDecimals: number): DecimalParts | null {
  const significant = fraction.replace(/0+$/, "");
  return significant.length > maxDecimals ? null : { whole, fraction: significant };
}
