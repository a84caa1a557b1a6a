import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { cancelBooking, resolveCancelRequest } from "~/modules/booking/cancel-booking.server";
import {
  DAY,
  driver,
  otherDriver,
  staff,
  otherStaff,
  admin,
  slot,
  book,
  statusOf,
  eventsOf,
  bookingsHooks,
} from "./fixtures/bookings";

/* Cancelling a booking, and cancel requests staff settle (docs/domain.md#cancellation). */

bookingsHooks();

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
