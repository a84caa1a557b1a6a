/**
 * Where a booking's money stands (docs/domain.md#credit), in cents:
 * - `dueCents`: its price, plus the final bill's still-to-pay once the car is back;
 * - `paidCents`: what its succeeded payments brought, the counter's included;
 * - `owedCents`: what is still to pay, never below 0;
 * - `creditCents`: what was paid beyond what is due (two ways of paying crossed), never below 0:
 *   money staff must refund to the driver, and which the close counts before asking for more.
 */
export type BookingMoney = { dueCents: number; paidCents: number; owedCents: number; creditCents: number };

/** THE sum (pure, so a page that already read the booking says the same as the payment core). */
export function moneyOf(facts: {
  priceCents: number;
  paidCents: number;
  stillToPayCents: number | null;
}): BookingMoney {
  const dueCents = facts.priceCents + (facts.stillToPayCents ?? 0);
  return {
    dueCents,
    paidCents: facts.paidCents,
    owedCents: Math.max(0, dueCents - facts.paidCents),
    creditCents: Math.max(0, facts.paidCents - dueCents),
  };
}
