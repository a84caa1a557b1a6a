/**
 * A supplier's young driver fee (docs/domain.md#young-driver-fee): drivers younger than
 * `belowAge` on the pick-up date pay `dailyFeeCents` for each rental day. Pure, without imports,
 * and shared with the browser, whose checkout previews the fee from the birth date being typed
 * (the checkout's JavaScript budget: docs/architecture.md#budgets).
 */
export type YoungDriverRule = { belowAge: number; dailyFeeCents: number };

/** The largest young driver fee per day a supplier or a car may set, in cents ($1,000). */
export const YOUNG_DRIVER_FEE_MAX_CENTS = 100_000;

/**
 * The rule as the supplier's columns hold it, with the car's own fee in place of the supplier's
 * when the car sets one (null: the supplier's; 0: none for this car). No fee (null or 0) is no rule.
 */
export function youngDriverRule(
  belowAge: number,
  supplierFeeCents: number | null,
  carFeeCents: number | null = null,
): YoungDriverRule | null {
  const dailyFeeCents = carFeeCents ?? supplierFeeCents;
  return dailyFeeCents ? { belowAge, dailyFeeCents } : null;
}

/**
 * The fee in cents for a driver born on `birthDate` picking up on `pickUpDate` (both `YYYY-MM-DD`;
 * the pick-up's calendar date in its place's zone), for `days` rental days; 0 without a rule or
 * a birth date. The age is the driver age rule's (`ageOn`, docs/domain.md#driver-age): whole
 * years, a birthday counted on its month and day. So a driver is under the age exactly when the
 * birth date comes after the pick-up's month and day `belowAge` years earlier, which ISO dates
 * compare as text (a 29 February birthday comes after 28 February: 1 March in common years).
 * The unit tests hold this equal to `ageOn`; the checkout validates the birth date itself.
 */
export function youngDriverFeeCents(
  rule: YoungDriverRule | null,
  birthDate: string | null | undefined,
  pickUpDate: string,
  days: number,
): number {
  if (!rule || !birthDate) return 0;
  const latestAdult = `${String(Number(pickUpDate.slice(0, 4)) - rule.belowAge).padStart(4, "0")}${pickUpDate.slice(4)}`;
  return birthDate > latestAdult ? rule.dailyFeeCents * days : 0;
}

/**
 * The rule as a booking keeps it (docs/domain.md#price-facts): the age and the fee per day in
 * force at checkout, both null when there was no fee. Stored so that later changes of the
 * supplier's or the car's fee never re-price the booking.
 */
export type BookedYoungDriverRule = { youngDriverAge: number | null; youngDriverFeeCents: number | null };

/** The columns a booking stores for the rule it was priced with. */
export function bookedRuleColumns(rule: YoungDriverRule | null): BookedYoungDriverRule {
  return { youngDriverAge: rule?.belowAge ?? null, youngDriverFeeCents: rule?.dailyFeeCents ?? null };
}

/** The rule a booking was priced with, read back from its columns; amendments price with it. */
export function bookedYoungDriverRule(booking: BookedYoungDriverRule): YoungDriverRule | null {
  return booking.youngDriverAge === null ? null : youngDriverRule(booking.youngDriverAge, booking.youngDriverFeeCents);
}
