/** The booking statuses for code that also runs in the browser (which must not import db/schema); status.test.ts holds them equal to the database enum. */
export const bookingStatuses = ["void", "pending", "deposit", "paid", "reserved", "cancelled", "deleted"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/*
 * The named sets of statuses (docs/domain.md#booking-status), beside the table so a rule that
 * asks "which bookings…" reads one of these instead of spelling the list again.
 */

/** A booking in these holds its car (docs/domain.md#availability): the overlap check, occupancy and the fleet calendar. db/schema/enums.ts#blockingStatuses is the same list (status.test.ts). */
export const blockingStatuses = [
  "void",
  "pending",
  "deposit",
  "paid",
  "reserved",
] as const satisfies readonly BookingStatus[];

/** A booking in these is live for its driver: it may still be cancelled or changed (a `void` hold is paid or lapses instead). */
export const liveStatuses = ["pending", "deposit", "paid", "reserved"] as const satisfies readonly BookingStatus[];

/** Money was confirmed for the booking, by a payment or by staff (a deposit, a reservation, or paid in full). */
export const confirmedStatuses = ["paid", "deposit", "reserved"] as const satisfies readonly BookingStatus[];

/** Final: nothing moves a booking out of these but deletion (and a late payment reviving an expired hold). */
export const closedStatuses = ["cancelled", "deleted"] as const satisfies readonly BookingStatus[];

/** Whether `status` is one of `set` (the sets above are narrower tuples than BookingStatus). */
export const isIn = (set: readonly BookingStatus[], status: BookingStatus) => set.includes(status);

/**
 * Who may move a booking from which status to which: the one transition table
 * (docs/domain.md#booking-status), checked on the server whoever asks.
 *
 * - `system` is the checkout, the payment handlers and the hold sweep: a `void` hold ends
 *   `paid` (payment confirmed) or `cancelled` (expired or failed), or becomes `pending` when a
 *   payment that staff or the chain must verify is submitted (pago móvil, USDT); a `pending`
 *   booking whose payment is verified becomes `paid`, `deposit` or `reserved`, or `cancelled`;
 *   a `deposit` or `reserved` booking becomes `paid` once payments cover its price.
 *   A payment confirmed after its hold expired revives the cancelled hold as `paid` when the car
 *   is still free, and a hold whose submitted payment fails its check returns to `void` while
 *   the hold runs (docs/domain.md#payments); the payment module checks that it was a hold.
 * - `staff` (a supplier's staff for their supplier's bookings, admins for all) may do what the
 *   system does, confirm `deposit` → `paid`/`reserved` and `reserved` → `paid`, cancel any live
 *   booking (accepting a driver's cancel request is this move), and soft-delete any booking
 *   that is not deleted yet (`deleted` is a record status, never shown to drivers).
 * - `driver`: drivers never set a status. The one move their action causes is cancelling their
 *   own pay-later booking with nothing paid, before pick-up, whether staff marked it reserved
 *   or not (docs/domain.md#cancellation). The table only knows statuses: the rest is the door's
 *   precondition (moveBooking in move.server.ts checks cancelKind for drivers).
 * - `cancelled` and `deleted` are final, except that a cancelled booking may still be deleted.
 */
export type Actor = "driver" | "staff" | "system";

const systemMoves: Partial<Record<BookingStatus, readonly BookingStatus[]>> = {
  void: ["paid", "pending", "cancelled"],
  pending: ["paid", "deposit", "reserved", "cancelled", "void"],
  deposit: ["paid"],
  reserved: ["paid"],
  cancelled: ["paid"],
};

const staffMoves: Record<BookingStatus, readonly BookingStatus[]> = {
  void: ["paid", "cancelled", "deleted"],
  pending: ["paid", "deposit", "reserved", "cancelled", "deleted"],
  deposit: ["paid", "reserved", "cancelled", "deleted"],
  reserved: ["paid", "cancelled", "deleted"],
  paid: ["cancelled", "deleted"],
  cancelled: ["deleted"],
  deleted: [],
};

const driverMoves: Partial<Record<BookingStatus, readonly BookingStatus[]>> = {
  pending: ["cancelled"],
  deposit: ["cancelled"],
  reserved: ["cancelled"],
};

const table: Record<Actor, Partial<Record<BookingStatus, readonly BookingStatus[]>>> = {
  system: systemMoves,
  staff: staffMoves,
  driver: driverMoves,
};

export function canTransition(actor: Actor, from: BookingStatus, to: BookingStatus): boolean {
  return table[actor][from]?.includes(to) ?? false;
}

/** The statuses `actor` may move a booking in `from` to, in the table's order. */
export function allowedTargets(actor: Actor, from: BookingStatus): readonly BookingStatus[] {
  return table[actor][from] ?? [];
}

/** Admins and a supplier's staff run bookings; everyone else books as a driver. */
export function actorOf(userType: string): Exclude<Actor, "system"> {
  return userType === "admin" || userType === "supplier" ? "staff" : "driver";
}
