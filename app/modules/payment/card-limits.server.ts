import { consumeAll } from "~/modules/security/rate-limit.server";

/**
 * Counts one card start (each may call Stripe: retrieve, and create when the amount changed) for
 * the booking and for the client's address; false when either is over its limit
 * (docs/security.md#rate-limits). Asked after the payment scope, so nobody spends another
 * booking's budget. The page (/payment/card) and the API (POST /api/bookings/{id}/payments/card)
 * share it.
 */
export async function cardStartAllowed(bookingId: number, ip: string): Promise<boolean> {
  return consumeAll([
    ["card-start-booking", String(bookingId)],
    ["card-start-ip", ip],
  ]);
}
