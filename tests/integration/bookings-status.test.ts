import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bulkChangeStatus, changeStatus } from "~/modules/booking/change-status.server";
import {
  driver,
  otherDriver,
  staff,
  admin,
  otherSupplierId,
  otherCarId,
  book,
  statusOf,
  eventsOf,
  bookingsHooks,
} from "./fixtures/bookings";

/*
 * Status moves on bookings: the transition table decides them (docs/domain.md#booking-status), with
 * their history, notifications and emails.
 */

bookingsHooks();

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
