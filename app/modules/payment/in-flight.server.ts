import { getDb } from "~/utils/db.server";
import { paymentInFlight, type PaymentInFlight } from "~/modules/booking/payment-in-flight.server";
import { closeOpenCardAttempts } from "./settle-card-payment.server";

/*
 * One rule for taking money (docs/domain.md#in-flight): whoever takes a payment of a booking —
 * the counter, the close, an online method — first asks whether another is in flight. The rule
 * itself lives with the booking (the amendment, below this module, applies it too).
 */
export { paymentInFlight, type PaymentInFlight };

/**
 * Before money is taken another way: ends the booking's open card attempts (a demo attempt fails,
 * a Stripe session is expired at Stripe, or settled when Stripe already completed it), as an
 * amendment does, and answers what still stands in the way — a transfer on its way, or a card
 * payment Stripe completed that is still being confirmed. It may call Stripe, so call it before
 * the transaction that takes the money, and ask `paymentInFlight` again inside that transaction.
 */
export async function endCardAttempts(bookingId: number, now = new Date()): Promise<PaymentInFlight> {
  await closeOpenCardAttempts(bookingId, "notOwed");
  return paymentInFlight(await getDb(), bookingId, now);
}
