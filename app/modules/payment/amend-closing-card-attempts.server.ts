import { amendAtLocalTimes, type AmendOutcome, type LocalAmendment } from "~/modules/booking/amend-booking.server";
import { withinChangeLimit } from "~/modules/booking/change-limit.server";
import type { SessionUser } from "~/utils/session.server";
import { closeOpenCardAttempts } from "./settle-card-payment.server";

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * The driver's amendment, page and API alike (docs/domain.md#payments): an open payment was
 * started for the old price, so amendBooking refuses while one is open. When that is its only
 * objection, the booking's card attempts are ended (a session can no longer take the old
 * amount) and the change is tried once more; a transfer being verified (pago móvil, USDT) may
 * already be on its way, so it still stands in the way and the driver is told.
 */
export async function amendClosingCardAttempts(
  user: User,
  id: number,
  change: LocalAmendment,
  now = new Date(),
): Promise<AmendOutcome> {
  const outcome = await amendAtLocalTimes(user, id, change, now);
  if (outcome !== "paymentInProgress") return outcome;
  await closeOpenCardAttempts(id);
  return amendAtLocalTimes(user, id, change, now);
}

/** amendClosingCardAttempts under the account's booking-change limit, counted once: what the page and the API call. */
export const amendClosingCardAttemptsLimited = (user: User, id: number, change: LocalAmendment, now = new Date()) =>
  withinChangeLimit(user.id, () => amendClosingCardAttempts(user, id, change, now));
