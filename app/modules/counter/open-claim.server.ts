import { eq } from "drizzle-orm";
import { isStaff } from "~/modules/access/booking-scope.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { lockInScope } from "~/modules/booking/move.server";
import { depositHoldOf } from "~/modules/payment/deposit-hold.server";
import { depositLedgerOf } from "~/modules/payment/deposit-ledger.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { newDamageMarks, type OpenClaimForm } from "./claim";
import { tellDriverOfClaim } from "./claim-email.server";
import { claimSettlesAgainst } from "./settle-claim.server";

/*
 * Staff open a damage claim after the return (docs/domain.md#damage-claims): the return's new
 * marks, the estimate, and what they ask from the deposit — never more than it holds. Staff of the
 * booking's supplier and admins; never on their own booking; another supplier's staff find nothing.
 */

const { damageClaims, damageClaimMarks, rentalDamageMarks, rentals } = schema;

/**
 * - `opened`: the claim is written, audited, and the driver told.
 * - `notReturned`: the car was never picked up or is still out.
 * - `alreadyOpen`: the booking has its claim (one a booking).
 * - `noNewDamage`: the return marked nothing that was not marked at the pick-up.
 * - `cardHold`: the deposit is a card hold, which a claim cannot settle yet.
 * - `tooLarge`: more is asked than the deposit still holds.
 * - `ownBooking`: the actor is the booking's driver (docs/security.md#payments).
 * - `notFound`: outside the caller's scope (another supplier's staff, a driver).
 * Anything but `opened` writes nothing.
 */
export type OpenClaimOutcome =
  "opened" | "notReturned" | "alreadyOpen" | "noNewDamage" | "cardHold" | "tooLarge" | "ownBooking" | "notFound";

export async function openClaim(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  form: OpenClaimForm,
  now = new Date(),
): Promise<OpenClaimOutcome> {
  if (!isStaff(user)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking) return "notFound";
    if (booking.driverId === user.id) return "ownBooking";
    const [rental] = await tx
      .select({ state: rentals.state, depositTaken: rentals.depositTaken })
      .from(rentals)
      .where(eq(rentals.bookingId, booking.id))
      .for("update");
    if (!rental || rental.state === "out") return "notReturned";
    const [existing] = await tx
      .select({ id: damageClaims.id })
      .from(damageClaims)
      .where(eq(damageClaims.bookingId, booking.id));
    if (existing) return "alreadyOpen";
    const marks = await tx
      .select({
        id: rentalDamageMarks.id,
        phase: rentalDamageMarks.phase,
        area: rentalDamageMarks.area,
        kind: rentalDamageMarks.kind,
      })
      .from(rentalDamageMarks)
      .where(eq(rentalDamageMarks.bookingId, booking.id));
    const fresh = newDamageMarks(
      marks.filter((m) => m.phase === "out"),
      marks.filter((m) => m.phase === "in"),
    );
    if (fresh.length === 0) return "noNewDamage";
    // Never more than held (nothing is, without a deposit); a card hold only while it holds.
    const { balance } = await depositLedgerOf(booking.id, tx);
    if (form.asked > balance.heldCents) return "tooLarge";
    const hold = rental.depositTaken === "cardHold" ? await depositHoldOf(booking.id, tx) : null;
    if (!claimSettlesAgainst(rental.depositTaken, hold, now)) return "cardHold";

    const [claim] = await tx
      .insert(damageClaims)
      .values({
        bookingId: booking.id,
        openedBy: user.id,
        openedAt: now,
        estimateCents: form.estimate,
        askedCents: form.asked,
        staffNote: form.note,
      })
      .returning({ id: damageClaims.id });
    await tx.insert(damageClaimMarks).values(fresh.map((m) => ({ claimId: claim.id, markId: m.id })));
    await recordAudit(tx, user, {
      action: "booking.claimOpened",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: {
        estimateCents: [null, form.estimate],
        askedCents: [null, form.asked],
        note: [null, form.note],
        marks: [null, fresh.length],
      },
    });
    await tellDriverOfClaim(tx, booking.id, {
      askedCents: form.asked,
      estimateCents: form.estimate,
      note: form.note,
      openedAt: now,
    });
    return "opened";
  });
}
