import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fulfilPaymentIn } from "~/modules/payment/fulfil.server";
import { endCardAttempts, paymentInFlight } from "~/modules/payment/in-flight.server";
import { approveMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { verificationQueue } from "~/modules/payment/verification-queue.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { recordPayment } from "~/modules/payment/record.server";
import { loader as bookingLoader } from "~/routes/booking";
import { action as checkoutSessionAction, loader as checkoutSessionLoader } from "~/routes/checkout-session.$sessionId";
import { action as cardAction } from "~/routes/payment.card";
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
import { formPost, routeContext } from "../route-calls";

/*
 * One rule for taking money (docs/domain.md#in-flight, #credit): whether a payment of a booking is
 * on its way, which every way of taking money asks first; and the review's M1 — the counter takes
 * the balance while an online payment is in flight — played through to the end where the counter
 * does not refuse: the demo card is refused before charging, a transfer approved anyway becomes a
 * credit staff must refund, shown on the booking. The demo gateway runs (as outside production).
 */
vi.hoisted(() => {
  process.env.CARD_DEMO_GATEWAY = "1";
});

const { notifications, payments, usdtAttempts } = schema;
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

/** Staff take the balance in cash at the counter, as the pick-up does (recordPayment + fulfilPaymentIn), without asking first. */
async function cashAtCounter(amountCents = 8400) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const recorded = await recordPayment(tx, {
      bookingId: fx.bookingId,
      method: "Cash",
      amountCents,
      providerReference: `counter:pickup:${fx.bookingId}`,
      details: { takenBy: fx.staffId },
      awaitingVerification: false,
    });
    if (!recorded.ok) throw new Error("not recorded");
    return fulfilPaymentIn(tx, recorded.paymentId, { verifiedBy: fx.staffId });
  });
}

/** What the booking's succeeded payments add up to. */
async function received() {
  const db = await getDb();
  const rows = await db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.bookingId, fx.bookingId), eq(payments.status, "succeeded")));
  return rows.reduce((sum, row) => sum + row.amountCents, 0);
}

const asDriver = () => routeContext("198.51.100.90", { id: fx.driverId, type: "user", supplierId: null });
const asStaff = () => routeContext("198.51.100.90", { id: fx.staffId, type: "supplier", supplierId: fx.supplierId });

/** What a loader or action answered or threw: its status, where a redirect leads, and its data. */
async function answer(run: () => Promise<unknown>) {
  try {
    const value = await run();
    if (!(value instanceof Response)) return { status: 200, location: null, data: value as Record<string, unknown> };
    const location = value.headers.get("Location");
    return { status: value.status, location, data: location ? null : await value.json() };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
  }
}

/** The booking's page as `who` sees it: its price table's paid and credit. */
async function bookingPage(who: AppLoadContext) {
  const page = await answer(() =>
    bookingLoader({ request: new Request(`http://rueda.test/booking?b=${fx.bookingId}`), context: who, params: {} }),
  );
  return (page.data as { booking: { paidCents: number; creditCents?: number } }).booking;
}

describe("M1: the counter takes the balance while an online payment is in flight", () => {
  it("the demo card session, completed after the cash, is refused before charging: paid stays the price", async () => {
    const started = await answer(() =>
      cardAction({
        request: formPost(`/payment/card?b=${fx.bookingId}`, { intent: "pay" }),
        context: asDriver(),
        params: {},
      }),
    );
    expect(started.status).toBe(303);
    const session = new URL(started.location!, "http://rueda.test");
    const sessionId = session.pathname.split("/").pop()!;
    expect(await cashAtCounter()).toBe("paid");

    const paid = await answer(() =>
      checkoutSessionAction({
        request: formPost(`${session.pathname}${session.search}`, {
          cardNumber: "4242 4242 4242 4242",
          expiry: "12/39",
          securityCode: "123",
        }),
        context: asDriver(),
        params: { sessionId },
      }),
    );
    // Back to the attempt's page, not to the success page: nothing was charged.
    expect(paid.location).toBe(`${session.pathname}${session.search}`);
    expect(await received()).toBe(8400);
    const page = await answer(() =>
      checkoutSessionLoader({ request: new Request(session), context: asDriver(), params: { sessionId } }),
    );
    expect(page.data).toMatchObject({ outcome: "notOwed", title: "Nothing was charged · Rueda" });
    const db = await getDb();
    const [attempt] = await db.select().from(payments).where(eq(payments.method, "cardPayment"));
    expect(attempt).toMatchObject({ status: "failed", details: { gateway: "demo", failure: "notOwed" } });
  });

  it("a pago móvil transfer approved after the cash is recorded as a credit to refund, said to the admin before and after and shown on the booking", async () => {
    const booking = (await loadPayableBooking(fx.bookingId, { userId: fx.driverId, grant: null }))!;
    const submitted = await submitMobilePayment(booking, {
      bank: "0134",
      phone: "04141234567",
      reference: "001234",
      date: new Date().toISOString().slice(0, 10),
    });
    if (!submitted.ok) throw new Error(submitted.reason);
    expect(await cashAtCounter()).toBe("paid");

    const admin = { id: fx.adminId, type: "admin" as const, supplierId: null };
    const [row] = (await verificationQueue(admin)).awaiting.rows;
    expect(row).toMatchObject({ paymentId: submitted.paymentId, balance: "$0", wouldCredit: "$84" });
    expect(await approveMobilePayment(admin, submitted.paymentId)).toBe("credit");
    // Received twice, but only the price pays the booking: the rest is the credit, on its page for staff and driver.
    expect(await received()).toBe(16_800);
    for (const who of [asStaff(), asDriver()])
      expect(await bookingPage(who)).toMatchObject({ paidCents: 16_800, creditCents: 8400 });
    const db = await getDb();
    const told = await db.select().from(notifications).where(eq(notifications.bookingId, fx.bookingId));
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          userId: fx.driverId,
          messageKey: "notifications:messages.paymentCredit",
          params: expect.objectContaining({ credit: "$84" }),
        }),
        expect.objectContaining({
          userId: fx.staffId,
          messageKey: "notifications:messages.paymentCreditStaff",
          params: expect.objectContaining({ credit: "$84" }),
        }),
      ]),
    );
  });

  it("shows no credit while the payments only cover the price", async () => {
    expect(await cashAtCounter()).toBe("paid");
    expect(await bookingPage(asStaff())).toMatchObject({ paidCents: 8400, creditCents: 0 });
  });
});
