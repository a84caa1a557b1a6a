import { describe, expect, it } from "vitest";
import { bookingActions } from "./actions";
import { actionFacts as detail, admin, driver, now, staff } from "./action-facts.fixture";

describe("bookingActions: what this viewer may do with this booking (docs/domain.md#cancellation)", () => {
  it("the driver of a pay-later booking cancels at once, amends and pays; no staff moves", () => {
    expect(bookingActions(driver, detail(), now)).toEqual({
      cancel: "immediate",
      amend: true,
      amendmentRequest: false,
      pay: true,
      resolveCancelRequest: false,
      statusMoves: [],
    });
  });

  it("someone else's booking offers a driver nothing", () => {
    expect(bookingActions({ id: 2, type: "user" as const }, detail(), now)).toEqual({
      cancel: "none",
      amend: false,
      amendmentRequest: false,
      pay: false,
      resolveCancelRequest: false,
      statusMoves: [],
    });
  });

  it("a grant holder sees the booking as its driver, read-only: they may only pay", () => {
    expect(bookingActions({ ...driver, granted: true }, detail(), now)).toEqual({
      cancel: "none",
      amend: false,
      amendmentRequest: false,
      pay: true,
      resolveCancelRequest: false,
      statusMoves: [],
    });
  });

  it("staff get the table's moves, `paid` only once payments cover the price", () => {
    expect(bookingActions(staff, detail(), now).statusMoves).toEqual(["deposit", "reserved", "cancelled", "deleted"]);
    expect(bookingActions(admin, detail({}, 10000), now).statusMoves).toEqual([
      "paid",
      "deposit",
      "reserved",
      "cancelled",
      "deleted",
    ]);
    expect(bookingActions(staff, detail({ status: "deleted" }), now).statusMoves).toEqual([]);
    expect(bookingActions(staff, detail(), now)).toMatchObject({ cancel: "none", amend: false, pay: false });
  });

  it("staff settle a driver's open cancel request; the driver cannot send a second", () => {
    const requested = detail(
      { paymentMethod: "cardPayment", status: "paid", cancellation: true, cancelRequest: true },
      10000,
    );
    expect(bookingActions(staff, requested, now).resolveCancelRequest).toBe(true);
    expect(bookingActions(driver, requested, now)).toMatchObject({ cancel: "none", amendmentRequest: true });
    expect(bookingActions(staff, detail(), now).resolveCancelRequest).toBe(false);
  });
});
