import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CheckoutInput, DriverDetails } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { getDb, schema } from "~/utils/db.server";
import { sweepExpiredHolds } from "~/modules/booking/holds.server";
import { provideBookingJobs } from "~/modules/booking/jobs.server";
import { runJob } from "../../jobs/handlers";
import { schedules } from "../../jobs/queues";
import { createBooking as insertBookingRow, createCar, createSupplier, createUser } from "../factories";
import { DAY, at, fx, adult, input, counts, checkoutHooks } from "./fixtures/checkout";

/*
 * The checkout transaction's refusals against the real database: every refusal writes nothing,
 * concurrent checkouts of one car leave exactly one booking (the exclusion constraint decides), and
 * holds that run out are cancelled.
 */
const { bookings, users, outbox, notifications } = schema;

checkoutHooks();

describe("createBooking", () => {
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
