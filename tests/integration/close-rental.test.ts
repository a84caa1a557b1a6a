import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { acceptanceReturn } from "~/modules/pricing/final-bill.fixture";
import { closeRental } from "~/modules/counter/close.server";
import { rentalHistory } from "~/modules/counter/history.server";
import type { ReturnForm } from "~/modules/counter/return";
import { recordReturn } from "~/modules/counter/return.server";
import { receivedPayments } from "~/modules/payment/receipt.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createBooking, createCar, createMaiquetia, createSupplier, createUser, resetDatabase } from "../factories";
import { formPost } from "../route-calls";

/*
 * Closing the rental against the real database (docs/domain.md#closing): the still-to-pay taken as
 * a confirmed counter payment, nothing recorded when nothing is due, one close per rental, the
 * self-approval rule and the scope.
 */
const { auditLog, bookings, payments, rentals } = schema;
const { input } = acceptanceReturn;
const who = (u: { id: number; type: string; supplierId: number | null }) => u as unknown as StaffUser;
const now = new Date("2026-12-04T17:05:00Z");
const closedAt = new Date("2026-12-04T17:20:00Z");
/** Damage beyond the deposit: $80.50 + $170 against a $150 deposit leaves $100.50 to pay. */
const damages = [{ amountCents: 17_000, note: "Broken headlight" }];

let fx: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const llanos = await createSupplier(db, {
    rif: "J-12345678-4",
    refuelEighthCents: input.refuelEighthCents,
    lateGraceMinutes: input.graceMinutes,
  });
  const other = await createSupplier(db);
  const driver = await createUser(db, { language: "en", birthDate: "1990-01-01" });
  const staff = who(await createUser(db, { type: "supplier", supplierId: llanos.id }));
  /** A paid booking (of a car of its own) picked up and returned with the fixture's figures (and `returnDamages`). */
  const admin = who(await createUser(db, { type: "admin" }));
  const returned = async (returnDamages: ReturnForm["damages"] = [], driverId = driver.id) => {
    // A car of its own: bookings of one car cannot overlap.
    const car = await createCar(db, {
      supplierId: llanos.id,
      locationIds: [place.id],
      dailyPriceCents: input.price.dailyPriceCents,
      mileage: input.mileagePerDayKm,
      extraKmCents: input.extraKmCents,
    });
    const booking = await createBooking(db, {
      carId: car.id,
      supplierId: llanos.id,
      driverId,
      locationId: place.id,
      startsAt: input.pickedUpAt,
      endsAt: input.plannedDropOffAt,
      status: "paid",
      priceCents: 8400,
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
    // Paid means paid (docs/domain.md#payments): the card payment that covered the price.
    await db.insert(payments).values({
      bookingId: booking.id,
      method: "cardPayment",
      status: "succeeded",
      amountCents: 8400,
      providerReference: `stripe:cs_test_${booking.id}`,
    });
    await db.insert(rentals).values({
      bookingId: booking.id,
      pickedUpAt: input.pickedUpAt,
      pickedUpBy: staff.id,
      odometerOutKm: input.odometerOutKm,
      fuelOutEighths: input.fuelOutEighths,
      depositCents: 15000,
      depositTaken: "cardHold",
      signerName: "Daniela Conductora",
      signedAt: input.pickedUpAt,
      language: "en",
    });
    // The deposit taken, as the pick-up writes it on the ledger (docs/domain.md#deposit-ledger).
    await db.insert(schema.depositLedger).values({
      bookingId: booking.id,
      kind: "received",
      amountCents: 15000,
      method: "cardHold",
      recordedBy: staff.id,
      recordedAt: input.pickedUpAt,
    });
    const form: ReturnForm = {
      odometer: input.odometerInKm,
      fuel: input.fuelInEighths,
      returnedAt: "2026-12-04T13:00",
      damages: returnDamages,
      photos: [],
      marks: [],
    };
    // A staff member's own booking is returned by someone else (docs/security.md#payments).
    const by = driverId === staff.id ? admin : staff;
    expect(await recordReturn(by, booking.id, form, now)).toMatchObject({ outcome: "returned" });
    return booking;
  };
  return {
    db,
    returned,
    driver: who(driver),
    staff,
    otherStaff: who(await createUser(db, { type: "supplier", supplierId: other.id })),
    admin,
  };
}

const paymentsOf = (bookingId: number) =>
  fx.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id);
/** The payments taken at the counter (the price was paid by card before). */
const counterPaymentsOf = async (bookingId: number) =>
  (await paymentsOf(bookingId)).filter((p) => p.method !== "cardPayment");
