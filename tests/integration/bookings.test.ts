import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { getDb, schema } from "~/utils/db.server";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bulkChangeStatus, changeStatus } from "~/modules/booking/change-status.server";
import { cancelBooking, resolveCancelRequest } from "~/modules/booking/cancel-booking.server";
import { listBookings } from "~/modules/booking/list-bookings.server";
import { requestAmendment } from "~/modules/booking/request-amendment.server";
import { createBooking, createCar, createLocation, createSupplier, createUser } from "../factories";

/*
 * Bookings as their users see them: every read and write goes through bookingScope
 * (docs/security.md), the transition table decides status moves (docs/domain.md#booking-status),
 * and cancelling follows docs/domain.md#cancellation.
 */
const DAY = 24 * 3_600_000;
const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY + 10 * 3_600_000);
const at = (days: number) => new Date(base.getTime() + days * DAY);

type U = { id: number; type: "admin" | "supplier" | "user" | "enterprise"; supplierId: number | null };
let driver: U, otherDriver: U, staff: U, otherStaff: U, admin: U;
let supplierId: number, otherSupplierId: number, locationId: number, carId: number, otherCarId: number;
let slot = 0;

async function book(
  values: Partial<typeof schema.bookings.$inferInsert> = {},
  who: U = driver,
  car = carId,
  supplier = supplierId,
) {
  const start = at(slot * 10);
  slot++;
  return createBooking(await getDb(), {
    carId: car,
    supplierId: supplier,
    driverId: who.id,
    locationId,
    startsAt: start,
    endsAt: new Date(start.getTime() + 2 * DAY),
    ...values,
  });
}

async function statusOf(id: number) {
  const db = await getDb();
  const [row] = await db
    .select({ status: schema.bookings.status, cancelRequest: schema.bookings.cancelRequest })
    .from(schema.bookings)
    .where(eq(schema.bookings.id, id));
  return row;
}

async function eventsOf(id: number) {
  const db = await getDb();
  return db.select().from(schema.bookingEvents).where(eq(schema.bookingEvents.bookingId, id));
}

const asUser = (row: { id: number; type: U["type"]; supplierId: number | null }): U => ({
  id: row.id,
  type: row.type,
  supplierId: row.supplierId,
});

beforeAll(async () => {
  const db = await getDb();
  ({ id: locationId } = await createLocation(db));
  ({ id: supplierId } = await createSupplier(db));
  ({ id: otherSupplierId } = await createSupplier(db));
  ({ id: carId } = await createCar(db, { supplierId, locationIds: [locationId] }));
  ({ id: otherCarId } = await createCar(db, { supplierId: otherSupplierId, locationIds: [locationId] }));
  driver = asUser(await createUser(db, { language: "fr" }));
  otherDriver = asUser(await createUser(db, { enableEmailNotifications: false }));
  staff = asUser(await createUser(db, { type: "supplier", supplierId }));
  otherStaff = asUser(await createUser(db, { type: "supplier", supplierId: otherSupplierId }));
  admin = asUser(await createUser(db, { type: "admin" }));
});

afterAll(async () => {
  await closeDb();
});

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

describe("amending", () => {
  const change = (b: { startsAt: Date }, days: number, extra: Partial<Parameters<typeof amendBooking>[2]> = {}) => ({
    pickUp: b.startsAt,
    dropOff: new Date(b.startsAt.getTime() + days * DAY),
    pickupLocationId: locationId,
    dropoffLocationId: locationId,
    options: [],
    additionalDriver: null,
    ...extra,
  });

  it("re-prices a pay-later booking with the pay-later fee", async () => {
    const db = await getDb();
    // The car includes an additional driver: naming one counts as choosing the (free) option, as at checkout.
    await db
      .update(schema.cars)
      .set({ gpsCents: 300, payLaterFeePercent: 10, additionalDriverCents: 0 })
      .where(eq(schema.cars.id, carId));
    const b = await book();
    expect(
      await amendBooking(
        driver,
        b.id,
        change(b, 4, {
          options: ["gps"],
          additionalDriver: {
            name: "Ana Pérez",
            email: "ana@example.com",
            phone: "+584141112233",
            birthDate: "1990-01-01",
          },
        }),
      ),
    ).toBe("amended");
    const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, b.id));
    // (5000 + 300) × 4 = 21200, +10 % = 23320
    expect(row).toMatchObject({
      status: "pending",
      days: 4,
      priceCents: 23320,
      gps: true,
      additionalDriver: true,
      additionalDriverName: "Ana Pérez",
    });
    expect(row.breakdown).toMatchObject({ subtotalCents: 21200, payLaterFeePercent: 10, options: { gps: 1200 } });
    const notes = await db
      .select()
      .from(schema.notifications)
      .where(
        and(
          eq(schema.notifications.bookingId, b.id),
          eq(schema.notifications.messageKey, "notifications:messages.bookingAmended"),
        ),
      );
    expect(notes.map((n) => n.userId)).toEqual(expect.arrayContaining([staff.id, admin.id]));
    expect(notes[0].params).toMatchObject({ reference: b.reference, total: "$233.20" });
  });

  it("refuses an overlap with another booking of the car and changes nothing", async () => {
    const first = await book();
    const second = await book();
    const result = await amendBooking(
      driver,
      first.id,
      change(first, 1, { dropOff: new Date(second.startsAt.getTime() + DAY) }),
    );
    expect(result).toBe("unavailable");
    const db = await getDb();
    const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, first.id));
    expect(row).toMatchObject({ status: "pending", endsAt: first.endsAt, priceCents: first.priceCents });
  });

  it("may keep overlapping its own old period", async () => {
    const b = await book();
    expect(await amendBooking(driver, b.id, change({ startsAt: new Date(b.startsAt.getTime() + 3_600_000) }, 2))).toBe(
      "amended",
    );
  });

  it("refuses an additional driver younger than the car asks, with the checkout's rule", async () => {
    const db = await getDb();
    await db.update(schema.cars).set({ minimumAge: 25 }).where(eq(schema.cars.id, carId));
    try {
      const b = await book();
      const year = b.startsAt.getUTCFullYear();
      const young = {
        name: "Leo Pérez",
        email: "leo@example.com",
        phone: "+584141112233",
        birthDate: `${year - 24}-01-01`,
      };
      expect(await amendBooking(driver, b.id, change(b, 3, { additionalDriver: young }))).toEqual({
        additionalUnderAge: 25,
      });
      const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, b.id));
      expect(row).toMatchObject({ days: b.days, additionalDriverName: null, priceCents: b.priceCents });
      const old = { ...young, birthDate: `${year - 26}-01-01` };
      expect(await amendBooking(driver, b.id, change(b, 3, { additionalDriver: old }))).toBe("amended");
    } finally {
      await db.update(schema.cars).set({ minimumAge: 21 }).where(eq(schema.cars.id, carId));
    }
  });

  it("refuses someone else's booking, an online-paid one and an unavailable option", async () => {
    const theirs = await book({}, otherDriver);
    expect(await amendBooking(driver, theirs.id, change(theirs, 3))).toBe("notFound");
    expect(await amendBooking(staff, theirs.id, change(theirs, 3))).toBe("refused");
    const paid = await book({ status: "paid", paymentMethod: "cardPayment" });
    expect(await amendBooking(driver, paid.id, change(paid, 3))).toBe("refused");
    const mine = await book();
    expect(await amendBooking(driver, mine.id, change(mine, 3, { options: ["babyChair"] }))).toBe("optionUnavailable");
    expect((await statusOf(mine.id)).status).toBe("pending");
  });
});

