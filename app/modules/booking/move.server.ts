import { and, eq, isNotNull, sql } from "drizzle-orm";
import { recordAudit } from "~/modules/audit/audit.server";
import { schema, type Executor, type Transaction } from "~/utils/db.server";
import { EXCLUSION_VIOLATION, sqlState } from "~/utils/postgres.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingScope } from "~/modules/access/booking-scope.server";
import { enqueueBookingConfirmation } from "./confirmation.server";
import { cancelKind } from "./eligibility";
import { canTransition, type Actor, type BookingStatus } from "./status";
import { isPickedUp } from "./rental.server";
import { tellStaff } from "./tell-staff.server";

const { bookings, bookingEvents, cars, payments } = schema;

export type BookingRow = typeof bookings.$inferSelect;

/**
 * Who moves a booking: its driver, a member of staff (a supplier's staff or an admin), or the
 * system — checkout, the payment handlers, the clock — with the person who verified a payment as
 * the history's actor when there is one (staff approving a transfer).
 */
export type Mover =
  { kind: "driver"; userId: number } | { kind: "staff"; userId: number } | { kind: "system"; actorId?: number | null };

/**
 * - `notAllowed`: the transition table, or the actor's precondition, refuses it.
 * - `balanceDue`: `paid` asked for while succeeded payments do not cover the price.
 * - `carTaken`: a cancelled hold revived for a late payment, but another booking holds the car.
 * - `pickedUp`: cancelled or deleted asked for once the car was picked up (docs/domain.md#pick-up).
 */
export type MoveRefusal = "notAllowed" | "balanceDue" | "carTaken" | "pickedUp";
export type MoveResult =
  { ok: true; from: BookingStatus; to: BookingStatus; eventId: number } | { ok: false; reason: MoveRefusal };

// Also here, where the payment module has always taken it from.
export { paidCentsColumn } from "./paid-column.server";

/** What the booking's succeeded payments cover, in cents (docs/domain.md#payments). */
export async function paidCentsOf(tx: Transaction, bookingId: number): Promise<number> {
  const [row] = await tx
    .select({ paid: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "succeeded")));
  return Number(row?.paid ?? 0);
}

/**
 * Whether a cancelled booking was a hold that ran out (the clock cancelled it, no person did):
 * only such a booking comes back to life when its payment is confirmed late.
 */
async function expiredHold(tx: Transaction, booking: BookingRow): Promise<boolean> {
  if (booking.holdExpiresAt === null) return false;
  const [byPerson] = await tx
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, booking.id),
        eq(bookingEvents.toStatus, "cancelled"),
        isNotNull(bookingEvents.actorId),
      ),
    )
    .limit(1);
  return !byPerson;
}

/** A hold waiting for its payment (`void`) or one that ran out (`cancelled`). */
const isHoldState = (status: BookingStatus) => status === "void" || status === "cancelled";

/** The actor's own conditions beyond the table (docs/domain.md#booking-status). */
async function preconditionHolds(
  tx: Transaction,
  booking: BookingRow,
  to: BookingStatus,
  mover: Mover,
  now: Date,
): Promise<MoveRefusal | null> {
  if ((to === "cancelled" || to === "deleted") && (await isPickedUp(tx, booking.id))) return "pickedUp";
  if (mover.kind === "driver") {
    // A driver only cancels their own booking, and only when cancelling is immediate for it.
    if (booking.driverId !== mover.userId || to !== "cancelled") return "notAllowed";
    const [car] = await tx
      .select({ cancellationCents: cars.cancellationCents })
      .from(cars)
      .where(eq(cars.id, booking.carId));
    const paidCents = await paidCentsOf(tx, booking.id);
    if (cancelKind({ ...booking, paidCents }, car.cancellationCents, now) !== "immediate") return "notAllowed";
  }
  if (booking.status === "cancelled" && to !== "deleted" && !(await expiredHold(tx, booking))) return "notAllowed";
  if (to === "paid" && (await paidCentsOf(tx, booking.id)) < booking.priceCents) return "balanceDue";
  return null;
}

