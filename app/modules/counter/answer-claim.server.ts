import { eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { bookingStaff, notify } from "~/modules/notification/notify.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { claimAnswerDeadline, type AnswerClaimForm } from "./claim";
import { lockClaim } from "./claim-lock.server";
import { settleClaim } from "./settle-claim.server";

/*
 * The driver answers a damage claim (docs/domain.md#damage-claims) within 7 days of its opening:
 * accepted, it is settled at the amount asked; disputed (with a comment), the supplier's staff and
 * the admins are told in the app, and an admin decides it.
 */

const { damageClaims } = schema;

/**
 * - `accepted`: settled at the amount asked.
 * - `disputed`: recorded; an admin decides.
 * - `answered`: the claim was already answered (or settled): nothing written.
 * - `tooLate`: more than 7 days after the claim opened: nothing written.
 * - `cardHold`, `tooLarge`: what `settleClaim` refused: nothing written.
 * - `notFound`: not the booking's driver, or no claim.
 */
export type AnswerClaimOutcome =
  "accepted" | "disputed" | "answered" | "tooLate" | "cardHold" | "tooLarge" | "notFound";

export async function answerClaim(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  form: AnswerClaimForm,
  now = new Date(),
): Promise<AnswerClaimOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockClaim(tx, user, bookingId);
    // Only the driver answers: staff and admins of the booking find nothing to answer.
    if (!locked || locked.booking.driverId !== user.id) return "notFound";
    const { booking, claim, deposit } = locked;
    if (claim.status !== "open") return "answered";
    if (now > claimAnswerDeadline(claim.openedAt)) return "tooLate";
    if (form.answer === "accepted") {
      const settled = await settleClaim(tx, user, booking, claim, deposit, claim.askedCents, now);
      if (settled !== "settled") return settled;
    }
    await tx
      .update(damageClaims)
      .set({
        response: form.answer,
        responseComment: form.comment || null,
        respondedAt: now,
        ...(form.answer === "disputed" ? { status: "disputed" as const } : {}),
      })
      .where(eq(damageClaims.id, claim.id));
    await recordAudit(tx, user, {
      action: form.answer === "accepted" ? "booking.claimAccepted" : "booking.claimDisputed",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: { response: [null, form.answer], ...(form.comment ? { comment: [null, form.comment] } : {}) },
    });
    if (form.answer === "disputed")
      await notify(
        tx,
        (await bookingStaff(tx, booking.supplierId)).map((staff) => ({
          userId: staff.id,
          bookingId: booking.id,
          messageKey: "notifications:messages.claimDisputed" as const,
          params: { reference: booking.reference },
        })),
      );
    return form.answer;
  });
}
