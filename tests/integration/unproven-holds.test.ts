import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import type { CheckoutInput } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { releaseUnprovenBookings } from "~/modules/booking/unproven-holds.server";
import { provideBookingJobs } from "~/modules/booking/jobs.server";
import { activateWithPassword } from "~/modules/user/activation.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { runJob } from "../../jobs/handlers";
import { schedules } from "../../jobs/queues";
import { bookingRow, nextPeriod, seedCatalogue } from "../api/resources";
import { createUser, outboxEmails, outboxTokens } from "../factories";

/*
 * docs/domain.md#unproven-holds: a visitor's pay-later booking, made with an address nobody has
 * proven, holds its car 2 hours (a deadline stored on the booking). Unless the account is
 * activated by then, or money came in, the minute sweep (job `release-unproven-bookings`) cancels
 * it through the status door with its reason, tells the visitor by email in their language, and
 * the car is bookable again. Repeating the sweep changes nothing more.
 */
const catalogue = await seedCatalogue();
const { bookings, bookingEvents, payments } = schema;
const HOUR = 3_600_000;

afterAll(async () => {
  await closeDb();
});

let counter = 0;
const freshEmail = () => `unproven-${Date.now()}-${++counter}@example.com`;

/**
 * A checkout of the catalogue's car by `driver` in a fresh period, made at `now`. Only a visitor's
 * checkout asks for the terms, so only a visitor accepts them here.
 */
async function checkout(now: Date, driver: CheckoutInput["driver"], paymentMethod: CheckoutInput["paymentMethod"]) {
  const { pickUp, dropOff } = nextPeriod();
  const result = await createBooking(
    {
      carId: catalogue.car.id,
      pickupLocationId: catalogue.location.id,
      dropoffLocationId: catalogue.location.id,
      from: pickUp,
      to: dropOff,
      options: [],
      driver,
      additionalDriver: null,
      acceptedTerms: driver.kind === "visitor",
      paymentMethod,
    },
    now,
  );
  if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
  return { bookingId: result.bookingId, pickUp, dropOff };
}

/** A visitor's pay-later checkout (or another way of paying) in a fresh period, made at `now`. */
async function visitorBooks(
  now: Date,
  language: "es" | "en" = "es",
  paymentMethod: CheckoutInput["paymentMethod"] = "payLater",
) {
  const email = freshEmail();
  const visitor = {
    kind: "visitor" as const,
    language,
    fullName: "Visita Sin Probar",
    email,
    phone: "+584141112233",
    birthDate: "1990-01-01",
  };
  const { bookingId, pickUp, dropOff } = await checkout(now, visitor, paymentMethod);
  return { id: bookingId, email, pickUp, dropOff };
}

describe("an unproven visitor's pay-later booking", () => {
  it("holds its car 2 hours; then the sweep releases it through the status door, tells the visitor in their language, and frees the car; once", async () => {
    const now = new Date();
    const booking = await visitorBooks(now, "es");
    expect((await bookingRow(booking.id)).unprovenReleaseAt).toEqual(new Date(now.getTime() + 2 * HOUR));

    // A minute before the deadline: kept.
    await releaseUnprovenBookings(new Date(now.getTime() + 2 * HOUR - 60_000));
    expect((await bookingRow(booking.id)).status).toBe("pending");

    const after = new Date(now.getTime() + 2 * HOUR + 1000);
    expect(await releaseUnprovenBookings(after)).toBeGreaterThanOrEqual(1);
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
    const db = await getDb();
    const history = await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(history).toEqual([
      expect.objectContaining({
        actorId: null,
        fromStatus: "pending",
        toStatus: "cancelled",
        note: "address not proven within 2 hours",
      }),
    ]);
    const told = (await outboxEmails(db, "booking-released")).filter((e) => e.to.includes(booking.email));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ jobId: `booking-released-${booking.id}`, language: "es" });
    expect(told[0].subject).toMatch(/^Su reserva RD-\w+ fue liberada$/);
    expect(told[0].text).toContain("no fue confirmada en 2 horas");

    // The car is free for the period again.
    expect(
      await carIsBookableFor({
        carId: catalogue.car.id,
        locationId: catalogue.location.id,
        pickUp: booking.pickUp,
        dropOff: booking.dropOff,
        now: after,
      }),
    ).toBe(true);

    // Run again (a redelivered job, the next minute): nothing more happens.
    expect(await releaseUnprovenBookings(after)).toBe(0);
    expect(await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id))).toHaveLength(1);
    expect((await outboxEmails(db, "booking-released")).filter((e) => e.to.includes(booking.email))).toHaveLength(1);
  });

  it("is kept when the visitor activates the account within the 2 hours", async () => {
    const now = new Date();
    const booking = await visitorBooks(now, "en");
    const db = await getDb();
    const [token] = await outboxTokens(db, booking.email, "activation");
    expect(await activateWithPassword(token, "owner-pass1", new Date(now.getTime() + HOUR))).toMatchObject({
      status: "activated",
    });
    await releaseUnprovenBookings(new Date(now.getTime() + 3 * HOUR));
    expect((await bookingRow(booking.id)).status).toBe("pending");
  });

  it("is kept while money for it is in, or on its way", async () => {
    const now = new Date();
    const paid = await visitorBooks(now);
    const inFlight = await visitorBooks(now);
    const db = await getDb();
    await db.insert(payments).values([
      {
        bookingId: paid.id,
        method: "cardPayment",
        status: "succeeded",
        amountCents: 1000,
        providerReference: `t:${paid.id}`,
      },
      {
        bookingId: inFlight.id,
        method: "cardPayment",
        status: "pending",
        amountCents: 1000,
        providerReference: `t:${inFlight.id}`,
      },
    ]);
    await releaseUnprovenBookings(new Date(now.getTime() + 3 * HOUR));
    expect((await bookingRow(paid.id)).status).toBe("pending");
    expect((await bookingRow(inFlight.id)).status).toBe("pending");
  });

  it("is the only booking with a deadline: a signed-in driver's, and a visitor's online hold (30 minutes of its own), have none", async () => {
    const now = new Date();
    const db = await getDb();
    const driver = await createUser(db, { phone: "+584141112233", birthDate: "1990-01-01" });
    const own = await checkout(now, { kind: "user", userId: driver.id }, "payLater");
    expect((await bookingRow(own.bookingId)).unprovenReleaseAt).toBeNull();
    const hold = await visitorBooks(now, "es", "mobilePayment");
    expect((await bookingRow(hold.id)).unprovenReleaseAt).toBeNull();
  });
});

describe("the release-unproven-bookings job", () => {
  it("runs every minute, through the job runner, with the stored deadline moved into the past", async () => {
    expect(schedules).toContainEqual({ name: "release-unproven-bookings", everyMs: 60_000 });
    const booking = await visitorBooks(new Date());
    const db = await getDb();
    await db
      .update(bookings)
      .set({ unprovenReleaseAt: new Date(Date.now() - 1000) })
      .where(and(eq(bookings.id, booking.id)));
    provideBookingJobs();
    await runJob("release-unproven-bookings", {}, { jobId: "release-unproven-bookings-test", attempt: 1 });
    expect((await bookingRow(booking.id)).status).toBe("cancelled");
  });
});
