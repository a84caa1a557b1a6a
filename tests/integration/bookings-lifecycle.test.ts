import { describe, expect, it } from "vitest";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bulkChangeStatus, changeStatus } from "~/modules/booking/change-status.server";
import { cancelBooking, resolveCancelRequest } from "~/modules/booking/cancel-booking.server";
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
  eventsOf,
  DAY,
  slot,
} from "./fixtures/bookings";
import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

/*
 * Bookings as their users see them: every read and write goes through bookingScope
 * (docs/security.md). Status moves: the transition table decides them
 * (docs/domain.md#booking-status), with their history, notifications and emails. Cancelling a
 * booking, and cancel requests staff settle (docs/domain.md#cancellation).
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

describe("status changes", () => {
  it("a refused transition changes nothing", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment" });
    expect(await changeStatus(staff, b.id, "pending")).toEqual({ ok: false, reason: "refused" });
    expect(await changeStatus(driver, b.id, "cancelled")).toEqual({ ok: false, reason: "refused" });
    expect((await statusOf(b.id)).status).toBe("paid");
    expect(await eventsOf(b.id)).toHaveLength(0);
  });

  it("writes history, notifies the driver and emails them in their language", async () => {
    const b = await book();
    expect(await changeStatus(staff, b.id, "reserved")).toEqual({ ok: true, status: "reserved" });
    const [event] = await eventsOf(b.id);
    expect(event).toMatchObject({ actorId: staff.id, fromStatus: "pending", toStatus: "reserved" });
    const db = await getDb();
    const notes = await db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, b.id));
    expect(notes).toEqual([
      expect.objectContaining({
        userId: driver.id,
        messageKey: "notifications:messages.statusChanged",
        params: { reference: b.reference, status: "reserved" },
      }),
    ]);
    const [job] = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.jobId, `booking-status-${event.id}`));
    const payload = job.payload as { template: string; language: string; subject: string; text: string };
    expect(payload).toMatchObject({ template: "booking-status-changed", language: "fr" });
    expect(payload.subject).toContain(b.reference);
    expect(payload.text).toContain("Réservé");
    const detail = await bookingDetail(driver, b.id);
    expect(detail?.history).toEqual([expect.objectContaining({ fromStatus: "pending", toStatus: "reserved" })]);
  });

  it("sends no email to a driver who turned email notifications off", async () => {
    const b = await book({}, otherDriver);
    await changeStatus(admin, b.id, "reserved");
    const [event] = await eventsOf(b.id);
    const db = await getDb();
    expect(
      await db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.jobId, `booking-status-${event.id}`)),
    ).toHaveLength(0);
    expect(
      await db
        .select()
        .from(schema.notifications)
        .where(and(eq(schema.notifications.bookingId, b.id), eq(schema.notifications.userId, otherDriver.id))),
    ).toHaveLength(1);
  });

  it("bulk changes report each booking's result", async () => {
    const pending = await book();
    const cancelled = await book({ status: "cancelled" });
    const foreign = await book({}, driver, otherCarId, otherSupplierId);
    const results = await bulkChangeStatus(staff, [pending.id, cancelled.id, foreign.id], "reserved");
    expect(results).toEqual([
      { id: pending.id, reference: pending.reference, result: { ok: true, status: "reserved" } },
      { id: cancelled.id, reference: cancelled.reference, result: { ok: false, reason: "refused" } },
      { id: foreign.id, reference: null, result: { ok: false, reason: "notFound" } },
    ]);
    expect((await statusOf(cancelled.id)).status).toBe("cancelled");
    expect((await statusOf(foreign.id)).status).toBe("pending");
    const deleted = await bulkChangeStatus(staff, [pending.id, cancelled.id], "deleted");
    expect(deleted.map((r) => r.result.ok)).toEqual([true, true]);
  });
});

describe("cancelling", () => {
  it("cancels a pay-later booking before pick-up at once", async () => {
    const b = await book();
    expect(await cancelBooking(driver, b.id)).toBe("cancelled");
    expect((await statusOf(b.id)).status).toBe("cancelled");
    expect(await eventsOf(b.id)).toEqual([
      expect.objectContaining({ actorId: driver.id, fromStatus: "pending", toStatus: "cancelled" }),
    ]);
  });

  it("refuses after pick-up", async () => {
    const b = await book({ startsAt: new Date(Date.now() - DAY - slot * 3 * DAY), endsAt: new Date(Date.now() + DAY) });
    expect(await cancelBooking(driver, b.id)).toBe("refused");
    expect((await statusOf(b.id)).status).toBe("pending");
  });

  it("turns an online-paid booking with the cancellation option into a request that staff settle", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment", cancellation: true });
    expect(await cancelBooking(driver, b.id)).toBe("requested");
    expect(await statusOf(b.id)).toEqual({ status: "paid", cancelRequest: true });
    const db = await getDb();
    const notes = await db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, b.id));
    expect(notes.map((n) => n.userId)).toEqual(expect.arrayContaining([staff.id, admin.id]));
    expect(notes.map((n) => n.userId)).not.toContain(otherStaff.id);
    expect(await resolveCancelRequest(driver, b.id, true)).toEqual({ ok: false, reason: "refused" });
    expect(await resolveCancelRequest(otherStaff, b.id, true)).toEqual({ ok: false, reason: "notFound" });
    expect(await resolveCancelRequest(staff, b.id, true)).toEqual({ ok: true, status: "cancelled" });
    expect(await statusOf(b.id)).toEqual({ status: "cancelled", cancelRequest: false });
  });

  it("declining a cancel request tells the driver, by notification and by email in their language", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment", cancellation: true });
    expect(await cancelBooking(driver, b.id)).toBe("requested");
    expect(await resolveCancelRequest(staff, b.id, false)).toEqual({ ok: true, status: "paid" });
    expect(await statusOf(b.id)).toEqual({ status: "paid", cancelRequest: false });
    const db = await getDb();
    const [note] = await db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.bookingId, b.id), eq(schema.notifications.userId, driver.id)));
    expect(note).toMatchObject({
      messageKey: "notifications:messages.cancelDeclined",
      params: { reference: b.reference },
    });
    const [job] = await db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.jobId, `booking-cancel-declined-${note.id}`));
    const payload = job.payload as { template: string; language: string; subject: string; text: string };
    expect(payload).toMatchObject({ template: "booking-cancel-declined", language: "fr" });
    expect(payload.subject).toContain(b.reference);
    expect(payload.text).toContain("refusée");
  });

  it("declining tells a driver without email notifications only by notification", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment", cancellation: true }, otherDriver);
    await cancelBooking(otherDriver, b.id);
    await resolveCancelRequest(admin, b.id, false);
    const db = await getDb();
    const notes = await db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.bookingId, b.id), eq(schema.notifications.userId, otherDriver.id)));
    expect(notes.map((n) => n.messageKey)).toEqual(["notifications:messages.cancelDeclined"]);
    expect(
      await db
        .select()
        .from(schema.outbox)
        .where(eq(schema.outbox.jobId, `booking-cancel-declined-${notes[0].id}`)),
    ).toHaveLength(0);
  });

  it("refuses an online-paid booking without the cancellation option", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment" });
    expect(await cancelBooking(driver, b.id)).toBe("refused");
    expect(await statusOf(b.id)).toEqual({ status: "paid", cancelRequest: false });
  });
});
