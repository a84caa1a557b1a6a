/*
 * Dollars to bolívares (formatted by i18n/format.ts#formatBolivars), for the pago móvil amount (docs/domain.md#pago-móvil) and the estimates
 * beside prices (docs/domain.md#bolivar-estimates). Apart from the payment rules, so a page
 * that only shows an estimate loads these few lines and not the payment forms' schemas.
 */

/**
 * The amount in bolívar céntimos of `usdCents` at `rate` bolívares per dollar (a decimal string
 * as the numeric column gives it, "36.5000"), rounded half-up to the céntimo. Integer arithmetic
 * only: a float product would round some amounts the wrong way.
 */
export function bolivarCentimos(usdCents: number, rate: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate.trim());
  if (!match || !Number.isSafeInteger(usdCents) || usdCents < 0)
    throw new RangeError(`Cannot convert ${usdCents} cents at rate ${rate}`);
  const fraction = match[2] ?? "";
  const scaledRate = BigInt(match[1] + fraction);
  const scale = 10n ** BigInt(fraction.length);
  const product = BigInt(usdCents) * scaledRate;
  const quotient = product / scale;
  return (product % scale) * 2n >= scale ? quotient + 1n : quotient;
}
