import type { Language } from "~/modules/i18n/languages";
import { consumeAll } from "~/modules/security/rate-limit.server";
import { startCardPayment } from "./start-card-payment.server";
import type { PayableBooking } from "./payable.server";

/**
 * Starts a card payment under its limits: each start may call Stripe (retrieve, and create when
 * the amount changed), so it is counted for the booking and for the client's address first, and
 * refused when either is over (docs/security.md#rate-limits). Asked after the payment scope, so
 * nobody spends another booking's budget. The page (/payment/card) and the API
 * (POST /api/bookings/{id}/payments/card) both call it.
 */
export async function startCardPaymentLimited(
  booking: PayableBooking,
  language: Language,
  { ip, grant = null }: { ip: string; grant?: string | null },
): Promise<Awaited<ReturnType<typeof startCardPayment>> | "rateLimited"> {
  const allowed = await consumeAll([
    ["card-start-booking", String(booking.id)],
    ["card-start-ip", ip],
  ]);
  if (!allowed) return "rateLimited";
  return startCardPayment(booking, language, { grant });
}
