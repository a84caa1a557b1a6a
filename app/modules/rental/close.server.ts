import { and, eq } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import type { SessionUser } from "~/utils/session.server";
import { lockInScope } from "~/modules/booking/move.server";
import { getDb, schema } from "~/utils/db.server";
import { closeAsksOf, type CloseForm } from "./close";
import { takeCounterPayment } from "./counter-payment.server";

/*
 * Closing the rental at the counter (docs/domain.md#closing): staff of the booking's supplier (or
 * an admin) settle a returned car's final bill — the still-to-pay taken as one counter payment
 * through the one door for money, the deposit's returned part given back — and the record becomes
 * `closed`, in one transaction holding the booking's row and the rental's.
 */

const { rentals } = schema;

/**
 * - `closed`: settled and closed.
 * - `notReturned`: the record is not `returned` (still out, or already closed — also by a
 *   concurrent post): nothing written.
 * - `ownBooking`: a staff member cannot settle their own booking, payment or deposit (docs/security.md#payments).
 * - `asksChanged`: the form lacks what the bill asks (cannot happen from the page, whose asks
 *   come from the same stored bill; a hand-made post).
 * - `notFound`: outside the caller's scope, or no rental.
 */
export type CloseOutcome = "closed" | "notReturned" | "ownBooking" | "asksChanged" | "notFound";

/** Closes the rental of booking `bookingId` (docs/domain.md#closing). */
export async function closeRental(
  user: Pick<SessionUser, "id" | "type" | "supplierId">,
  bookingId: number,
  form: Partial<Pick<CloseForm, "method" | "depositReturned">>,
  now = new Date(),
): Promise<CloseOutcome> {
  if (!isStaff(user)) return "notFound";
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, bookingId);
    if (!booking) return "notFound";
    const [rental] = await tx.select().from(rentals).where(eq(rentals.bookingId, booking.id)).for("update");
    if (!rental) return "notFound";
    if (rental.state !== "returned" || !rental.finalBill) return "notReturned";
    const bill = rental.finalBill;
    const asks = closeAsksOf(bill);
    if ((asks.payment && !form.method) || (asks.depositReturned && !form.depositReturned)) return "asksChanged";
    // Neither the payment nor the deposit's return: nobody settles their own money (docs/security.md#payments).
    if (booking.driverId === user.id) return "ownBooking";

    const method = asks.payment ? (form.method ?? null) : null;
    if (method) {
      // The amount is the stored bill's, never a posted one (docs/domain.md#closing).
      const taken = await takeCounterPayment(tx, user, {
        bookingId: booking.id,
        step: "close",
        method,
        amountCents: bill.stillToPayCents,
        now,
      });
      if (taken === "duplicate") return "notReturned";
    }

    await tx
      .update(rentals)
      .set({ state: "closed", closedAt: now, closedBy: user.id, updatedAt: now })
      .where(and(eq(rentals.bookingId, booking.id), eq(rentals.state, "returned")));
    await recordAudit(tx, user, {
      action: "booking.close",
      subjectType: "booking",
      subjectId: booking.id,
      supplierId: booking.supplierId,
      changes: {
        state: ["returned", "closed"],
        amountCents: [null, method ? bill.stillToPayCents : 0],
        method: [null, method],
        depositReturnedCents: [null, bill.depositReturnedCents],
      },
    });
    return "closed";
  });
}
