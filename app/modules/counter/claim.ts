import { z } from "zod";
import { optionalText, requiredText } from "~/modules/forms/fields";
import { dollarsField } from "~/modules/forms/money";
import type { DamageMark } from "./inspection";

/*
 * Damage claims (docs/domain.md#damage-claims), the parts shared with the browser: which of the
 * return's marks are new, how long the driver has to answer, and the three forms (staff open,
 * the driver answers, an admin decides a dispute). Money is integer cents.
 */

/** The driver accepts or disputes within this many days of the claim's opening. */
export const CLAIM_RESPONSE_DAYS = 7;
const DAY_MS = 86_400_000;
/** A claim above this ($100,000) is a typing slip, as a refund is. */
const CLAIM_MAX_CENTS = 10_000_000;

/** The last instant the driver may answer a claim opened at `openedAt`. */
export const claimAnswerDeadline = (openedAt: Date) => new Date(openedAt.getTime() + CLAIM_RESPONSE_DAYS * DAY_MS);

type Marked = Pick<DamageMark, "area" | "kind">;

/**
 * The return's marks that are new (docs/domain.md#damage-claims): a mark whose area and kind
 * together were not marked at the pick-up. A second dent on a door already dented is not new: the
 * pick-up cannot tell the two apart, so the driver gets the benefit of the doubt.
 */
export function newDamageMarks<M extends Marked>(atPickUp: readonly Marked[], atReturn: readonly M[]): M[] {
  const before = new Set(atPickUp.map((m) => `${m.area}:${m.kind}`));
  return atReturn.filter((m) => !before.has(`${m.area}:${m.kind}`));
}

export const claimMessages = {
  amount: "bookings:claim.errors.amount",
  tooLarge: "bookings:claim.errors.tooLarge",
  answer: "bookings:claim.errors.answer",
  comment: "bookings:claim.errors.comment",
} as const;

const amountErrors = { invalid: claimMessages.amount, tooLow: claimMessages.amount, tooHigh: claimMessages.tooLarge };

/** Staff open a claim: what the damage costs, what they ask from the deposit, and why. */
export const openClaimSchema = z.object({
  intent: z.literal("claimOpen"),
  estimate: dollarsField({ min: 1, max: CLAIM_MAX_CENTS }, amountErrors),
  asked: dollarsField({ min: 1, max: CLAIM_MAX_CENTS }, amountErrors),
  note: requiredText(500),
});
export type OpenClaimForm = Omit<z.output<typeof openClaimSchema>, "intent">;

/** The driver's answer: accept, or dispute with a comment (required then). */
export const answerClaimSchema = z
  .object({
    intent: z.literal("claimAnswer"),
    answer: z.enum(["accepted", "disputed"], { error: claimMessages.answer }),
    comment: optionalText(1000),
  })
  .refine((form) => form.answer === "accepted" || !!form.comment, {
    message: claimMessages.comment,
    path: ["comment"],
  });
export type AnswerClaimForm = Omit<z.output<typeof answerClaimSchema>, "intent">;

/** An admin's decision of a dispute: what the deposit keeps (0 to what was asked) and why. */
export const decideClaimSchema = z.object({
  intent: z.literal("claimDecide"),
  decided: dollarsField({ min: 0, max: CLAIM_MAX_CENTS }, amountErrors),
  decisionNote: requiredText(500),
});
export type DecideClaimForm = Omit<z.output<typeof decideClaimSchema>, "intent">;
