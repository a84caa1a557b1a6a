import { eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { notify } from "~/modules/notification/notify.server";
import { formatCents } from "~/modules/i18n/format";
import { CLAIM_REASON } from "~/modules/payment/deposit-ledger";
import { depositLedgerOf, recordDepositEntry } from "~/modules/payment/deposit-ledger.server";
import type { DepositTaken } from "~/modules/pricing/final-bill";
import { schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { keepFinalReceipt } from "./final-receipt.server";

/*
 * The one way a damage claim takes money from the deposit (docs/domain.md#damage-claims): a
 * deposit kept on the ledger (cash, pago móvil, USDT, a transfer, a card at the counter) gets a
 * `retained` line for the claim; a card hold would be captured in part, which is not built yet,
 * so a claim on one is refused before anything is written.
 */

const { damageClaims } = schema;

/** Whether a claim can be settled against a deposit taken this way: not yet against a card hold. */
export const claimSettlesAgainst = (taken: DepositTaken | null) => taken !== "cardHold";

/**
 * - `settled`: the retained line (when the amount is above 0) is written and the claim closed.
 * - `cardHold`: the deposit is a card hold: nothing written.
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
  if (!claimSettlesAgainst(deposit.taken)) return "cardHold";
  const { balance } = await depositLedgerOf(booking.id, tx);
  if (amountCents > balance.heldCents || amountCents > claim.askedCents) return "tooLarge";
  if (amountCents > 0)
    await recordDepositEntry(tx, actor, booking, { kind: "retained", amountCents, reason: CLAIM_REASON }, now);
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
