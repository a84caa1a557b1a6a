/** The booking statuses for code that also runs in the browser (which must not import db/schema); status.test.ts holds them equal to the database enum. */
export const bookingStatuses = ["void", "pending", "deposit", "paid", "reserved", "cancelled", "deleted"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

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
