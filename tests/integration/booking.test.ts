import { count, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadCheckoutCar } from "~/modules/booking/checkout-car.server";
import type { CheckoutInput, DriverDetails } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { referencePattern } from "~/modules/booking/reference";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { sweepExpiredHolds } from "~/modules/booking/holds.server";
import { provideBookingJobs } from "~/modules/booking/jobs.server";
import { runJob } from "../../jobs/handlers";
import { schedules } from "../../jobs/queues";
import {
  createBooking as insertBookingRow,
  createCar,
  createLocation,
  createSupplier,
  createUser,
  resetDatabase,
} from "../factories";

/*
 * The checkout transaction end to end against the real database: every refusal writes
 * nothing, a success writes the booking with its notifications and emails, and concurrent
 * checkouts of one car leave exactly one booking (the exclusion constraint decides).
 */
const { bookings, users, outbox, notifications, tokens } = schema;
const DAY = 24 * 3_600_000;
// Ten days from now at 14:00 UTC (10:00 in Caracas): well in the future, whole hours.
const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY + 14 * 3_600_000);
const at = (days: number, hours = 0) => new Date(base.getTime() + days * DAY + hours * 3_600_000);

let fx: {
  pickupId: number;
  dropoffId: number;
  otherPlaceId: number;
  supplierId: number;
  carId: number;
  driverId: number;
  staffId: number;
  adminId: number;
  otherStaffId: number;
};

const adult: DriverDetails = {
  fullName: "Ana Visitante",
  email: "ana@example.com",
  phone: "+584141112233",
  birthDate: "1990-05-01",
};

function input(overrides: Partial<CheckoutInput> = {}): CheckoutInput {
  return {
    carId: fx.carId,
    pickupLocationId: fx.pickupId,
    dropoffLocationId: fx.dropoffId,
    from: at(0),
    to: at(3),
    options: [],
    driver: { kind: "user", userId: fx.driverId },
    additionalDriver: null,
    acceptedTerms: false,
    paymentMethod: "payLater",
    ...overrides,
  };
}

async function counts() {
  const db = await getDb();
  const of = async (table: typeof bookings | typeof users | typeof outbox | typeof notifications | typeof tokens) =>
    (await db.select({ n: count() }).from(table))[0].n;
  return {
    bookings: await of(bookings),
    users: await of(users),
    outbox: await of(outbox),
    notifications: await of(notifications),
    tokens: await of(tokens),
  };
}

async function emails() {
  const db = await getDb();
  const rows = await db.select().from(outbox).orderBy(outbox.id);
  return rows.map((r) => ({
    jobId: r.jobId,
    ...(r.payload as { template: string; to: string[]; language: string; subject: string; text: string }),
  }));
}

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const pickup = await createLocation(db);
  const dropoff = await createLocation(db, { timeZone: "America/Caracas" });
  const other = await createLocation(db);
  const supplier = await createSupplier(db, { name: "Rueda Rent" });
  const otherSupplier = await createSupplier(db);
  const car = await createCar(db, {
    supplierId: supplier.id,
    name: "Toyota Corolla",
    dailyPriceCents: 4550,
    payLaterFeePercent: 10,
    minimumAge: 21,
    gpsCents: 300,
    cancellationCents: 1500,
    fullInsuranceCents: 0,
    additionalDriverCents: 500,
    babyChairCents: -1,
    locationIds: [pickup.id, dropoff.id],
  });
  const driver = await createUser(db, { fullName: "Driver One", birthDate: "1990-01-01", language: "en" });
  const staff = await createUser(db, { type: "supplier", supplierId: supplier.id, language: "fr" });
  const admin = await createUser(db, { type: "admin", language: "es" });
  const otherStaff = await createUser(db, { type: "supplier", supplierId: otherSupplier.id });
  fx = {
    pickupId: pickup.id,
    dropoffId: dropoff.id,
    otherPlaceId: other.id,
    supplierId: supplier.id,
    carId: car.id,
    driverId: driver.id,
    staffId: staff.id,
    adminId: admin.id,
    otherStaffId: otherStaff.id,
  };
});

