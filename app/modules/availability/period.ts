import { messages } from "~/modules/forms/messages";
import { rentalDays } from "~/modules/pricing/pricing";
import {
  addLocalDays,
  instantToLocal,
  localToInstant,
  normalizeLocal,
  type LocalDateTime,
} from "~/modules/time/zoned-time";
import { withinPlanHorizon } from "~/modules/time/date-range";

/**
 * A rental period as the visitor types it (`datetime-local` values in the pick-up
 * location's zone) and as the database sees it: the half-open range [pickUp, dropOff).
 * Search and checkout both read `from`/`to` in this form from the URL.
 */
export type RentalPeriod = {
  from: LocalDateTime;
  to: LocalDateTime;
  pickUp: Date;
  dropOff: Date;
  days: number;
};

/** Longer rentals are arranged with a supplier directly; it also bounds the price arithmetic. */
export const MAX_RENTAL_DAYS = 365;
/** A pick-up typed for "now" is still accepted while the form travels to the server. */
const PAST_TOLERANCE_MS = 5 * 60_000;

export const periodMessages = {
  fromRequired: messages.required,
  toRequired: messages.required,
  fromInvalid: "catalogue:errors.dateInvalid",
  toInvalid: "catalogue:errors.dateInvalid",
  fromPast: "catalogue:errors.pickupPast",
  fromTooFar: "catalogue:errors.pickupTooFar",
  toBeforeFrom: "catalogue:errors.dropoffBeforePickup",
  tooLong: "catalogue:errors.tooLong",
} as const;

export type PeriodErrors = { from?: string; to?: string };

export function parseRentalPeriod(
  input: { from?: string | null; to?: string | null },
  zone: string,
  now: Date,
): { ok: true; period: RentalPeriod } | { ok: false; errors: PeriodErrors } {
  const errors: PeriodErrors = {};
  const fromText = input.from?.trim() ?? "";
  const toText = input.to?.trim() ?? "";
  const from = fromText ? normalizeLocal(fromText) : null;
  const to = toText ? normalizeLocal(toText) : null;
  if (!fromText) errors.from = periodMessages.fromRequired;
  else if (!from) errors.from = periodMessages.fromInvalid;
  if (!toText) errors.to = periodMessages.toRequired;
  else if (!to) errors.to = periodMessages.toInvalid;
  if (!from || !to) return { ok: false, errors };

  const pickUp = localToInstant(from, zone)!;
  const dropOff = localToInstant(to, zone)!;
  if (pickUp.getTime() < now.getTime() - PAST_TOLERANCE_MS) errors.from = periodMessages.fromPast;
  else if (!withinPlanHorizon(pickUp, now)) errors.from = periodMessages.fromTooFar;
  const days = dropOff.getTime() > pickUp.getTime() ? rentalDays(pickUp, dropOff) : 0;
  if (days === 0) errors.to = periodMessages.toBeforeFrom;
  else if (days > MAX_RENTAL_DAYS) errors.to = periodMessages.tooLong;
  if (errors.from || errors.to) return { ok: false, errors };
  return { ok: true, period: { from, to, pickUp, dropOff, days } };
}

export const DEFAULT_PICKUP_HOUR = "10:00";
export const DEFAULT_RENTAL_DAYS = 3;

/** Tomorrow at 10:00 on the location's clock, back three days later at the same time. */
export function defaultPeriod(zone: string, now: Date): { from: LocalDateTime; to: LocalDateTime } {
  const today = instantToLocal(now, zone).slice(0, 10);
  const from = addLocalDays(`${today}T${DEFAULT_PICKUP_HOUR}`, 1);
  return { from, to: addLocalDays(from, DEFAULT_RENTAL_DAYS) };
}
