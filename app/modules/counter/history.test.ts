import { describe, expect, it } from "vitest";
import { historyInTimeOrder, type RentalEvent } from "./history";

const at = (time: string) => new Date(`2026-12-01T${time}:00Z`);
const status = (time: string, toStatus: string) => ({ at: at(time), toStatus });
const rental = (time: string, kind: RentalEvent["kind"]): RentalEvent =>
  kind === "closed"
    ? { kind, at: at(time), actor: "Staff" }
    : { kind, at: at(time), actor: "Staff", odometerKm: 1, fuelEighths: 8 };

describe("historyInTimeOrder", () => {
  it("puts the pick-up, the return and the closing among the status changes by time, a status change first at the same instant", () => {
    const rows = historyInTimeOrder(
      [status("09:00", "pending"), status("10:00", "paid"), status("18:00", "cancelled")],
      [rental("10:00", "pickedUp"), rental("12:00", "returned"), rental("19:00", "closed")],
    );
    expect(rows.map((r) => (r.kind === "status" ? r.toStatus : r.kind))).toEqual([
      "pending",
      "paid",
      "pickedUp",
      "returned",
      "cancelled",
      "closed",
    ]);
  });
});
