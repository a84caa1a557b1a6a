import { ageOn } from "~/modules/user/age";

/**
 * A supplier's young driver fee (docs/domain.md#young-driver-fee): drivers younger than
 * `belowAge` on the pick-up date pay `dailyFeeCents` for each rental day. Pure and shared with
 * the browser, whose checkout previews the fee from the birth date being typed.
 */
export type YoungDriverRule = { belowAge: number; dailyFeeCents: number };

/** The rule as the supplier's columns hold it: no fee (null or 0) is no rule. */
export function youngDriverRule(belowAge: number, dailyFeeCents: number | null): YoungDriverRule | null {
  return dailyFeeCents ? { belowAge, dailyFeeCents } : null;
}

/**
 * The fee in cents for a driver born on `birthDate` picking up on `pickUpDate` (the calendar
 * date in the pick-up place's zone, as the age rule counts it: docs/domain.md#driver-age), for
 * `days` rental days; 0 without a rule or without a readable birth date (the age check refuses those).
 */
export function youngDriverFeeCents(
  rule: YoungDriverRule | null,
  birthDate: string | null | undefined,
  pickUpDate: string,
  days: number,
): number {
  if (!rule || !birthDate) return 0;
  const age = ageOn(birthDate, pickUpDate);
  return age !== null && age < rule.belowAge ? rule.dailyFeeCents * days : 0;
}
