import { and, count, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import type { CheckoutInput } from "~/modules/booking/checkout-outcome";
import { createBooking } from "~/modules/booking/create-booking.server";
import { failPayment, fulfilPayment } from "~/modules/payment/fulfil.server";
import { paymentGrant } from "~/modules/payment/grant.server";
import { requirePayableBooking } from "~/modules/payment/payable.server";
import { recordPayment, type PaymentRequest } from "~/modules/payment/record.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { sweepExpiredHolds } from "~/modules/booking/holds.server";
import { createCar, createLocation, createSupplier, createUser, resetDatabase } from "../factories";

/*
 * The payments core against the real database (PostgreSQL with DATABASE_URL, else PGlite):
 * a confirmation counts once however often and however concurrently it arrives, a failed
 * payment frees its hold, a payment confirmed after its hold lapsed is never lost and never
 * double-books the car, a provider reference is taken once, and only the driver or a grant
 * holder reaches a booking's payment pages (docs/domain.md#payments, docs/security.md#payments).
 */
const { bookings, bookingEvents, payments, notifications, outbox } = schema;
const DAY = 24 * 3_600_000;
const base = new Date(Math.floor((Date.now() + 12 * DAY) / DAY) * DAY + 14 * 3_600_000);
const at = (days: number) => new Date(base.getTime() + days * DAY);

let fx: {
  placeId: number;
  carId: number;
  driverId: number;
  otherDriverId: number;
  staffId: number;
  adminId: number;
  otherStaffId: number;
};

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createLocation(db);
  const supplier = await createSupplier(db);
  const otherSupplier = await createSupplier(db);
  const car = await createCar(db, {
    supplierId: supplier.id,
    name: "Fiat Uno",
    dailyPriceCents: 4000,
    payLaterFeePercent: 10,
    locationIds: [place.id],
  });
  const driver = await createUser(db, { fullName: "Driver One", birthDate: "1990-01-01", language: "en" });
  const otherDriver = await createUser(db, { fullName: "Driver Two", birthDate: "1990-01-01" });
  const staff = await createUser(db, { type: "supplier", supplierId: supplier.id });
  const admin = await createUser(db, { type: "admin" });
  const otherStaff = await createUser(db, { type: "supplier", supplierId: otherSupplier.id });
  fx = {
    placeId: place.id,
    carId: car.id,
    driverId: driver.id,
    otherDriverId: otherDriver.id,
    staffId: staff.id,
    adminId: admin.id,
    otherStaffId: otherStaff.id,
  };
});

afterAll(async () => {
  await closeDb();
});

/** A checkout of the test car for days 0–3 through the real checkout transaction. */
async function checkout(overrides: Partial<CheckoutInput> = {}, now = new Date()) {
  const result = await createBooking(
    {
      carId: fx.carId,
      pickupLocationId: fx.placeId,
      dropoffLocationId: fx.placeId,
      from: at(0),
      to: at(3),
      options: [],
      driver: { kind: "user", userId: fx.driverId },
      additionalDriver: null,
      acceptedTerms: false,
      paymentMethod: "cardPayment",
      ...overrides,
    },
    now,
  );
  if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
  return result.bookingId;
}

let references = 0;
/** A card payment attempt for the whole booking, recorded in its own transaction. */
async function pay(bookingId: number, overrides: Partial<PaymentRequest> = {}) {
  const db = await getDb();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const result = await db.transaction((tx) =>
    recordPayment(tx, {
      bookingId,
      method: "cardPayment",
      amountCents: booking.priceCents,
      providerReference: `demo:test-${++references}`,
      details: {},
      awaitingVerification: false,
      ...overrides,
    }),
  );
  if (!result.ok) throw new Error("duplicate payment");
  return result.paymentId;
}

async function state(bookingId: number) {
  const db = await getDb();
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  const rows = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  const toPaid = await db
    .select({ n: count() })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.toStatus, "paid")));
  const confirmations = await db
    .select({ jobId: outbox.jobId })
    .from(outbox)
    .where(like(outbox.jobId, "payment-confirmation-%"));
  const notes = await db
    .select({ userId: notifications.userId, key: notifications.messageKey })
    .from(notifications)
    .where(eq(notifications.bookingId, bookingId));
  return {
    status: booking.status,
    payments: rows.map((p) => p.status),
    paidEvents: toPaid[0].n,
    confirmations: confirmations.map((c) => c.jobId),
    notes,
  };
}

const bookable = () =>
  carIsBookableFor({ carId: fx.carId, locationId: fx.placeId, pickUp: at(0), dropOff: at(3), now: null });

