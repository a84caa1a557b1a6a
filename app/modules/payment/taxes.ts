import { bolivarCentimos } from "~/modules/pricing/bolivars";

/*
 * The taxes a receipt shows (docs/domain.md#receipt-taxes): prices include IVA, so a payment's
 * base and IVA are read out of it; the IGTF is a line of its own (docs/domain.md#igtf). Pure.
 */

const IVA_PERCENT = 16;

/**
 * The taxable base and IVA within `cents` (an amount IVA included): the base is cents × 100 / 116
 * rounded half up to the cent, the IVA the rest, so the two always add up to the amount.
 */
export function ivaWithin(cents: number): { baseCents: number; ivaCents: number } {
  const whole = 100 + IVA_PERCENT;
  const baseCents = Math.floor((cents * 200 + whole) / (2 * whole));
  return { baseCents, ivaCents: cents - baseCents };
}

/** A payment's tax lines in dollars and, at the payment's stored rate, in bolívar céntimos. */
export function paymentTaxLines(payment: { amountCents: number; igtfCents: number; rate: string | null }) {
  const { baseCents, ivaCents } = ivaWithin(payment.amountCents);
  const bs = (cents: number) => (payment.rate ? bolivarCentimos(cents, payment.rate) : null);
  return {
    base: { cents: baseCents, centimos: bs(baseCents) },
    iva: { cents: ivaCents, centimos: bs(ivaCents) },
    igtf: payment.igtfCents > 0 ? { cents: payment.igtfCents, centimos: bs(payment.igtfCents) } : null,
  };
}