afterAll(async () => {
  await closeDb();
});

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

  it("refuses every broken or tampered request without writing anything", async () => {
    const db = await getDb();
    const young = new Date(at(0).getTime() - 20 * 365.25 * DAY).toISOString().slice(0, 10);
    const noBirthDate = await createUser(db, { birthDate: null });
    const deleted = await createCar(db, { supplierId: fx.supplierId, status: "deleted", locationIds: [fx.pickupId] });
    const parked = await createCar(db, {
      supplierId: fx.supplierId,
      availability: "unavailable",
      locationIds: [fx.pickupId],
    });
    const strict = await createCar(db, { supplierId: fx.supplierId, minimumAge: 40, locationIds: [fx.pickupId] });
    const closedSupplier = await createSupplier(db, { active: false });
    const closedCar = await createCar(db, { supplierId: closedSupplier.id, locationIds: [fx.pickupId] });
    await insertBookingRow(db, {
      carId: fx.carId,
      supplierId: fx.supplierId,
      driverId: fx.driverId,
      locationId: fx.pickupId,
      startsAt: at(20),
      endsAt: at(25),
    });
    const extra: DriverDetails = { ...adult, email: "extra@example.com" };

    const cases: Array<[Partial<CheckoutInput>, object]> = [
      [{ carId: 999_999 }, { reason: "carNotFound" }],
      [{ carId: -1 }, { reason: "carNotFound" }],
      [{ carId: 2 ** 40 }, { reason: "carNotFound" }],
      [{ carId: deleted.id }, { reason: "carNotFound" }],
      [{ carId: closedCar.id }, { reason: "carNotFound" }],
      [{ from: at(-11), to: at(-9) }, { reason: "pastDates" }],
      [{ from: at(1), to: at(1) }, { reason: "pastDates" }],
      [{ from: at(1), to: at(400) }, { reason: "pastDates" }],
      [{ from: new Date(Number.NaN) }, { reason: "pastDates" }],
      [{ pickupLocationId: fx.otherPlaceId }, { reason: "notServed" }],
      [{ pickupLocationId: -5 }, { reason: "notServed" }],
      [{ dropoffLocationId: 999_999 }, { reason: "notServed" }],
      [{ options: ["babyChair"] }, { reason: "optionUnavailable", option: "babyChair" }],
      [{ options: ["homeDelivery"] }, { reason: "optionUnavailable", option: "homeDelivery" }],
      [{ options: ["jetpack" as never] }, { reason: "optionUnavailable", option: "jetpack" }],
      [{ options: ["additionalDriver"] }, { reason: "additionalDriverMissing" }],
      [{ additionalDriver: extra }, { reason: "additionalDriverMissing" }],
      [{ driver: { kind: "user", userId: noBirthDate.id } }, { reason: "underAge", who: "driver", minimumAge: 21 }],
      [
        { driver: { kind: "visitor", language: "es", ...adult, birthDate: young }, acceptedTerms: true },
        { reason: "underAge", who: "driver", minimumAge: 21 },
      ],
      [
        { options: ["additionalDriver"], additionalDriver: { ...extra, birthDate: young } },
        { reason: "underAge", who: "additionalDriver", minimumAge: 21 },
      ],
      [{ carId: strict.id }, { reason: "underAge", who: "driver", minimumAge: 40 }],
      [{ driver: { kind: "visitor", language: "es", ...adult }, acceptedTerms: false }, { reason: "termsNotAccepted" }],
      [{ from: at(24), to: at(26) }, { reason: "unavailable" }],
      [{ carId: parked.id }, { reason: "unavailable" }],
    ];
    const before = await counts();
    for (const [overrides, failure] of cases) {
      expect(await createBooking(input(overrides)), JSON.stringify(overrides)).toEqual({ ok: false, ...failure });
    }
    expect(await counts()).toEqual(before);
  });

  it("lets one of two simultaneous visitors with one email through, the other is told it is taken", async () => {
    const visitor = (from: number) =>
      input({
        from: at(from),
        to: at(from + 1),
        driver: { kind: "visitor", language: "es", ...adult },
        acceptedTerms: true,
      });
    const results = await Promise.all([createBooking(visitor(0)), createBooking(visitor(5))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, reason: "emailTaken" });
    const db = await getDb();
    expect((await db.select({ n: count() }).from(bookings))[0].n).toBe(1);
    expect((await db.select({ n: count() }).from(users).where(eq(users.email, adult.email)))[0].n).toBe(1);
  });

  it("accepts back-to-back and separate rentals of one car", async () => {
    const periods: Array<[number, number]> = [
      [0, 2],
      [2, 4],
      [6, 7],
      [4, 6],
    ];
    for (const [from, to] of periods)
      expect(await createBooking(input({ from: at(from), to: at(to) }))).toMatchObject({ ok: true });
    const db = await getDb();
    expect((await db.select({ n: count() }).from(bookings))[0].n).toBe(4);
  });

  it("lets exactly one of 100 simultaneous checkouts of one car win", async () => {
    const attempts = Array.from({ length: 100 }, (_, i) =>
      createBooking(input({ from: at(0, i % 5), to: at(3, i % 7) })),
    );
    const results = await Promise.all(attempts);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === "unavailable")).toHaveLength(99);
    const db = await getDb();
    expect((await db.select({ n: count() }).from(bookings))[0].n).toBe(1);
    expect((await db.select({ n: count() }).from(notifications))[0].n).toBe(3);
    expect((await db.select({ n: count() }).from(outbox))[0].n).toBe(3);
  }, 120_000);

  it("cancels the car's expired hold before booking, and keeps a live one blocking", async () => {
    const db = await getDb();
    const now = new Date();
    const hold = (expires: Date) =>
      insertBookingRow(db, {
        carId: fx.carId,
        supplierId: fx.supplierId,
        driverId: fx.driverId,
        locationId: fx.pickupId,
        startsAt: at(0),
        endsAt: at(3),
        status: "void",
        holdExpiresAt: expires,
      });
    const live = await hold(new Date(now.getTime() + 60_000));
    expect(await createBooking(input(), now)).toEqual({ ok: false, reason: "unavailable" });
    await db
      .update(bookings)
      .set({ holdExpiresAt: new Date(now.getTime() - 1) })
      .where(eq(bookings.id, live.id));
    expect(await createBooking(input(), now)).toMatchObject({ ok: true });
    const [cancelled] = await db.select().from(bookings).where(eq(bookings.id, live.id));
    expect(cancelled.status).toBe("cancelled");
  });
});

