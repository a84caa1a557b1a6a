import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { requestAmendment } from "~/modules/booking/request-amendment.server";
import {
  DAY,
  driver,
  otherDriver,
  staff,
  otherStaff,
  admin,
  otherSupplierId,
  locationId,
  carId,
  otherCarId,
  book,
  statusOf,
  bookingsHooks,
} from "./fixtures/bookings";

/*
 * Amending a booking: a pay-later booking is re-priced and checked as the checkout checks it; an
 * online-paid one with the cancellation option asks staff instead.
 */

bookingsHooks();

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