/** The refund of the deposit's $69.50 left after the fixture's bill (docs/domain.md#deposit-ledger). */
const refundRest = { refundAmount: 6950, refundMethod: "cardHold", refundReference: "HOLD-1" } as const;
const rentalOf = async (bookingId: number) =>
  (await fx.db.select().from(rentals).where(eq(rentals.bookingId, bookingId)))[0];

beforeEach(async () => {
  fx = await setUp();
});

afterAll(async () => {
  await closeDb();
});

describe("closing the rental", () => {
  it("takes the bill's still-to-pay as a confirmed counter payment, keeps the booking paid and closes the record", async () => {
    const booking = await fx.returned(damages);
    expect(await closeRental(fx.staff, booking.id, { method: "PointOfSell" }, closedAt)).toBe("closed");
    expect(await counterPaymentsOf(booking.id)).toEqual([
      expect.objectContaining({
        method: "PointOfSell",
        amountCents: 10_050,
        status: "succeeded",
        verifiedBy: fx.staff.id,
        providerReference: `counter:close:${booking.id}`,
      }),
    ]);
    expect(await rentalOf(booking.id)).toMatchObject({ state: "closed", closedAt, closedBy: fx.staff.id });
    const [after] = await fx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after.status).toBe("paid");
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.close"));
    expect(audit).toMatchObject({ subjectId: booking.id, actorId: fx.staff.id });
    expect(audit.changes).toMatchObject({
      amountCents: [null, 10_050],
      method: [null, "PointOfSell"],
      depositReturnedCents: [null, 0],
    });
    // The booking's payments list (and its receipt) shows the money taken at the close.
    expect(await receivedPayments(booking.id)).toEqual([
      expect.objectContaining({ method: "cardPayment", amountCents: 8400 }),
      expect.objectContaining({ method: "PointOfSell", amountCents: 10_050 }),
    ]);
    expect((await rentalHistory(booking.id)).map((e) => e.kind)).toEqual(["pickedUp", "returned", "closed"]);
  });

  it("records no payment when nothing is still to pay, and asks for the refund of the deposit held", async () => {
    const booking = await fx.returned();
    expect(await closeRental(fx.admin, booking.id, {}, closedAt)).toBe("asksChanged");
    expect(await closeRental(fx.admin, booking.id, refundRest, closedAt)).toBe("closed");
    expect(await counterPaymentsOf(booking.id)).toEqual([]);
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.close"));
    expect(audit.changes).toMatchObject({
      amountCents: [null, 0],
      method: [null, null],
      depositReturnedCents: [null, 6950],
    });
  });

  it("closes once: a second close is refused, also when two are posted at once", async () => {
    const booking = await fx.returned(damages);
    const outcomes = await Promise.all([
      closeRental(fx.staff, booking.id, { method: "Cash" }, closedAt),
      closeRental(fx.admin, booking.id, { method: "PointOfSell" }, closedAt),
    ]);
    expect(outcomes.sort()).toEqual(["closed", "notReturned"]);
    expect(await closeRental(fx.staff, booking.id, { method: "Cash" }, closedAt)).toBe("notReturned");
    expect(await counterPaymentsOf(booking.id)).toHaveLength(1);
    expect(await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.close"))).toHaveLength(1);
  });

  it("is refused to a staff member taking the payment of their own booking; nothing is written", async () => {
    const booking = await fx.returned(damages, fx.staff.id);
    expect(await closeRental(fx.staff, booking.id, { method: "Cash" }, closedAt)).toBe("ownBooking");
    expect(await counterPaymentsOf(booking.id)).toEqual([]);
    expect((await rentalOf(booking.id)).state).toBe("returned");
    // Nothing to pay, the whole deposit going back to themselves: refused as well.
    const settled = await fx.returned([], fx.staff.id);
    expect(await closeRental(fx.staff, settled.id, refundRest, closedAt)).toBe("ownBooking");
    expect((await rentalOf(settled.id)).state).toBe("returned");
  });

  it("is for the booking's supplier's staff and admins; others find no booking", async () => {
    const booking = await fx.returned(damages);
    for (const outsider of [fx.otherStaff, fx.driver])
      expect(await closeRental(outsider, booking.id, { method: "Cash" }, closedAt)).toBe("notFound");
    expect(await counterPaymentsOf(booking.id)).toEqual([]);
    expect(
      await fx.db
        .select()
        .from(rentals)
        .where(and(eq(rentals.bookingId, booking.id), eq(rentals.state, "returned"))),
    ).toHaveLength(1);
  });

  it("is refused while the car is still out", async () => {
    const booking = await fx.returned();
    await fx.db.update(rentals).set({ state: "out", returnedAt: null }).where(eq(rentals.bookingId, booking.id));
    expect(await closeRental(fx.staff, booking.id, refundRest, closedAt)).toBe("notReturned");
  });

  it("is posted on the booking page: another supplier's staff get a 404, a missing answer or one's own booking is said on the form", async () => {
    const post = (user: StaffUser, id: number, form: Record<string, string>) =>
      bookingAction({
        request: formPost(`/booking?b=${id}`, { intent: "close", ...form }),
        context: { user, language: "en", t: getFixedT("en") } as unknown as AppLoadContext,
        params: {},
      }).catch((thrown: unknown) => thrown as Response);
    const booking = await fx.returned(damages);
    expect(((await post(fx.otherStaff, booking.id, { method: "Cash" })) as Response).status).toBe(404);
    const missing = (await post(fx.staff, booking.id, {})) as Response;
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain("bookings:close.errors.method");
    const own = await fx.returned(damages, fx.staff.id);
    const refused = (await post(fx.staff, own.id, { method: "Cash" })) as Response;
    expect(JSON.stringify(await refused.json())).toContain("bookings:close.errors.ownBooking");
    const done = (await post(fx.staff, booking.id, { method: "Cash" })) as Response;
    expect(done.status).toBe(302);
    expect((await rentalOf(booking.id)).state).toBe("closed");
  });
});

