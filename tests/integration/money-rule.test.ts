import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { endCardAttempts, paymentInFlight } from "~/modules/payment/in-flight.server";
import { recordPayment } from "~/modules/payment/record.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createLocation,
  createPaymentSettings,
  createSupplier,
  createUser,
  resetDatabase,
} from "../factories";

/*
 * One rule for taking money (docs/domain.md#in-flight): whether a payment of a booking is on its
 * way, which every way of taking money asks first.
 */
const { payments, usdtAttempts } = schema;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let fx: { bookingId: number; driverId: number; staffId: number; adminId: number; supplierId: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  await createPaymentSettings(db);
  const place = await createLocation(db);
  const supplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [place.id] });
  const driver = await createUser(db, { language: "es" });
  const staff = await createUser(db, { type: "supplier", supplierId: supplier.id });
  const admin = await createUser(db, { type: "admin" });
  const startsAt = new Date(Date.now() + 10 * DAY);
  // The review's booking: $84, pay later, so it waits as `pending` with its whole balance.
  const booking = await createBooking(db, {
    carId: car.id,
    supplierId: supplier.id,
    driverId: driver.id,
    locationId: place.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * DAY),
    priceCents: 8400,
    createdAt: new Date(Date.now() - DAY),
  });
  fx = { bookingId: booking.id, driverId: driver.id, staffId: staff.id, adminId: admin.id, supplierId: supplier.id };
});

afterAll(async () => {
  await closeDb();
});

/** A payment of the booking recorded as its method's page records it (pending). */
async function pendingPayment(method: "cardPayment" | "mobilePayment" | "walletPayment", reference: string) {
  const db = await getDb();
  const recorded = await db.transaction((tx) =>
    recordPayment(tx, {
      bookingId: fx.bookingId,
      method,
      amountCents: 8400,
      providerReference: reference,
      details: method === "cardPayment" ? { gateway: "demo" } : {},
      awaitingVerification: method !== "cardPayment",
    }),
  );
  if (!recorded.ok) throw new Error("not recorded");
  return recorded.paymentId;
}

const inFlight = async (now = new Date()) => paymentInFlight(await getDb(), fx.bookingId, now);

describe("paymentInFlight", () => {
  it("says nothing is on its way for a booking without open payments, nor for settled ones", async () => {
    expect(await inFlight()).toBeNull();
    const id = await pendingPayment("cardPayment", "demo:settled");
    const db = await getDb();
    await db.update(payments).set({ status: "failed" }).where(eq(payments.id, id));
    expect(await inFlight()).toBeNull();
  });

  it("names an open card attempt `card`, which ending the attempts clears", async () => {
    const id = await pendingPayment("cardPayment", "demo:open");
    expect(await inFlight()).toBe("card");
    expect(await endCardAttempts(fx.bookingId)).toBeNull();
    const db = await getDb();
    const [row] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, id));
    expect(row.status).toBe("failed");
  });

  it("names a pago móvil transfer awaiting staff, and a USDT transaction being checked, `transfer`, which ending card attempts leaves", async () => {
    await pendingPayment("cardPayment", "demo:open");
    const transfer = await pendingPayment("mobilePayment", "pm:0134:1234:2026-11-20");
    expect(await inFlight()).toBe("transfer");
    expect(await endCardAttempts(fx.bookingId)).toBe("transfer");
    const db = await getDb();
    await db.update(payments).set({ status: "rejected" }).where(eq(payments.id, transfer));
    expect(await inFlight()).toBeNull();
    await pendingPayment("walletPayment", `tron:${"a".repeat(64)}:${fx.bookingId}`);
    expect(await inFlight()).toBe("transfer");
  });

  it("names a USDT amount the payer was asked to send `transfer` while its window runs and it is for what is owed", async () => {
    const db = await getDb();
    const openedAt = new Date();
    await db.insert(usdtAttempts).values({
      bookingId: fx.bookingId,
      balanceCents: 8400,
      amountUnits: 84_000_123n,
      openedAt,
      expiresAt: new Date(openedAt.getTime() + 30 * MINUTE),
    });
    expect(await inFlight(openedAt)).toBe("transfer");
    expect(await inFlight(new Date(openedAt.getTime() + 31 * MINUTE))).toBeNull();
    // Once the balance is another, that amount pays nothing (docs/domain.md#usdt).
    await db.update(schema.bookings).set({ priceCents: 9000 }).where(eq(schema.bookings.id, fx.bookingId));
    expect(await inFlight(openedAt)).toBeNull();
  });
});