describe("expire-holds job", () => {
  it("cancels expired holds only, and repeating it changes nothing", async () => {
    const db = await getDb();
    const now = new Date();
    const row = (startDay: number, status: "void" | "pending", holdExpiresAt: Date | null) =>
      insertBookingRow(db, {
        carId: fx.carId,
        supplierId: fx.supplierId,
        driverId: fx.driverId,
        locationId: fx.pickupId,
        startsAt: at(startDay),
        endsAt: at(startDay + 1),
        status,
        holdExpiresAt,
      });
    const expired = await row(0, "void", new Date(now.getTime() - 1000));
    const live = await row(2, "void", new Date(now.getTime() + 60_000));
    const pending = await row(4, "pending", null);
    expect(await sweepExpiredHolds(now)).toBe(1);
    expect(await sweepExpiredHolds(now)).toBe(0);
    const statuses = Object.fromEntries((await db.select().from(bookings)).map((b) => [b.id, b.status]));
    expect(statuses).toEqual({ [expired.id]: "cancelled", [live.id]: "void", [pending.id]: "pending" });
    // Through the status door: the move has its history row, by nobody (docs/domain.md#booking-status).
    const history = await db.select().from(schema.bookingEvents).where(eq(schema.bookingEvents.bookingId, expired.id));
    expect(history).toEqual([
      expect.objectContaining({ actorId: null, fromStatus: "void", toStatus: "cancelled", note: "hold expired" }),
    ]);
    expect(schedules).toContainEqual({ name: "expire-holds", everyMs: 60_000 });
    provideBookingJobs();
    await db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, live.id));
    await runJob("expire-holds", {}, { jobId: "expire-holds-test", attempt: 1 });
    expect((await db.select().from(bookings).where(eq(bookings.id, live.id)))[0].status).toBe("cancelled");
    // The freed period can be booked again.
    expect(await createBooking(input({ from: at(0), to: at(1) }), now)).toMatchObject({ ok: true });
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
