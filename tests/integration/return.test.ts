import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { loadCounter } from "~/modules/counter/counter.server";
import { createBooking as checkoutBooking } from "~/modules/booking/create-booking.server";
import { noFilters } from "~/modules/catalogue/filters";
import { searchCars } from "~/modules/catalogue/search.server";
import { acceptanceReturn } from "~/modules/pricing/final-bill.fixture";
import { rentalDays } from "~/modules/pricing/pricing";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import { rentalHistory } from "~/modules/counter/history.server";
import { inspectionOf, processInspectionPhotos, saveInspection } from "~/modules/counter/inspection.server";
import type { ReturnForm } from "~/modules/counter/return";
import { loadReturn, recordReturn } from "~/modules/counter/return.server";
import { instantToLocal } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createMaiquetia,
  createSupplier,
  createUser,
  outboxEmails,
  resetDatabase,
} from "../factories";
import { pdfText } from "../pdf-text";

/*
 * The return at the counter against the real database (docs/domain.md#return): the issue's
 * acceptance figures end to end (final-bill.fixture.ts), one return per rental, the scope, the
 * refusals said next to their field, the final receipt and its email, the counter's overdue list
 * and availability's "an overdue car is still out" (docs/domain.md#availability).
 */
const { auditLog, bookings, rentals } = schema;
const { input } = acceptanceReturn;
const who = (u: { id: number; type: string; supplierId: number | null }) => u as unknown as StaffUser;

// The fixture's return (17:00 UTC) is 13:00 on Caracas's clock; the form is posted five minutes later.
const returnedLocal = "2026-12-04T13:00";
const now = new Date("2026-12-04T17:05:00Z");

let fx: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const llanos = await createSupplier(db, {
    name: "Llanos Rent",
    rif: "J-12345678-4",
    refuelEighthCents: input.refuelEighthCents,
    lateGraceMinutes: input.graceMinutes,
  });
  const other = await createSupplier(db);
  const car = await createCar(db, {
    supplierId: llanos.id,
    name: "Toyota Corolla",
    locationIds: [place.id],
    plate: "AB123CD",
    dailyPriceCents: input.price.dailyPriceCents,
    mileage: input.mileagePerDayKm,
    extraKmCents: input.extraKmCents,
  });
  const driver = await createUser(db, {
    fullName: "Daniela Conductora",
    email: "daniela@example.com",
    language: "en",
    birthDate: "1990-01-01",
  });
  const staff = await createUser(db, { type: "supplier", supplierId: llanos.id });
  /** A paid 3-day booking picked up at the fixture's time, with the fixture's deposit taken. */
  const pickedUp = async (startsAt = input.pickedUpAt, endsAt = input.plannedDropOffAt) => {
    const booking = await createBooking(db, {
      carId: car.id,
      supplierId: llanos.id,
      driverId: driver.id,
      locationId: place.id,
      startsAt,
      endsAt,
      status: "paid",
      breakdown: {
        days: 3,
        dailyPriceCents: 2800,
        options: {},
        subtotalCents: 8400,
        payLaterFeePercent: 0,
        totalCents: 8400,
        deposit: { cents: 15000, method: "cardHold" },
      },
    });
    await db.insert(rentals).values({
      bookingId: booking.id,
      pickedUpAt: startsAt,
      pickedUpBy: staff.id,
      odometerOutKm: input.odometerOutKm,
      fuelOutEighths: input.fuelOutEighths,
      depositCents: 15000,
      depositTaken: "cardHold",
      signerName: "Daniela Conductora",
      signedAt: startsAt,
      language: "en",
    });
    return booking;
  };
  return {
    db,
    place,
    car,
    pickedUp,
    driver: who(driver),
    staff: who(staff),
    otherStaff: who(await createUser(db, { type: "supplier", supplierId: other.id })),
    admin: who(await createUser(db, { type: "admin" })),
  };
}

const form = (values: Partial<ReturnForm> = {}): ReturnForm => ({
  odometer: input.odometerInKm,
  fuel: input.fuelInEighths,
  returnedAt: returnedLocal,
  damages: [],
  photos: [],
  marks: [],
  ...values,
});

/** A small photo made from noise: bytes no other test or run has. */
async function photoFile(name: string) {
  const png = await sharp(crypto.randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], name, { type: "image/png" });
}

beforeEach(async () => {
  fx = await setUp();
});

afterAll(async () => {
  await closeDb();
});

