/*
 * The booking's history as its page shows it (docs/domain.md#booking-history): the status changes and the
 * car's pick-up, return and closing, one list in time order.
 */

/**
 * The pick-up or the return as a history row (when, by whom, and the odometer and fuel then), the
 * closing of the rental, or a step of its damage claim (docs/domain.md#damage-claims).
 */
export type RentalEvent = {
  at: Date;
  /** The person's name; null when the account is gone. */
  actor: string | null;
  /** Who acted when not the supplier's staff: the driver (named to all), an admin (named to staff). */
  by?: "driver" | "admin";
} & (
  | { kind: "pickedUp" | "returned"; odometerKm: number; fuelEighths: number }
  | { kind: "closed" | "claimOpened" | "claimAccepted" | "claimDisputed" | "claimSettled" }
);

/**
 * The status rows and the rental's rows merged by time; at the same instant a status change comes
 * first (a balance taken at the pick-up makes the booking `paid` as the car goes out).
 */
export function historyInTimeOrder<S extends { at: Date }>(
  statusRows: S[],
  rentalRows: RentalEvent[],
): Array<({ kind: "status" } & S) | RentalEvent> {
  const rows = [...statusRows.map((row) => ({ ...row, kind: "status" as const })), ...rentalRows];
  // A stable sort: equal times keep the status rows (listed first) before the rental's.
  return rows.sort((a, b) => a.at.getTime() - b.at.getTime());
}
