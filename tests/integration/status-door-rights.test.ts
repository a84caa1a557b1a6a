import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { bookingDetail } from "~/modules/booking/booking-detail.server";
import { bulkChangeStatus, changeStatus } from "~/modules/booking/change-status.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { bookingActions } from "~/modules/booking/actions";
import { lockBooking, moveBooking } from "~/modules/booking/move.server";
import { presentBooking } from "~/modules/api/bookings.server";
import { getDb, schema } from "~/utils/db.server";
import {
  DAY,
  slot,
  takeSlot,
  driver,
  staff,
  admin,
  locationId,
  carId,
  book,
  rowOf,
  statusDoorHooks,
} from "./fixtures/status-door";

/*
 * The one door for a booking's status (docs/domain.md#booking-status), from the outside: who may
 * move a booking, audited, and amendments under the checkout's rules. Each test was written against
 * 1ecac28, where it failed, before the door existed.
 */

statusDoorHooks();

describe("drivers never set a status (M1)", () => {
  it("the staff status intent is refused to the driver, before and after pick-up", async () => {
    const before = await book();
    expect(await changeStatus(driver, before.id, "cancelled")).toEqual({ ok: false, reason: "refused" });
    const started = await book({
      startsAt: new Date(Date.now() - DAY - slot * DAY),
      endsAt: new Date(Date.now() + DAY + takeSlot() * DAY),
    });
    expect(await changeStatus(driver, started.id, "cancelled")).toEqual({ ok: false, reason: "refused" });
    expect(await bulkChangeStatus(driver, [started.id], "cancelled")).toEqual([
      { id: started.id, reference: started.reference, result: { ok: false, reason: "refused" } },
    ]);
    expect((await rowOf(before.id)).status).toBe("pending");
    expect((await rowOf(started.id)).status).toBe("pending");
  });

  it("the door itself refuses a driver's cancel that cancelKind does not make immediate", async () => {
    const online = await book({ paymentMethod: "mobilePayment" });
    const db = await getDb();
    const result = await db.transaction(async (tx) =>
      moveBooking(tx, (await lockBooking(tx, online.id))!, "cancelled", { kind: "driver", userId: driver.id }),
    );
    expect(result).toEqual({ ok: false, reason: "notAllowed" });
    expect((await rowOf(online.id)).status).toBe("pending");
  });
});

describe("rights follow how the booking is paid (walkthrough D1)", () => {
  it("a pay-later booking staff marked reserved still changes and cancels freely", async () => {
    const b = await book();
    expect(await changeStatus(staff, b.id, "reserved")).toEqual({ ok: true, status: "reserved" });
    const detail = (await bookingDetail(driver, b.id))!;
    const actions = bookingActions(driver, detail);
    expect(actions).toMatchObject({ cancel: "immediate", amend: true, amendmentRequest: false, statusMoves: [] });
    // The API answers what the page shows (one bookingActions), minus the staff moves it has no call for.
    expect((await presentBooking(driver, b.id, "en")).actions).toEqual({
      cancel: actions.cancel,
      amend: actions.amend,
      amendmentRequest: actions.amendmentRequest,
      pay: actions.pay,
    });
    // Staff see the moves the table allows them, `paid` left out while nothing is paid.
    const staffActions = bookingActions(staff, (await bookingDetail(staff, b.id))!);
    expect(staffActions).toMatchObject({ cancel: "none", amend: false, statusMoves: ["cancelled", "deleted"] });
    expect(await cancelBooking(driver, b.id)).toBe("cancelled");
    expect((await rowOf(b.id)).status).toBe("cancelled");
  });
});

describe("staff moves are audited (L6)", () => {
  it("a status change and a delete each leave an audit row by their author", async () => {
    const b = await book();
    await changeStatus(staff, b.id, "cancelled");
    await bulkChangeStatus(admin, [b.id], "deleted");
    const db = await getDb();
    const audit = await db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.subjectType, "booking"), eq(schema.auditLog.subjectId, b.id)))
      .orderBy(asc(schema.auditLog.id));
    expect(audit.map((a) => [a.actorId, a.action, a.changes])).toEqual([
      [staff.id, "booking.status", { status: ["pending", "cancelled"] }],
      [admin.id, "booking.delete", { status: ["cancelled", "deleted"] }],
    ]);
  });
});

describe("amendments run the checkout's rules (L1)", () => {
  const change = (b: { startsAt: Date }, dropOff: Date, extra = {}) => ({
    pickUp: b.startsAt,
    dropOff,
    pickupLocationId: locationId,
    dropoffLocationId: locationId,
    options: [] as never[],
    additionalDriver: null,
    ...extra,
  });

  it("refuses a rental longer than 365 days and changes nothing", async () => {
    const b = await book();
    expect(await amendBooking(driver, b.id, change(b, new Date("2060-01-01T14:00:00Z")))).toBe("tooLong");
    expect(await amendBooking(driver, b.id, change(b, new Date(b.startsAt.getTime() + 366 * DAY)))).toBe("tooLong");
    expect(await rowOf(b.id)).toMatchObject({ endsAt: b.endsAt, priceCents: b.priceCents });
  });

  it("keeps the additional driver's details exactly when the option is chosen", async () => {
    const db = await getDb();
    await db.update(schema.cars).set({ additionalDriverCents: 500 }).where(eq(schema.cars.id, carId));
    const b = await book();
    const ana = { name: "Ana Pérez", email: "ana@example.com", phone: "+584141112233", birthDate: "1990-01-01" };
    const twoDays = new Date(b.startsAt.getTime() + 2 * DAY);
    expect(await amendBooking(driver, b.id, change(b, twoDays, { options: ["additionalDriver"] }))).toBe(
      "additionalDriverMissing",
    );
    expect(
      await amendBooking(
        driver,
        b.id,
        change(b, twoDays, { options: ["additionalDriver"], additionalDriver: { ...ana, phone: "" } }),
      ),
    ).toBe("additionalDriverMissing");
    // Details without the option are not kept (no age was checked for them, nothing was charged).
    expect(await amendBooking(driver, b.id, change(b, twoDays, { additionalDriver: ana }))).toBe("amended");
    expect(await rowOf(b.id)).toMatchObject({ additionalDriver: false, additionalDriverName: null });
    expect(
      await amendBooking(driver, b.id, change(b, twoDays, { options: ["additionalDriver"], additionalDriver: ana })),
    ).toBe("amended");
    expect(await rowOf(b.id)).toMatchObject({ additionalDriver: true, additionalDriverName: "Ana Pérez" });
  });
});
