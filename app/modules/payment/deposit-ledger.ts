import { z } from "zod";
import { optionalText } from "~/modules/forms/fields";
import { dollarsField } from "~/modules/forms/money";
import { depositTakenMethods, type DepositTaken } from "~/modules/pricing/final-bill";

/*
 * The deposit ledger (docs/domain.md#deposit-ledger), the parts shared with the browser: what a
 * ledger holds, its balance and the refund's fields. Money is integer cents.
 */

export const depositEntryKinds = ["received", "refunded", "retained"] as const;
export type DepositEntryKind = (typeof depositEntryKinds)[number];

/** The reason of the retained entry the return writes: the final bill's extras (docs/domain.md#final-bill). */
export const FINAL_BILL_REASON = "finalBill";
/** The reason of the retained entry a settled damage claim writes (docs/domain.md#damage-claims); one claim a booking. */
export const CLAIM_REASON = "damageClaim";
export const DEPOSIT_REFERENCE_MAX = 100;
/** A refund above this ($100,000) is a typing slip, as a deposit is at the pick-up. */
const REFUND_MAX_CENTS = 10_000_000;

export type DepositEntry = {
  kind: DepositEntryKind;
  amountCents: number;
  method: DepositTaken | null;
  reference: string | null;
  reason: string | null;
};

export type DepositBalance = {
  receivedCents: number;
  refundedCents: number;
  retainedCents: number;
  /** What the supplier still holds: received − refunded − retained. */
  heldCents: number;
};

/** The balance of a booking's ledger (docs/domain.md#deposit-ledger). */
export function depositBalance(entries: readonly Pick<DepositEntry, "kind" | "amountCents">[]): DepositBalance {
  const sum = (kind: DepositEntryKind) =>
    entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amountCents, 0);
  const receivedCents = sum("received");
  const refundedCents = sum("refunded");
  const retainedCents = sum("retained");
  return { receivedCents, refundedCents, retainedCents, heldCents: receivedCents - refundedCents - retainedCents };
}

export const refundMessages = {
  amount: "bookings:deposit.errors.amount",
  method: "bookings:deposit.errors.method",
  tooLarge: "bookings:deposit.errors.tooLarge",
} as const;

/**
 * The refund's fields (the close's and the refund form's): the amount in dollars as the back office
 * types it, how it went back and its reference. Whether it fits what is held is the server's
 * check, in the transaction that writes it.
 */
export const refundFields = {
  refundAmount: dollarsField(
    { min: 1, max: REFUND_MAX_CENTS },
    { invalid: refundMessages.amount, tooLow: refundMessages.amount, tooHigh: refundMessages.tooLarge },
  ),
  refundMethod: z.enum(depositTakenMethods, { error: refundMessages.method }),
  refundReference: optionalText(DEPOSIT_REFERENCE_MAX),
};

export const refundSchema = z.object({ intent: z.literal("depositRefund"), ...refundFields });

export type RefundForm = { refundAmount: number; refundMethod: DepositTaken; refundReference?: string };

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * One ledger entry in words (the booking page, the final receipt and the payment receipt):
 * "Refunded · Cash (dollars) · reference REC-7", "Retained · the final bill's extras".
 */
export function depositEntryText(t: Translate, entry: Omit<DepositEntry, "amountCents">): string {
  const reasons: Record<string, string> = {
    [FINAL_BILL_REASON]: t("bookings:deposit.finalBillReason"),
    [CLAIM_REASON]: t("bookings:deposit.claimReason"),
  };
  const reason = entry.reason ? (reasons[entry.reason] ?? entry.reason) : null;
  return [
    t(`bookings:deposit.kinds.${entry.kind}`),
    entry.method ? t(`bookings:deposit.methods.${entry.method}`) : null,
    entry.reference ? t("bookings:deposit.referenceLine", { reference: entry.reference }) : null,
    reason,
  ]
    .filter(Boolean)
    .join(" · ");
}
