import { describe, expect, it } from "vitest";
import * as dbEnums from "../../../db/schema/enums";
import {
  actorOf,
  allowedTargets,
  blockingStatuses,
  bookingStatuses,
  canTransition,
  closedStatuses,
  confirmedStatuses,
  liveStatuses,
  type Actor,
  type BookingStatus,
} from "./status";

describe("booking status transitions (docs/domain.md#booking-status)", () => {
  it("lists the same statuses as the database enum", () => {
    expect(bookingStatuses).toEqual(dbEnums.bookingStatuses);
  });

  it("names the statuses that hold a car as the database's overlap check does", () => {
    // db/schema/enums.ts#blockingStatuses feeds the availability SQL and the exclusion constraint.
    expect(blockingStatuses).toEqual(dbEnums.blockingStatuses);
  });

  it("keeps the named sets consistent with each other and the table", () => {
    // Every status is either closed or blocks its car, never both.
    expect([...blockingStatuses, ...closedStatuses].sort()).toEqual([...bookingStatuses].sort());
    // Live is blocking without the unpaid hold; confirmed is live without the unverified `pending`.
    expect(liveStatuses).toEqual(blockingStatuses.filter((s) => s !== "void"));
    expect([...confirmedStatuses].sort()).toEqual(liveStatuses.filter((s) => s !== "pending").sort());
    // Nothing leaves a closed status except deletion and the system reviving an expired hold.
    for (const from of closedStatuses)
      for (const actor of ["driver", "staff"] as const)
        expect(allowedTargets(actor, from).every((to) => to === "deleted")).toBe(true);
  });

  const allowed: Array<[Actor, BookingStatus, BookingStatus]> = [
    ["system", "void", "paid"],
    ["system", "void", "cancelled"],
    ["system", "void", "pending"],
    ["system", "cancelled", "paid"],
    ["system", "pending", "void"],
    ["system", "pending", "paid"],
    ["system", "pending", "deposit"],
    ["system", "pending", "reserved"],
    ["system", "pending", "cancelled"],
    ["system", "reserved", "paid"],
    ["system", "deposit", "paid"],
    ["staff", "void", "cancelled"],
    ["staff", "pending", "reserved"],
    ["staff", "deposit", "paid"],
    ["staff", "deposit", "reserved"],
    ["staff", "reserved", "paid"],
    ["staff", "reserved", "cancelled"],
    ["staff", "paid", "cancelled"],
    ["staff", "cancelled", "deleted"],
    ["staff", "paid", "deleted"],
    ["driver", "pending", "cancelled"],
    ["driver", "reserved", "cancelled"],
    ["driver", "deposit", "cancelled"],
  ];
  it.each(allowed)("%s may move %s → %s", (actor, from, to) => {
    expect(canTransition(actor, from, to)).toBe(true);
  });

  const refused: Array<[Actor, BookingStatus, BookingStatus]> = [
    ["driver", "pending", "paid"],
    ["driver", "paid", "cancelled"],
    ["driver", "void", "cancelled"],
    ["driver", "pending", "deleted"],
    ["system", "paid", "cancelled"],
    ["system", "pending", "deleted"],
    ["system", "paid", "pending"],
    ["system", "cancelled", "pending"],
    ["staff", "paid", "pending"],
    ["staff", "reserved", "deposit"],
    ["staff", "cancelled", "paid"],
    ["staff", "deleted", "paid"],
    ["staff", "deleted", "deleted"],
    ["staff", "pending", "void"],
    ["staff", "pending", "pending"],
  ];
  it.each(refused)("%s may not move %s → %s", (actor, from, to) => {
    expect(canTransition(actor, from, to)).toBe(false);
  });

  it("offers only the allowed targets", () => {
    expect(allowedTargets("staff", "paid")).toEqual(["cancelled", "deleted"]);
    expect(allowedTargets("driver", "paid")).toEqual([]);
    expect(allowedTargets("staff", "deleted")).toEqual([]);
  });

  it("maps account types to actors", () => {
    expect(actorOf("admin")).toBe("staff");
    expect(actorOf("supplier")).toBe("staff");
    expect(actorOf("user")).toBe("driver");
    expect(actorOf("enterprise")).toBe("driver");
  });
});