describe("what the close takes: everything paid against the bill (docs/domain.md#closing)", () => {
  /** A second payment of the price that went through (the review's M1: the card and the counter both paid). */
  const paidTwice = (bookingId: number) =>
    fx.db.insert(payments).values({
      bookingId,
      method: "Cash",
      status: "succeeded",
      amountCents: 8400,
      providerReference: `counter:pickup:${bookingId}`,
    });

  /** The booking page's settle-and-close section, as staff load it. */
  const closeSection = async (id: number) => {
    const data = (await bookingLoader({
      request: new Request(`http://rueda.test/booking?b=${id}`),
      context: { user: fx.staff, language: "en", t: getFixedT("en") } as unknown as AppLoadContext,
      params: {},
    })) as unknown as { close: Record<string, unknown> };
    return data.close;
  };

  it("takes the bill's still-to-pay less a credit: the $84 paid twice lowers $100.50 to $16.50", async () => {
    const booking = await fx.returned(damages);
    await paidTwice(booking.id);
    expect(await closeSection(booking.id)).toMatchObject({
      billCents: 10_050,
      creditCents: 8400,
      stillToPayCents: 1650,
    });
    expect(await closeRental(fx.staff, booking.id, { method: "Cash" }, closedAt)).toBe("closed");
    const [close] = (await paymentsOf(booking.id)).filter((p) => p.providerReference === `counter:close:${booking.id}`);
    expect(close).toMatchObject({ amountCents: 1650, status: "succeeded" });
  });

  it("shows what was paid beyond the bill as to refund, and never charges it again", async () => {
    const booking = await fx.returned();
    await paidTwice(booking.id);
    expect(await closeSection(booking.id)).toMatchObject({ stillToPayCents: 0, toRefundCents: 8400 });
    expect(await closeRental(fx.staff, booking.id, { method: "Cash", ...refundRest }, closedAt)).toBe("closed");
    expect((await paymentsOf(booking.id)).map((p) => p.amountCents)).toEqual([8400, 8400]);
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.close"));
    expect(audit.changes).toMatchObject({ amountCents: [null, 0], toRefundCents: [null, 8400] });
  });

  it("is refused while a transfer of the booking waits to be verified; an open card attempt is ended first", async () => {
    const booking = await fx.returned(damages);
    await fx.db.insert(payments).values({
      bookingId: booking.id,
      method: "mobilePayment",
      status: "pending",
      amountCents: 10_050,
      providerReference: "0102:998877",
    });
    expect(await closeSection(booking.id)).toMatchObject({ inFlight: "mobilePayment" });
    expect(await closeRental(fx.staff, booking.id, { method: "Cash" }, closedAt)).toBe("transferPending");
    expect((await rentalOf(booking.id)).state).toBe("returned");
    expect((await paymentsOf(booking.id)).map((p) => [p.method, p.status])).toEqual([
      ["cardPayment", "succeeded"],
      ["mobilePayment", "pending"],
    ]);

    const other = await fx.returned(damages);
    await fx.db.insert(payments).values({
      bookingId: other.id,
      method: "cardPayment",
      status: "pending",
      amountCents: 10_050,
      providerReference: "demo:0123456789abcdef0123456789abcdef",
    });
    expect(await closeRental(fx.staff, other.id, { method: "Cash" }, closedAt)).toBe("closed");
    expect((await paymentsOf(other.id)).map((p) => [p.method, p.status])).toEqual([
      ["cardPayment", "succeeded"],
      ["cardPayment", "failed"],
      ["Cash", "succeeded"],
    ]);
  });
});
