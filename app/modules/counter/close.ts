import { z } from "zod";
import { counterMethods } from "~/modules/booking/methods";

/*
 * The settle-and-close form on the booking page (docs/domain.md#closing): what it asks depends on
 * the settlement — the stored final bill against the booking's payments — how the still-to-pay
 * was paid when there is one, and staff's word that the deposit's returned part was given back
 * when there is one.
 */

export const closeMessages = {
  method: "bookings:close.errors.method",
  depositReturned: "bookings:close.errors.depositReturned",
} as const;

/** What the form asks of this settlement: `payment` when something is still to pay, `depositReturned` when part of the deposit goes back. */
export type CloseAsks = { payment: boolean; depositReturned: boolean };

export const closeAsksOf = (settled: { stillToPayCents: number; depositReturnedCents: number }): CloseAsks => ({
  payment: settled.stillToPayCents > 0,
  depositReturned: settled.depositReturnedCents > 0,
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
    depositReturned: asks.depositReturned
      ? z.boolean({ error: closeMessages.depositReturned }).refine((done) => done, closeMessages.depositReturned)
      : notAsked,
  });
}

export type CloseForm = z.output<ReturnType<typeof closeSchema>>;
