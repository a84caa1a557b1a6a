import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadCounter } from "~/modules/counter/counter.server";
import { acceptanceReturn } from "~/modules/pricing/final-bill.fixture";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import { loadReturn, recordReturn } from "~/modules/counter/return.server";
import { schema } from "~/utils/db.server";
import { createBooking, createCar, outboxEmails } from "../factories";
import { pdfText } from "../pdf-text";
import { input, now, fx, returnHooks, form } from "./fixtures/return";

/*
 * The return at the counter against the real database (docs/domain.md#return): the issue's
 * acceptance figures end to end (final-bill.fixture.ts), one return per rental, the scope, the
 * refusals said next to their field, the final receipt and its email, and the counter's overdue list.
 */
const { auditLog, bookings, rentals } = schema;

returnHooks();

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
      "Deposit to return $69.50",
    ])
      expect(text).toContain(expected);
    const [email] = await outboxEmails(fx.db, "rental-returned");
    expect(email).toMatchObject({ jobId: `rental-returned-${booking.id}`, to: ["daniela@example.com"] });
    expect(email.text).toContain("Deposit to return: $69.50");
    // Told in the app as well.
    const told = await fx.db.select().from(schema.notifications).where(eq(schema.notifications.bookingId, booking.id));
    // The car back, and the request for a review (docs/domain.md#reviews).
    expect(told.map((n) => [n.userId, n.messageKey])).toEqual([
      [fx.driver.id, "notifications:messages.carReturned"],
      [fx.driver.id, "notifications:messages.reviewRequest"],
    ]);
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