describe("return", () => {
  it("stores the fixture's bill: fuel $15, 150 km $37.50, 1 late day $28; the deposit covers $80.50 and returns $69.50", async () => {
    const booking = await fx.pickedUp();
    const done = await recordReturn(fx.staff, booking.id, form(), now);
    expect(done).toEqual({ outcome: "returned", bill: acceptanceReturn.bill });
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental).toMatchObject({
      state: "returned",
      returnedAt: input.returnedAt,
      returnedBy: fx.staff.id,
      odometerInKm: 12_600,
      fuelInEighths: 5,
      finalBill: acceptanceReturn.bill,
    });
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.return"));
    expect(audit).toMatchObject({ subjectId: booking.id, actorId: fx.staff.id });
  });

  it("adds damage lines in the order entered, beyond the deposit when they must", async () => {
    const booking = await fx.pickedUp();
    const damages = [
      { amountCents: 12_000, note: "Scratch on the rear bumper" },
      { amountCents: 5_000, note: "Cracked mirror" },
    ];
    const done = await recordReturn(fx.staff, booking.id, form({ damages }), now);
    expect(done).toMatchObject({
      outcome: "returned",
      bill: {
        damages,
        extrasCents: 8050 + 17_000,
        depositCoversCents: 15000,
        depositReturnedCents: 0,
        stillToPayCents: 10_050,
      },
    });
  });

  it("is recorded once: a second return is refused, also when two are posted at once", async () => {
    const booking = await fx.pickedUp();
    const outcomes = await Promise.all([
      recordReturn(fx.staff, booking.id, form(), now),
      recordReturn(fx.admin, booking.id, form({ odometer: 13_000 }), now),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["notOut", "returned"]);
    expect(await recordReturn(fx.staff, booking.id, form(), now)).toEqual({ outcome: "notOut" });
    expect(await loadReturn(fx.staff, booking.id)).toBeNull();
    expect(await outboxEmails(fx.db, "rental-returned")).toHaveLength(1);
  });

  it("is for the booking's supplier's staff and admins; others find no booking, and nothing is written", async () => {
    const booking = await fx.pickedUp();
    for (const outsider of [fx.otherStaff, fx.driver]) {
      expect(await loadReturn(outsider, booking.id)).toBeNull();
      expect(await recordReturn(outsider, booking.id, form(), now)).toEqual({ outcome: "notFound" });
    }
    expect((await loadReturn(fx.admin, booking.id))?.facts).toMatchObject({ odometerOutKm: 12_000, graceMinutes: 59 });
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental.state).toBe("out");
  });

  it("names the deposit as staff recorded it at the pick-up, not as the booking planned it", async () => {
    const booking = await fx.pickedUp();
    // Booked with a card hold; the driver left cash at the counter.
    await fx.db.update(rentals).set({ depositTaken: "cash" }).where(eq(rentals.bookingId, booking.id));
    const done = await recordReturn(fx.staff, booking.id, form(), now);
    expect(done).toMatchObject({ outcome: "returned", bill: { deposit: { cents: 15000, method: "cash" } } });
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental.finalBill?.deposit).toEqual({ cents: 15000, method: "cash" });
  });

  it("is refused to a staff member whose own booking it is: they would write what they owe", async () => {
    const booking = await fx.pickedUp();
    await fx.db.update(bookings).set({ driverId: fx.staff.id }).where(eq(bookings.id, booking.id));
    expect(await recordReturn(fx.staff, booking.id, form(), now)).toEqual({
      outcome: "refused",
      field: null,
      message: "adminDashboard:return.errors.ownBooking",
    });
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental.state).toBe("out");
    expect((await recordReturn(fx.admin, booking.id, form(), now)).outcome).toBe("returned");
  });

  it("is not offered for a booking whose car is not out", async () => {
    const notOut = await createBooking(fx.db, {
      carId: fx.car.id,
      supplierId: fx.car.supplierId,
      driverId: fx.driver.id,
      locationId: fx.place.id,
      startsAt: new Date("2026-12-10T14:00:00Z"),
      endsAt: new Date("2026-12-12T14:00:00Z"),
      status: "paid",
    });
    expect(await loadReturn(fx.staff, notOut.id)).toBeNull();
    expect(await recordReturn(fx.staff, notOut.id, form(), now)).toEqual({ outcome: "notOut" });
  });

  it("refuses an odometer below the pick-up's, a return before the pick-up or in the future, next to the field", async () => {
    const booking = await fx.pickedUp();
    expect(await recordReturn(fx.staff, booking.id, form({ odometer: 11_999 }), now)).toEqual({
      outcome: "refused",
      field: "odometer",
      message: "adminDashboard:return.errors.odometerBackwards",
    });
    expect(await recordReturn(fx.staff, booking.id, form({ returnedAt: "2026-11-30T10:00" }), now)).toMatchObject({
      field: "returnedAt",
      message: "adminDashboard:return.errors.returnBeforePickUp",
    });
    expect(await recordReturn(fx.staff, booking.id, form({ returnedAt: "2026-12-04T14:00" }), now)).toMatchObject({
      field: "returnedAt",
      message: "adminDashboard:return.errors.returnInFuture",
    });
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental).toMatchObject({ state: "out", finalBill: null });
  });

  it("gives the driver the final receipt and the email with it; others and before the return get nothing", async () => {
    const booking = await fx.pickedUp();
    expect(await finalReceipt(fx.driver, booking.id)).toBeNull();
    await recordReturn(fx.staff, booking.id, form(), now);
    expect(await finalReceipt(fx.otherStaff, booking.id)).toBeNull();
    const receipt = await finalReceipt(fx.driver, booking.id);
    const text = await pdfText(receipt!.pdf);
    for (const expected of [
      "Final receipt",
      "Fuel: 3/8 of a tank missing × $5 $15",
      "Extra kilometers: 150 km × $0.25 $37.50",
      "Late return: 1 day × $28 $28",
      "Extra charges $80.50",
      "Deposit covers $80.50",
      "Deposit returned $69.50",
    ])
      expect(text).toContain(expected);
    const [email] = await outboxEmails(fx.db, "rental-returned");
    expect(email).toMatchObject({ jobId: `rental-returned-${booking.id}`, to: ["daniela@example.com"] });
    expect(email.text).toContain("Deposit returned: $69.50");
    // Told in the app as well.
    const told = await fx.db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, booking.id));
    expect(told.map((n) => [n.userId, n.messageKey])).toEqual([[fx.driver.id, "notifications:messages.carReturned"]]);
    // The receipt kept at the return is what is downloaded later, byte for byte, whatever changes after.
    expect(await pdfText(receipt!.pdf)).toContain("AB123CD");
    await fx.db.update(schema.cars).set({ plate: "ZZ999ZZ" }).where(eq(schema.cars.id, booking.carId));
    expect((await finalReceipt(fx.staff, booking.id))!.pdf.equals(receipt!.pdf)).toBe(true);
  });

  it("lists the car as an overdue return while it is out past its drop-off, and no more once returned", async () => {
    const booking = await fx.pickedUp();
    const returnsToday = await createBooking(fx.db, {
      carId: (await createCar(fx.db, { supplierId: fx.car.supplierId, locationIds: [fx.place.id] })).id,
      supplierId: fx.car.supplierId,
      driverId: fx.driver.id,
      locationId: fx.place.id,
      startsAt: new Date("2026-11-30T14:00:00Z"),
      endsAt: new Date("2026-12-02T14:00:00Z"),
      status: "paid",
    });
    const overdue = async () =>
      (await loadCounter(fx.staff, "en", now)).flatMap((p) => p.overdue).map((i) => [i.reference, i.rental]);
    // Paid and past its drop-off, but never picked up: not a car out.
    expect(await overdue()).toEqual([[booking.reference, "out"]]);
    expect((await overdue()).flat()).not.toContain(returnsToday.reference);
    await recordReturn(fx.staff, booking.id, form(), now);
    expect(await overdue()).toEqual([]);
  });
});