describe("amendment requests", () => {
  it("the driver of an online-paid booking with the cancellation option asks; staff and admins get the words", async () => {
    for (const [paymentMethod, status] of [
      ["cardPayment", "paid"],
      ["mobilePayment", "deposit"],
      ["walletPayment", "reserved"],
    ] as const) {
      const b = await book({ status, paymentMethod, cancellation: true });
      expect(await requestAmendment(driver, b.id, "  Pick-up two hours later, please  ")).toBe("requested");
      const db = await getDb();
      const notes = await db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, b.id));
      expect(notes.map((n) => n.userId)).toEqual(expect.arrayContaining([staff.id, admin.id]));
      expect(notes.map((n) => n.userId)).not.toContain(otherStaff.id);
      expect(notes[0]).toMatchObject({
        messageKey: "notifications:messages.amendmentRequested",
        params: { reference: b.reference, request: "  Pick-up two hours later, please  " },
      });
      // Nothing about the booking itself changes.
      expect(await statusOf(b.id)).toEqual({ status, cancelRequest: false });
    }
  });

  it("counts a cancellation option the car includes", async () => {
    const db = await getDb();
    await db.update(schema.cars).set({ cancellationCents: 0 }).where(eq(schema.cars.id, carId));
    try {
      const b = await book({ status: "paid", paymentMethod: "cardPayment" });
      expect(await requestAmendment(driver, b.id, "Another pick-up place")).toBe("requested");
    } finally {
      await db.update(schema.cars).set({ cancellationCents: -1 }).where(eq(schema.cars.id, carId));
    }
  });

  it("is refused for pay later, without the option, after pick-up, unpaid or cancelled, and for anyone else", async () => {
    const db = await getDb();
    const [{ cancellationCents }] = await db
      .select({ cancellationCents: schema.cars.cancellationCents })
      .from(schema.cars)
      .where(eq(schema.cars.id, carId));
    expect(cancellationCents).not.toBe(0);
    const refused = [
      await book({ cancellation: true }),
      await book({ status: "paid", paymentMethod: "cardPayment" }),
      // Started already (on the other car, whose past is free).
      await book(
        {
          status: "paid",
          paymentMethod: "cardPayment",
          cancellation: true,
          startsAt: new Date(Date.now() - DAY),
          endsAt: new Date(Date.now() + DAY),
        },
        driver,
        otherCarId,
        otherSupplierId,
      ),
      await book({ status: "void", paymentMethod: "cardPayment", cancellation: true }),
      await book({ status: "cancelled", paymentMethod: "cardPayment", cancellation: true }),
    ];
    for (const b of refused) expect(await requestAmendment(driver, b.id, "Later, please")).toBe("refused");
    const theirs = await book({ status: "paid", paymentMethod: "cardPayment", cancellation: true }, otherDriver);
    expect(await requestAmendment(driver, theirs.id, "Later, please")).toBe("notFound");
    expect(await requestAmendment(staff, theirs.id, "Later, please")).toBe("refused");
    const notes = await db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.messageKey, "notifications:messages.amendmentRequested"));
    expect(notes.map((n) => n.bookingId)).not.toContain(theirs.id);
    for (const b of refused) expect(notes.map((n) => n.bookingId)).not.toContain(b.id);
  });
});