/**
 * THE door for a booking's status (docs/domain.md#booking-status): every change of
 * `bookings.status`, whoever asks, goes through here. It checks the transition table for the
 * actor and the actor's preconditions (a driver cancels only what cancelKind makes immediate;
 * `paid` only when succeeded payments cover the price; only an expired hold revives), writes
 * the status, the history row and — when staff act — the audit row, all in the caller's
 * transaction. `booking` must be the row as locked (`FOR UPDATE`) by that transaction.
 * A test (status-door.test.ts) fails when any other file writes the column.
 */
export async function moveBooking(
  tx: Transaction,
  booking: BookingRow,
  to: BookingStatus,
  mover: Mover,
  { note = null, now = new Date() }: { note?: string | null; now?: Date } = {},
): Promise<MoveResult> {
  const actor: Actor = mover.kind;
  if (!canTransition(actor, booking.status, to)) return { ok: false, reason: "notAllowed" };
  const refusal = await preconditionHolds(tx, booking, to, mover, now);
  if (refusal) return { ok: false, reason: refusal };

  const write = (executor: Transaction) =>
    executor
      .update(bookings)
      .set({ status: to, cancelRequest: false, updatedAt: now, ...(to === "paid" ? { holdExpiresAt: null } : {}) })
      .where(eq(bookings.id, booking.id));
  if (booking.status === "cancelled" && to !== "deleted") {
    // A revived hold: the exclusion constraint decides whether the car is still free (no double booking).
    try {
      await tx.transaction(write);
    } catch (error) {
      if (sqlState(error) === EXCLUSION_VIOLATION) return { ok: false, reason: "carTaken" };
      throw error;
    }
  } else {
    await write(tx);
  }

  const actorId = mover.kind === "system" ? (mover.actorId ?? null) : mover.userId;
  const [event] = await tx
    .insert(bookingEvents)
    .values({ bookingId: booking.id, actorId, fromStatus: booking.status, toStatus: to, note })
    .returning({ id: bookingEvents.id });
  // docs/domain.md#voucher: a hold that now holds the car for its driver (a transfer submitted
  // for verification, a payment confirmed, a late payment reviving it) is confirmed to them.
  if (booking.holdExpiresAt !== null && isHoldState(booking.status) && (to === "pending" || to === "paid"))
    await enqueueBookingConfirmation(tx, booking.id);
  if (mover.kind !== "system") {
    // Staff moves, and the driver's cancel the supplier must see (docs/domain.md#audit).
    await recordAudit(
      tx,
      { id: mover.userId },
      {
        action: to === "deleted" ? "booking.delete" : mover.kind === "driver" ? "booking.cancel" : "booking.status",
        subjectType: "booking",
        subjectId: booking.id,
        supplierId: booking.supplierId,
        changes: { status: [booking.status, to] },
      },
    );
  }
  // docs/domain.md#staff-notices: a hold (`void`, or one that lapsed) is announced once paid; a
  // cancellation is told to staff unless the booking was still an unannounced hold.
  if (to === "paid" && (booking.status === "void" || booking.status === "cancelled")) {
    await tellStaff(tx, booking.id, { kind: "new" }, actorId);
  } else if (to === "cancelled" && booking.status !== "void") {
    await tellStaff(tx, booking.id, { kind: "cancelled", by: mover.kind, eventId: event.id }, actorId);
  }
  return { ok: true, from: booking.status, to, eventId: event.id };
}

/** The booking row, locked for the caller's transaction (the door's input), or undefined. */
export async function lockBooking(tx: Transaction, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, id)).for("update");
  return row;
}

/** The booking row in scope, locked for the caller's transaction, or undefined. */
export async function lockInScope(tx: Executor, user: Pick<SessionUser, "id" | "type" | "supplierId">, id: number) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), bookingScope(user)))
    .for("update");
  return row;
}