describe("the inspection at the return (docs/domain.md#inspection)", () => {
  it("saves the return's photos and new marks as phase in, leaves the pick-up's as they were, and prints them on the final receipt", async () => {
    const booking = await fx.pickedUp();
    const atPickup = [{ area: "leftSide", kind: "dent", note: "Rear door", x: 330, y: 600 }] as const;
    await saveInspection(fx.db, booking.id, "out", { photos: [], marks: [...atPickup] }, fx.staff.id);
    const processed = await processInspectionPhotos([await photoFile("back.png")]);
    if (!processed.ok) throw new Error(processed.message);
    const found = [{ area: "rear", kind: "scratch", note: "Bumper", x: null, y: null }] as const;

    expect(await loadReturn(fx.staff, booking.id)).toMatchObject({ pickupMarks: atPickup });
    const done = await recordReturn(fx.staff, booking.id, form({ marks: [...found] }), now, processed.photos);
    expect(done.outcome).toBe("returned");

    const inspection = await inspectionOf(fx.db, booking.id);
    expect(inspection.out).toEqual({ photoIds: [], marks: atPickup });
    expect(inspection.in.marks).toEqual(found);
    expect(inspection.in.photoIds).toHaveLength(1);
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.return"));
    expect(audit.changes).toMatchObject({ photos: [null, 1], damageMarks: [null, 1] });

    const text = await pdfText((await finalReceipt(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Inspection at return");
    expect(text).toContain("Photos taken 1");
    expect(text).toContain("1. Rear — Scratch — Bumper");
    expect(text).not.toContain("Rear door");
  });

  it("saves nothing when the return is refused", async () => {
    const booking = await fx.pickedUp();
    const processed = await processInspectionPhotos([await photoFile("back.png")]);
    if (!processed.ok) throw new Error(processed.message);
    const marks = [{ area: "rear", kind: "scratch", note: null, x: null, y: null }] as const;
    const refused = await recordReturn(
      fx.staff,
      booking.id,
      form({ odometer: 11_999, marks: [...marks] }),
      now,
      processed.photos,
    );
    expect(refused.outcome).toBe("refused");
    expect(await inspectionOf(fx.db, booking.id)).toEqual({
      out: { photoIds: [], marks: [] },
      in: { photoIds: [], marks: [] },
    });
  });

  it("gives the booking's history its pick-up and return rows, with who took the car and the readings", async () => {
    const booking = await fx.pickedUp();
    expect((await rentalHistory(booking.id)).map((e) => e.kind)).toEqual(["pickedUp"]);
    await recordReturn(fx.staff, booking.id, form(), now);
    const [staff] = await fx.db.select().from(schema.users).where(eq(schema.users.id, fx.staff.id));
    expect(await rentalHistory(booking.id)).toEqual([
      { kind: "pickedUp", at: input.pickedUpAt, actor: staff.fullName, odometerKm: 12_000, fuelEighths: 8 },
      { kind: "returned", at: input.returnedAt, actor: staff.fullName, odometerKm: 12_600, fuelEighths: 5 },
    ]);
  });
});

describe("an overdue car is still out (docs/domain.md#availability)", () => {
  const HOUR = 3_600_000;
  const later = (hours: number) => new Date(Math.floor(Date.now() / HOUR) * HOUR + hours * HOUR);

  async function inSearch() {
    const [pickUp, dropOff] = [later(48), later(96)];
    const { cars } = await searchCars({
      pickupId: fx.place.id,
      dropoffId: fx.place.id,
      period: { from: "", to: "", pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
      timeZone: "America/Caracas",
      filters: noFilters,
      sort: "total",
      page: 1,
    });
    return cars.some((c) => c.id === fx.car.id);
  }

  const checkout = () =>
    checkoutBooking({
      carId: fx.car.id,
      pickupLocationId: fx.place.id,
      dropoffLocationId: fx.place.id,
      from: later(48),
      to: later(96),
      options: [],
      driver: { kind: "user", userId: fx.driver.id },
      additionalDriver: null,
      acceptedTerms: false,
      paymentMethod: "payLater",
    });

  it("is neither found nor booked until its return is recorded", async () => {
    // Picked up four days ago, due back three hours ago, not returned.
    const booking = await fx.pickedUp(later(-96), later(-3));
    expect(await inSearch()).toBe(false);
    expect(await checkout()).toEqual({ ok: false, reason: "unavailable" });
    const back = form({ odometer: 12_100, fuel: 8, returnedAt: instantToLocal(new Date(), "America/Caracas") });
    expect(await recordReturn(fx.staff, booking.id, back, new Date())).toMatchObject({ outcome: "returned" });
    expect(await inSearch()).toBe(true);
    expect(await checkout()).toMatchObject({ ok: true });
  });

  it("a car picked up before its booking's start is neither found nor booked for the days between (M3)", async () => {
    // Picked up an hour ago for a booking that starts in ten days (as the counter once allowed).
    const booking = await fx.pickedUp(later(240), later(312));
    await fx.db
      .update(rentals)
      .set({ pickedUpAt: later(-1) })
      .where(eq(rentals.bookingId, booking.id));
    expect(await inSearch()).toBe(false);
    expect(await checkout()).toEqual({ ok: false, reason: "unavailable" });
  });

  it("a car out and not yet due is offered after its drop-off as before", async () => {
    await fx.pickedUp(later(-24), later(24));
    expect(await inSearch()).toBe(true);
  });
});
