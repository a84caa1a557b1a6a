import { describe, expect, it } from "vitest";
import { actionFacts, admin, driver, now, staff } from "./action-facts.fixture";
import { bookingActions } from "./actions";
import { bookingView } from "./booking-view";
import { bookingStatuses, type BookingStatus } from "./status";

const out = { ...actionFacts({ status: "paid" }, 10000), rental: { state: "out" } };
const returned = { ...actionFacts({ status: "paid" }, 10000), rental: { state: "returned" } };
const closed = { ...actionFacts({ status: "paid" }, 10000), rental: { state: "closed" } };

describe("bookingView: what the booking page shows this viewer (docs/architecture.md#layers)", () => {
  it("carries bookingActions' answer unchanged", () => {
    for (const viewer of [driver, staff, admin])
      expect(bookingView(viewer, actionFacts(), now)).toMatchObject(bookingActions(viewer, actionFacts(), now));
  });

  it("the driver of a live booking: voucher, calendar, receipt, contact details; no staff section", () => {
    expect(bookingView(driver, actionFacts(), now)).toMatchObject({
      granted: false,
      staff: false,
      backLink: true,
      contactDetails: true,
      notes: false,
      namesCounterStaff: false,
      voucher: true,
      calendar: true,
      receipt: true,
      pickup: false,
      agreement: false,
      inspection: false,
      recordReturn: false,
      finalReceipt: true,
      close: false,
    });
  });

  it("a grant holder sees it read-only: no back link, contact details, downloads, notes or counter", () => {
    const view = bookingView({ ...driver, granted: true }, out, now);
    expect(view).toMatchObject({
      granted: true,
      backLink: false,
      contactDetails: false,
      calendar: false,
      receipt: false,
      agreement: false,
      inspection: false,
      finalReceipt: false,
      notes: false,
      namesCounterStaff: false,
      pay: false,
    });
    // The voucher is the booking's, and the grant holder is its driver (docs/domain.md#voucher).
    expect(view.voucher).toBe(true);
  });

  it("the voucher shows only for a booking holding its car: not a bare hold, not cancelled or deleted", () => {
    const shown = (status: BookingStatus) => bookingView(driver, actionFacts({ status }), now).voucher;
    expect(bookingStatuses.filter(shown)).toEqual(["pending", "deposit", "paid", "reserved"]);
  });

  it("the calendar file is offered until the booking is cancelled or deleted", () => {
    const offered = (status: BookingStatus) => bookingView(admin, actionFacts({ status }), now).calendar;
    expect(bookingStatuses.filter(offered)).toEqual(["void", "pending", "deposit", "paid", "reserved"]);
  });

  it("staff get notes, named counter staff and the pick-up link for a live booking whose car is in", () => {
    for (const viewer of [staff, admin]) {
      expect(bookingView(viewer, actionFacts(), now)).toMatchObject({
        staff: true,
        notes: true,
        namesCounterStaff: true,
        pickup: true,
        recordReturn: false,
        close: false,
      });
    }
    const pickup = (status: BookingStatus) => bookingView(staff, actionFacts({ status }), now).pickup;
    expect(bookingStatuses.filter(pickup)).toEqual(["pending", "deposit", "paid", "reserved"]);
    expect(bookingView(driver, actionFacts(), now).pickup).toBe(false);
  });

  it("once the car is out: agreement and inspection for its people, the return link for staff, no pick-up", () => {
    expect(bookingView(staff, out, now)).toMatchObject({
      pickup: false,
      agreement: true,
      inspection: true,
      recordReturn: true,
      close: false,
    });
    expect(bookingView(driver, out, now)).toMatchObject({ agreement: true, inspection: true, recordReturn: false });
  });

  it("a returned car is closed by staff only; a closed one offers neither close nor return", () => {
    expect(bookingView(admin, returned, now)).toMatchObject({ close: true, recordReturn: false, pickup: false });
    expect(bookingView(driver, returned, now).close).toBe(false);
    expect(bookingView({ ...admin, granted: true }, returned, now).close).toBe(false);
    expect(bookingView(admin, closed, now)).toMatchObject({ close: false, recordReturn: false, agreement: true });
  });

  it("staff are staff only as themselves: a grant never makes a staff view", () => {
    expect(bookingView({ ...staff, granted: true }, actionFacts(), now)).toMatchObject({
      staff: false,
      notes: false,
      pickup: false,
      statusMoves: [],
    });
  });
});
