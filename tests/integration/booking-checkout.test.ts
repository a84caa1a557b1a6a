import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loadCheckoutCar } from "~/modules/booking/checkout-car.server";
import type { DriverDetails } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { referencePattern } from "~/modules/booking/reference";
import { getDb, schema } from "~/utils/db.server";
import { at, fx, adult, input, counts, checkoutHooks } from "./fixtures/checkout";

/*
 * The checkout transaction end to end against the real database: a success writes the booking with
 * its notifications and emails, a visitor's account with it, and the checkout page reads the car's
 * terms.
 */
const { bookings, users, outbox, notifications } = schema;

checkoutHooks();

async function emails() {
  const db = await getDb();
  const rows = await db.select().from(outbox).orderBy(outbox.id);
  return rows.map((r) => ({
    jobId: r.jobId,
    ...(r.payload as { template: string; to: string[]; language: string; subject: string; text: string }),
  }));
}

describe("createBooking", () => {
  it("holds the car for 30 minutes at the online price when the driver pays online, and announces nothing yet", async () => {
    const now = new Date();
    const before = await counts();
    const result = await createBooking(input({ options: ["gps"], paymentMethod: "cardPayment" }), now);
    expect(result).toMatchObject({ ok: true, paymentMethod: "cardPayment" });
    if (!result.ok) return;
    const db = await getDb();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    // (45.50 + 3) × 3 days, without the 10 % pay-later fee.
    expect(row).toMatchObject({ status: "void", paymentMethod: "cardPayment", priceCents: 14550 });
    expect(row.holdExpiresAt?.getTime()).toBe(now.getTime() + 30 * 60_000);
    expect(await counts()).toEqual({ ...before, bookings: before.bookings + 1 });
  });

  it("refuses pay later when the supplier does not allow it, but still takes online payment", async () => {
    const db = await getDb();
    await db.update(schema.suppliers).set({ payLater: false }).where(eq(schema.suppliers.id, fx.supplierId));
    expect(await createBooking(input())).toEqual({ ok: false, reason: "payLaterUnavailable" });
    expect(await createBooking(input({ paymentMethod: "mobilePayment" }))).toMatchObject({ ok: true });
  });

  it("books a signed-in driver with the server's price, notifications and emails", async () => {
    const before = await counts();
    const extra: DriverDetails = {
      fullName: "Second Driver",
      email: "second@example.com",
      phone: "+584142223344",
      birthDate: "1995-02-03",
    };
    const result = await createBooking(
      input({ options: ["gps", "cancellation", "fullInsurance", "additionalDriver", "gps"], additionalDriver: extra }),
    );
    expect(result).toMatchObject({ ok: true, driverId: fx.driverId, accountCreated: false });
    if (!result.ok) return;
    expect(result.reference).toMatch(referencePattern);

    const db = await getDb();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    // (45.50 + 3 + 5) × 3 days + 15 flat = 175.50; +10 % pay later = 193.05.
    expect(row).toMatchObject({
      reference: result.reference,
      carId: fx.carId,
      supplierId: fx.supplierId,
      driverId: fx.driverId,
      pickupLocationId: fx.pickupId,
      dropoffLocationId: fx.dropoffId,
      status: "pending",
      paymentMethod: "payLater",
      days: 3,
      priceCents: 19305,
      gps: true,
      cancellation: true,
      fullInsurance: true,
      additionalDriver: true,
      babyChair: false,
      additionalDriverName: "Second Driver",
      additionalDriverEmail: "second@example.com",
      additionalDriverPhone: "+584142223344",
      additionalDriverBirthDate: "1995-02-03",
      holdExpiresAt: null,
    });
    expect(row.startsAt.getTime()).toBe(at(0).getTime());
    expect(row.breakdown).toEqual({
      days: 3,
      dailyPriceCents: 4550,
      options: { cancellation: 1500, gps: 900, fullInsurance: 0, additionalDriver: 1500 },
      subtotalCents: 17550,
      payLaterFeePercent: 10,
      totalCents: 19305,
      // How the days were charged (docs/domain.md#seasons): no season, no longer-rental rate.
      rates: [{ days: 3, dailyPriceCents: 4550, rate: "daily", season: null }],
      // The deposit the booking was made with (docs/domain.md#deposit): the car's, by a card hold by default.
      deposit: { cents: expect.any(Number) as number, method: "cardHold" },
    });

    const notes = await db.select().from(notifications).orderBy(notifications.userId);
    expect(notes.map((n) => [n.userId, n.messageKey])).toEqual([
      [fx.driverId, "notifications:messages.bookingConfirmed"],
      [fx.staffId, "notifications:messages.newBooking"],
      [fx.adminId, "notifications:messages.newBooking"],
    ]);
    expect(notes[0].params).toEqual({ reference: result.reference, car: "Toyota Corolla" });
    expect(notes[1].params).toMatchObject({
      reference: result.reference,
      car: "Toyota Corolla",
      from: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 10:00$/),
    });
    expect(notes.every((n) => n.bookingId === result.bookingId)).toBe(true);

    const sent = await emails();
    expect(sent.map((e) => e.jobId).sort()).toEqual(
      [
        `booking-confirmation-${result.bookingId}`,
        `new-booking-${result.bookingId}-${fx.staffId}`,
        `new-booking-${result.bookingId}-${fx.adminId}`,
      ].sort(),
    );
    const confirmation = sent.find((e) => e.template === "booking-confirmation")!;
    expect(confirmation.language).toBe("en");
    expect(confirmation.subject).toContain(result.reference);
    expect(confirmation.text).toContain("$193.05");
    // In the canonical order the booking page and the receipt list them in.
    expect(confirmation.text).toContain("Cancellation, GPS, Full insurance, Additional driver");
    expect(confirmation.text).toContain(`/booking?b=${result.bookingId}`);
    const toStaff = sent.find((e) => e.jobId.endsWith(`-${fx.staffId}`))!;
    expect(toStaff.language).toBe("fr");
    expect(toStaff.subject).toBe(`Nouvelle réservation ${result.reference}`);
    expect(toStaff.text).toContain("Driver One");

    const after = await counts();
    expect(after).toEqual({
      ...before,
      bookings: before.bookings + 1,
      notifications: before.notifications + 3,
      outbox: before.outbox + 3,
    });
  });

  it("creates a visitor's unactivated account, activation email and booking in one go", async () => {
    const before = await counts();
    const result = await createBooking(
      input({ driver: { kind: "visitor", language: "fr", ...adult }, acceptedTerms: true }),
    );
    expect(result).toMatchObject({ ok: true, accountCreated: true });
    if (!result.ok) return;
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, result.driverId));
    expect(user).toMatchObject({
      email: adult.email,
      fullName: adult.fullName,
      phone: adult.phone,
      birthDate: adult.birthDate,
      language: "fr",
      activated: false,
      passwordHash: null,
    });
    const sent = await emails();
    const toVisitor = sent.filter((e) => e.to.includes(adult.email));
    expect(toVisitor.map((e) => [e.template, e.language]).sort()).toEqual([
      ["activation", "fr"],
      ["booking-confirmation", "fr"],
    ]);
    expect(toVisitor.find((e) => e.template === "booking-confirmation")!.subject).toBe(
      `Votre réservation ${result.reference} est confirmée`,
    );
    const after = await counts();
    expect(after).toEqual({
      bookings: before.bookings + 1,
      users: before.users + 1,
      tokens: before.tokens + 1,
      notifications: before.notifications + 3,
      outbox: before.outbox + 4,
    });
  });

  it("refuses a visitor whose email is registered", async () => {
    const db = await getDb();
    const [driver] = await db.select().from(users).where(eq(users.id, fx.driverId));
    const before = await counts();
    const result = await createBooking(
      input({ driver: { kind: "visitor", language: "es", ...adult, email: driver.email }, acceptedTerms: true }),
    );
    expect(result).toEqual({ ok: false, reason: "emailTaken" });
    expect(await counts()).toEqual(before);
  });
});

describe("loadCheckoutCar", () => {
  it("returns the car's terms and places, or null when it is gone", async () => {
    const car = await loadCheckoutCar(fx.carId);
    expect(car).toMatchObject({
      id: fx.carId,
      name: "Toyota Corolla",
      supplierId: fx.supplierId,
      supplierName: "Rueda Rent",
      supplierLogo: null,
      dailyPriceCents: 4550,
      payLaterFeePercent: 10,
      minimumAge: 21,
      options: {
        gps: 300,
        cancellation: 1500,
        fullInsurance: 0,
        additionalDriver: 500,
        babyChair: -1,
        homeDelivery: -1,
      },
      locationIds: [fx.pickupId, fx.dropoffId].sort((a, b) => a - b),
    });
    expect(await loadCheckoutCar(999_999)).toBeNull();
    expect(await loadCheckoutCar(-3)).toBeNull();
    const db = await getDb();
    await db.update(schema.cars).set({ status: "deleted" }).where(eq(schema.cars.id, fx.carId));
    expect(await loadCheckoutCar(fx.carId)).toBeNull();
  });
});
