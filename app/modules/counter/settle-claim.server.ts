import { eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { notify } from "~/modules/notification/notify.server";
import { formatCents } from "~/modules/i18n/format";
import { CLAIM_REASON } from "~/modules/payment/deposit-ledger";
import { depositLedgerOf, recordDepositEntry } from "~/modules/payment/deposit-ledger.server";
import { holdState, isHeld } from "~/modules/payment/deposit-hold";
import { depositHoldOf, settleHoldWithLedger, type DepositHoldRow } from "~/modules/payment/deposit-hold.server";
import type { DepositTaken } from "~/modules/pricing/final-bill";
import { schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { keepFinalReceipt } from "./final-receipt.server";

/*
 * The one way a damage claim takes money from the deposit (docs/domain.md#damage-claims): a
 * `retained` line for the claim on the ledger; when Rueda holds the deposit on a card
 * (docs/domain.md#card-deposit-hold) the hold is then settled — captured for what the ledger
 * retained, released for the rest. A hold that no longer holds (lapsed, settled) cannot be taken
 * from, so a claim on it is refused before anything is written.
 */

const { damageClaims } = schema;

/**
 * Whether a claim can be settled against a deposit taken this way: any kept on the ledger (a card
 * hold made on the counter's own terminal included: no Rueda hold), and a Rueda card hold while it holds.
 */
export const claimSettlesAgainst = (taken: DepositTaken | null, hold: DepositHoldRow | null, now: Date) =>
  taken !== "cardHold" || hold === null || isHeld(holdState(hold, now));

/**
 * - `settled`: the retained line (when the amount is above 0) is written and the claim closed.
 * - `cardHold`: the deposit's card hold no longer holds it (lapsed, settled): nothing written.
 * - `tooLarge`: more than the deposit still holds: nothing written.
 */
export type SettleOutcome = "settled" | "cardHold" | "tooLarge";

type Booking = { id: number; supplierId: number; driverId: number; reference: string };

/**
 * Settles `claim` at `amountCents` in the caller's transaction, which locked the booking and the
 * claim and checked who acts (`actor`: the driver accepting, or the admin deciding).
 */
export async function settleClaim(
  tx: Executor,
  actor: Pick<SessionUser, "id">,
  booking: Booking,
  claim: { id: number; askedCents: number },
  deposit: { taken: DepositTaken | null },
  amountCents: number,
  now: Date,
): Promise<SettleOutcome> {
  const hold = deposit.taken === "cardHold" ? await depositHoldOf(booking.id, tx) : null;
  if (!claimSettlesAgainst(deposit.taken, hold, now)) return "cardHold";
  const { balance } = await depositLedgerOf(booking.id, tx);
  if (amountCents > balance.heldCents || amountCents > claim.askedCents) return "tooLarge";
  // Stripe captures a hold once, for everything the ledger retained (docs/domain.md#card-deposit-hold).
  if (hold && balance.retainedCents + amountCents > hold.amountCents) return "tooLarge";
  if (amountCents > 0)
    await recordDepositEntry(tx, actor, booking, { kind: "retained", amountCents, reason: CLAIM_REASON }, now);
  // Checked above: the hold covers what the ledger retains, so this settles.
  if (hold) await settleHoldWithLedger(tx, actor, booking, hold, now);
  await tx
    .update(damageClaims)
    .set({ status: "settled", settledCents: amountCents, settledAt: now })
    .where(eq(damageClaims.id, claim.id));
  await recordAudit(tx, actor, {
    action: "booking.claimSettled",
    subjectType: "booking",
    subjectId: booking.id,
    supplierId: booking.supplierId,
    changes: { status: [null, "settled"], settledCents: [null, amountCents] },
  });
  // The kept final receipt lists the ledger: made again so it shows the claim's line.
  await keepFinalReceipt(tx, booking.id);
  await notify(tx, [
    {
      userId: booking.driverId,
      bookingId: booking.id,
      messageKey: "notifications:messages.claimSettled",
      params: { reference: booking.reference, amount: formatCents(amountCents) },
    },
  ]);
  return "settled";
}
