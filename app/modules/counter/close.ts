import { z } from "zod";
import { counterMethods } from "~/modules/booking/methods";
import { refundFields } from "~/modules/payment/deposit-ledger";

/*
 * The settle-and-close form on the booking page (docs/domain.md#closing): what it asks depends on
 * the settlement — the stored final bill against the booking's payments, and the deposit ledger —
 * how the still-to-pay was paid when there is one, and the refund of the deposit still held when
 * there is one (docs/domain.md#deposit-ledger): nothing is returned until a refund is recorded.
 */

export const closeMessages = {
  method: "bookings:close.errors.method",
} as const;

/** What the form asks of this settlement: `payment` when something is still to pay, `refund` when the ledger still holds part of the deposit. */
export type CloseAsks = { payment: boolean; refund: boolean };

/** A deposit held on a card is not asked: the close releases the hold (docs/domain.md#card-deposit-hold). */
export const closeAsksOf = (settled: {
  stillToPayCents: number;
  depositHeldCents: number;
  depositOnCard?: boolean;
}): CloseAsks => ({
  payment: settled.stillToPayCents > 0,
  refund: settled.depositHeldCents > 0 && !settled.depositOnCard,
});

/** A field this close does not ask: ignored if posted. */
const notAsked = z
  .unknown()
  .optional()
  .transform(() => undefined);

export function closeSchema(asks: CloseAsks) {
  return z.object({
    intent: z.literal("close"),
    method: asks.payment ? z.enum(counterMethods, { error: closeMessages.method }) : notAsked,
    refundAmount: asks.refund ? refundFields.refundAmount : notAsked,
    refundMethod: asks.refund ? refundFields.refundMethod : notAsked,
    refundReference: asks.refund ? refundFields.refundReference : notAsked,
  });
}

export type CloseForm = z.output<ReturnType<typeof closeSchema>>;
