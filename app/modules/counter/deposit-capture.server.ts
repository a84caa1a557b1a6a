import { lockReturnedRental } from "./returned-rental.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import { holdState, isHeld } from "~/modules/payment/deposit-hold";
import { depositHoldOf, settleHoldWithLedger } from "~/modules/payment/deposit-hold.server";
import { depositLedgerOf, recordDepositEntry } from "~/modules/payment/deposit-ledger.server";
import { getDb } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

/*
 * Capturing part of a card deposit hold for a claim (docs/domain.md#card-deposit-hold): staff of
 * the booking's supplier (or an admin), after the return, retain an amount with its reason; the
 * ledger records it retained and the rest refunded, and the hold is captured for everything the
 * ledger retained and released for the rest (Stripe captures an intent once).
 */

/**
 * - `capturing`: written; the job captures at Stripe.
 * - `tooLarge`: more than the hold still holds (or the ledger): nothing written.
 * - `notHeld`: no hold holds the deposit (none, lapsed, already captured or released).
 * - `notReturned`: the car is still out.
 * - `ownBooking`: the actor is the booking's driver (docs/security.md#payments).
 * - `notFound`: outside the caller's scope, or no rental.
 */
export type CaptureOutcome = "capturing" | "tooLarge" | "notHeld" | "notReturned" | "ownBooking" | "notFound";

/** A refusal found after something was written: thrown, so the transaction rolls it back. */
class Refused extends Error {
  constructor(readonly outcome: CaptureOutcome) {
    super(outcome);
  }
}

export async function captureFromHold(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  claim: { amountCents: number; reason: string },
  now = new Date(),
): Promise<CaptureOutcome> {
  if (!isStaff(user)) return "notFound";
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const booking = await lockReturnedRental(tx, user, bookingId);
      if (typeof booking === "string") return booking;
      const hold = await depositHoldOf(booking.id, tx);
      if (!hold || !isHeld(holdState(hold, now))) return "notHeld";
      const { balance } = await depositLedgerOf(booking.id, tx);
      if (claim.amountCents < 1 || claim.amountCents > Math.min(balance.heldCents, hold.amountCents)) return "tooLarge";
      await recordDepositEntry(tx, user, booking, { kind: "retained", ...claim }, now);
      if ((await settleHoldWithLedger(tx, user, booking, hold, now)) === "tooLarge") throw new Refused("tooLarge");
      return "capturing";
    });
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}