describe("fulfilPayment", () => {
  it("confirms once when told twice: one succeeded payment, paid once, one confirmation email", async () => {
    const bookingId = await checkout();
    const paymentId = await pay(bookingId);
    expect(await fulfilPayment(paymentId)).toBe("paid");
    expect(await fulfilPayment(paymentId)).toBe("alreadyDone");
    const after = await state(bookingId);
    expect(after).toMatchObject({
      status: "paid",
      payments: ["succeeded"],
      paidEvents: 1,
      confirmations: [`payment-confirmation-${paymentId}`],
    });
    expect(after.notes.filter((n) => n.key === "notifications:messages.paymentReceived")).toEqual([
      { userId: fx.driverId, key: "notifications:messages.paymentReceived" },
    ]);
  });

  it("confirms once when told five times at once", async () => {
    const bookingId = await checkout();
    const paymentId = await pay(bookingId);
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => fulfilPayment(paymentId)));
    expect(outcomes.sort()).toEqual(["alreadyDone", "alreadyDone", "alreadyDone", "alreadyDone", "paid"]);
    const after = await state(bookingId);
    expect(after).toMatchObject({
      status: "paid",
      payments: ["succeeded"],
      paidEvents: 1,
      confirmations: [`payment-confirmation-${paymentId}`],
    });
    expect(after.notes.filter((n) => n.key === "notifications:messages.paymentReceived")).toHaveLength(1);
  });

  it("revives a hold that lapsed and was swept when the car is still free", async () => {
    const started = new Date(Date.now() - 40 * 60_000);
    const bookingId = await checkout({}, started);
    const paymentId = await pay(bookingId);
    expect(await sweepExpiredHolds()).toBe(1);
    expect((await state(bookingId)).status).toBe("cancelled");

    expect(await fulfilPayment(paymentId)).toBe("paid");
    const after = await state(bookingId);
    expect(after).toMatchObject({
      status: "paid",
      payments: ["succeeded"],
      paidEvents: 1,
      confirmations: [`payment-confirmation-${paymentId}`],
    });
    expect(await bookable()).toBe(false);
  });

  it("keeps the lapsed hold cancelled and flags it to staff when another booking took the car: no double booking, money recorded", async () => {
    const started = new Date(Date.now() - 40 * 60_000);
    const bookingId = await checkout({}, started);
    const paymentId = await pay(bookingId);
    await sweepExpiredHolds();
    const otherId = await checkout({ driver: { kind: "user", userId: fx.otherDriverId }, paymentMethod: "payLater" });

    expect(await fulfilPayment(paymentId)).toBe("flagged");
    const after = await state(bookingId);
    expect(after).toMatchObject({ status: "cancelled", payments: ["succeeded"], paidEvents: 0, confirmations: [] });
    const flagged = after.notes
      .filter((n) => n.key === "notifications:messages.paymentNeedsAttention")
      .map((n) => n.userId);
    expect(flagged.sort()).toEqual([fx.staffId, fx.adminId].sort());
    expect(after.notes.some((n) => n.userId === fx.driverId || n.userId === fx.otherStaffId)).toBe(false);

    const db = await getDb();
    const live = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(eq(bookings.carId, fx.carId), inArray(bookings.status, ["void", "pending", "deposit", "paid", "reserved"])),
      );
    expect(live).toEqual([{ id: otherId }]);
    // Asked again (a webhook retried), it changes nothing.
    expect(await fulfilPayment(paymentId)).toBe("alreadyDone");
    expect((await state(bookingId)).notes).toHaveLength(after.notes.length);
  });
});

describe("failPayment", () => {
  it("cancels a hold whose payment failed, and the car can be booked again", async () => {
    const bookingId = await checkout();
    const paymentId = await pay(bookingId);
    expect(await bookable()).toBe(false);

    await failPayment(paymentId, { status: "failed", reason: "card_declined" });
    const db = await getDb();
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: "failed", details: { failure: "card_declined" } });
    expect((await state(bookingId)).status).toBe("cancelled");
    expect(await bookable()).toBe(true);
    await checkout({ driver: { kind: "user", userId: fx.otherDriverId } });
  });

  it("leaves the hold while another payment of it is still in progress", async () => {
    const bookingId = await checkout();
    const first = await pay(bookingId);
    await pay(bookingId);
    await failPayment(first, { status: "failed" });
    expect((await state(bookingId)).status).toBe("void");
  });
});

describe("recordPayment", () => {
  it("takes a provider reference once when two submissions race", async () => {
    const bookingId = await checkout();
    const db = await getDb();
    const request: PaymentRequest = {
      bookingId,
      method: "walletPayment",
      amountCents: 12000,
      providerReference: `tron:${"ab".repeat(32)}`,
      details: {},
      awaitingVerification: true,
    };
    const results = await Promise.all([
      db.transaction((tx) => recordPayment(tx, request)),
      db.transaction((tx) => recordPayment(tx, request)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, reason: "duplicate" }]);
    const after = await state(bookingId);
    expect(after).toMatchObject({ status: "pending", payments: ["pending"] });
  });
});

describe("requirePayableBooking", () => {
  const asUser = (id: number | null) => ({ user: id === null ? null : ({ id } as SessionUser) });
  const request = (query: string) => new Request(`http://localhost/payment/card?${query}`);
  const status = (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (thrown: unknown) => (thrown instanceof Response ? thrown.status : Promise.reject(thrown)),
    );

  it("lets the driver and a grant holder in, and no one else", async () => {
    const bookingId = await checkout();
    const otherId = await checkout({ driver: { kind: "user", userId: fx.otherDriverId }, from: at(5), to: at(7) });

    const own = await requirePayableBooking(request(`b=${bookingId}`), asUser(fx.driverId));
    expect(own).toMatchObject({
      booking: { id: bookingId, status: "void", balanceCents: 12000, payable: true },
      grant: null,
    });

    expect(await status(requirePayableBooking(request(`b=${otherId}`), asUser(fx.driverId)))).toBe(404);
    expect(
      await status(requirePayableBooking(request(`b=${bookingId}&g=${paymentGrant(otherId)}`), asUser(null))),
    ).toBe(404);
    expect(
      await status(requirePayableBooking(request(`b=${bookingId}&g=${"x".repeat(24)}`), asUser(fx.otherDriverId))),
    ).toBe(404);
    expect(await status(requirePayableBooking(request(`b=${bookingId}`), asUser(null)))).toBe(404);
    expect(await status(requirePayableBooking(request("b=999999"), asUser(fx.driverId)))).toBe(404);

    const grant = paymentGrant(bookingId);
    const granted = await requirePayableBooking(request(`b=${bookingId}&g=${grant}`), asUser(null));
    expect(granted).toMatchObject({ booking: { id: bookingId }, grant });
  });
});
