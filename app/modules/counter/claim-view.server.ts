import { asc, eq } from "drizzle-orm";
import { wallClockLabel } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { claimAnswerDeadline } from "./claim";
import type { DamageMark } from "./inspection";

const { damageClaims, damageClaimMarks, rentalDamageMarks } = schema;

/**
 * A booking's damage claim as its page shows it (docs/domain.md#damage-claims), with what the
 * viewer may do: the driver answers an open claim until its deadline, an admin decides a disputed
 * one, never on their own booking. Null when there is none. The caller has checked the booking is
 * in scope and that the viewer sees the rental (its driver, staff, admins).
 */
export async function claimView(
  user: Pick<SessionUser, "id" | "type">,
  booking: { id: number; driverId: number },
  timeZone: string,
  now = new Date(),
) {
  const db = await getDb();
  const [claim] = await db.select().from(damageClaims).where(eq(damageClaims.bookingId, booking.id));
  if (!claim) return null;
  const marks: DamageMark[] = await db
    .select({
      area: rentalDamageMarks.area,
      kind: rentalDamageMarks.kind,
      note: rentalDamageMarks.note,
      x: rentalDamageMarks.x,
      y: rentalDamageMarks.y,
    })
    .from(damageClaimMarks)
    .innerJoin(rentalDamageMarks, eq(rentalDamageMarks.id, damageClaimMarks.markId))
    .where(eq(damageClaimMarks.claimId, claim.id))
    .orderBy(asc(rentalDamageMarks.id));
  const deadline = claimAnswerDeadline(claim.openedAt);
  return {
    status: claim.status,
    marks,
    openedAt: wallClockLabel(claim.openedAt, timeZone),
    until: wallClockLabel(deadline, timeZone),
    estimateCents: claim.estimateCents,
    askedCents: claim.askedCents,
    note: claim.staffNote,
    response: claim.response,
    comment: claim.responseComment,
    decidedCents: claim.decidedCents,
    decisionNote: claim.decisionNote,
    settledCents: claim.settledCents,
    answer: claim.status === "open" && user.id === booking.driverId && now <= deadline,
    decide: claim.status === "disputed" && user.type === "admin" && user.id !== booking.driverId,
  };
}
