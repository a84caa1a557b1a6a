import { eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import type { DecideClaimForm } from "./claim";
import { lockClaim } from "./claim-lock.server";
import { settleClaim } from "./settle-claim.server";

/*
 * An admin decides a disputed damage claim (docs/domain.md#damage-claims): what the deposit keeps,
 * from 0 to the amount asked, settled through `settleClaim`. Nobody decides a claim on their own
 * booking (docs/security.md#payments).
 */

const { damageClaims } = schema;

/**
 * - `settled`: decided and settled.
 * - `notDisputed`: the claim is not waiting for a decision (open, or settled): nothing written.
 * - `tooLarge`: more than asked, or than the deposit holds: nothing written.
 * - `ownBooking`: the admin is the booking's driver: nothing written.
 * - `cardHold`: a card hold cannot be captured yet: nothing written.
 * - `notFound`: not an admin, or no claim.
 */
export type DecideClaimOutcome = "settled" | "notDisputed" | "tooLarge" | "ownBooking" | "cardHold" | "notFound";

export async function decideClaim(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  form: DecideClaimForm,
  now = new Date(),
): Promise<DecideClaimOutcome> {
  if (user.type !== "admin") return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockClaim(tx, user, bookingId);
    if (!locked) return "notFound";
    const { booking, claim, deposit } = locked;
    if (booking.driverId === user.id) return "ownBooking";
    if (claim.status !== "disputed") return "notDisputed";
    if (form.decided > claim.askedCents) return "tooLarge";
    const settled = await settleClaim(tx, user, booking, claim, deposit, form.decided, now);
    if (settled !== "settled") return settled;
    await tx
      .update(damageClaims)
      .set({ decidedCents: form.decided, decisionNote: form.decisionNote, decidedBy: user.id, decidedAt: now })
      .where(eq(damageClaims.id, claim.id));
    await recordAudit(tx, user, {
      action: "booking.claimDecided",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: { decidedCents: [null, form.decided], note: [null, form.decisionNote] },
    });
    return "settled";
  });
}
