import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import { tellDriver, transition, type ChangeResult } from "./change-status.server";
import { cancelKind } from "./eligibility";
import { lockInScope, paidCentsOf } from "./move.server";
import { isPickedUp } from "./rental.server";
import { withinChangeLimit } from "./change-limit.server";
import { tellStaff } from "./tell-staff.server";

const { bookings, cars } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/** `pickedUp`: the car is out, so the booking is no longer cancelled (docs/domain.md#pick-up). */
export type CancelOutcome = "cancelled" | "requested" | "refused" | "pickedUp" | "notFound";

/**
 * A driver cancels their booking (docs/domain.md#cancellation): a pay-later booking with nothing
 * paid is cancelled at once before pick-up; one with money received becomes a cancel request
 * (with the cancellation option), and the supplier's staff and the admins are notified and emailed
 * (docs/domain.md#staff-notices).
 */
export async function cancelBooking(user: User, id: number, now = new Date()): Promise<CancelOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return "notFound";
    if (booking.driverId !== user.id) return "refused";
    if (await isPickedUp(tx, booking.id)) return "pickedUp";
    const [car] = await tx
      .select({ cancellationCents: cars.cancellationCents })
      .from(cars)
      .where(eq(cars.id, booking.carId));
    const kind = cancelKind({ ...booking, paidCents: await paidCentsOf(tx, booking.id) }, car.cancellationCents, now);
    if (kind === "immediate") {
      const result = await transition(tx, user, booking, "cancelled");
      return result.ok ? "cancelled" : "refused";
    }
    if (kind === "none") return "refused";
    await tx.update(bookings).set({ cancelRequest: true }).where(eq(bookings.id, booking.id));
    await tellStaff(tx, booking.id, { kind: "cancelRequested" });
    return "requested";
  });
}

/** cancelBooking under the account's booking-change limit: what the page and the API call. */
export const cancelBookingLimited = (user: User, id: number, now = new Date()) =>
  withinChangeLimit(user.id, () => cancelBooking(user, id, now));

/** Staff settle a driver's cancel request: accepting cancels the booking, declining clears the request and tells the driver. */
export async function resolveCancelRequest(user: User, id: number, accept: boolean): Promise<ChangeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return { ok: false, reason: "notFound" } as const;
    if (!isStaff(user) || !booking.cancelRequest) return { ok: false, reason: "refused" } as const;
    if (accept) return transition(tx, user, booking, "cancelled", "cancel request accepted");
    await tx.update(bookings).set({ cancelRequest: false }).where(eq(bookings.id, booking.id));
    await tellDriver(tx, booking, {
      messageKey: "notifications:messages.cancelDeclined",
      template: "booking-cancel-declined",
      params: { reference: booking.reference },
    });
    return { ok: true, status: booking.status } as const;
  });
}

/** resolveCancelRequest under the account's booking-change limit (the booking page's post). */
export const resolveCancelRequestLimited = (user: User, id: number, accept: boolean) =>
  withinChangeLimit(user.id, () => resolveCancelRequest(user, id, accept));
