import { describe, expect, it } from "vitest";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bulkChangeStatus, changeStatus } from "~/modules/booking/change-status.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { listBookings } from "~/modules/booking/list-bookings.server";
import {
  driver,
  otherDriver,
  staff,
  otherStaff,
  admin,
  otherSupplierId,
  otherCarId,
  book,
  statusOf,
  bookingsHooks,
} from "./fixtures/bookings";

/*
 * Bookings as their users see them: every read and write goes through bookingScope
 * (docs/security.md).
 */

bookingsHooks();

describe("scope", () => {
  it("a driver cannot read, cancel or change another driver's booking by id", async () => {
    const theirs = await book({}, otherDriver);
    expect(await bookingDetail(driver, theirs.id)).toBeNull();
    expect(await cancelBooking(driver, theirs.id)).toBe("notFound");
    expect(await changeStatus(driver, theirs.id, "cancelled")).toEqual({ ok: false, reason: "notFound" });
    expect(await bulkChangeStatus(driver, [theirs.id], "deleted")).toEqual([
      { id: theirs.id, reference: null, result: { ok: false, reason: "notFound" } },
    ]);
    expect(await statusOf(theirs.id)).toEqual({ status: "pending", cancelRequest: false });
    expect(await bookingDetail(otherDriver, theirs.id)).not.toBeNull();
  });

  it("supplier staff cannot touch another supplier's booking; admins can", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment" }, driver, otherCarId, otherSupplierId);
    expect(await bookingDetail(staff, b.id)).toBeNull();
    expect(await changeStatus(staff, b.id, "cancelled")).toEqual({ ok: false, reason: "notFound" });
    expect((await statusOf(b.id)).status).toBe("paid");
    expect(await bookingDetail(otherStaff, b.id)).not.toBeNull();
    expect(await bookingDetail(admin, b.id)).not.toBeNull();
  });

  it("deleted bookings are never shown to drivers", async () => {
    const b = await book();
    expect(await changeStatus(staff, b.id, "deleted")).toEqual({ ok: true, status: "deleted" });
    expect(await bookingDetail(driver, b.id)).toBeNull();
    const list = await listBookings(driver, {
      status: null,
      from: null,
      to: null,
      supplierId: null,
      page: 1,
      perPage: 20,
    });
    expect(list.rows.map((r) => r.id)).not.toContain(b.id);
    const deletedOnly = await listBookings(driver, {
      status: "deleted",
      from: null,
      to: null,
      supplierId: null,
      page: 1,
      perPage: 20,
    });
    expect(deletedOnly.total).toBe(0);
    expect(await bookingDetail(staff, b.id)).not.toBeNull();
  });

  it("lists only the staff member's supplier's bookings", async () => {
    const mine = await book();
    const theirs = await book({}, driver, otherCarId, otherSupplierId);
    const ids = (
      await listBookings(staff, { status: null, from: null, to: null, supplierId: null, page: 1, perPage: 20 })
    ).rows.map((r) => r.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
  });
});
