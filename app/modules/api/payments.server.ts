import { loadPayableBooking, type PayableBooking } from "~/modules/payment/payable.server";
import type { SessionUser } from "~/utils/session.server";
import { ApiError } from "./errors";

/**
 * The booking a payment call names, in the payment pages' one scope (docs/security.md#payments):
 * the caller is its driver, or `g` is its grant. Anyone else, and a missing booking: 404.
 */
export async function requirePayable(
  bookingId: number,
  user: Pick<SessionUser, "id"> | null,
  grant: string | undefined,
): Promise<PayableBooking> {
  const booking = await loadPayableBooking(bookingId, { userId: user?.id ?? null, grant: grant ?? null });
  if (!booking) throw new ApiError(404);
  return booking;
}

/** What every payment answer carries about the booking: the server's amounts. */
export function paymentSummary(booking: PayableBooking) {
  const { id, reference, carName, status, priceCents, paidCents, balanceCents, payable, holdExpiresAt } = booking;
  return {
    bookingId: id,
    reference,
    carName,
    status,
    priceCents,
    paidCents,
    balanceCents,
    payable,
    holdExpiresAt: holdExpiresAt?.toISOString() ?? null,
  };
}
