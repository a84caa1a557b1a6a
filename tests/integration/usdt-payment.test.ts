import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadPayableBooking, type PayableBooking } from "~/modules/payment/payable.server";
import { CHECK_WINDOW_MS, checkUsdtPayment, latestWalletPayment, NotYetSolidified, submitTransaction, TronGridUnavailable } from "~/modules/payment/wallet.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { runJob } from "../../jobs/handlers";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import { createBooking, createCar, createLocation, createSupplier, createUser, resetDatabase } from "../factories";

// As server.ts and worker.ts do: the payment jobs' handlers come from the payments module.
providePaymentJobs();

/*
 * The USDT payment against the real database and the TronGrid fake over HTTP, as the job runs
 * it: submission (one payment per transaction id, also under races), the check's verdicts, its
 * retries while the chain has no final answer, and giving up after the window.
 */
const WALLET = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E";

const fake = await vi.hoisted(async () => {
  const { startTronGridFake } = await import("../fakes/trongrid");
  const started = await startTronGridFake();
  process.env.TRONGRID_URL = started.url;
  process.env.TRONGRID_API_KEY = "tron-test-key";
  process.env.WALLET_ADDRESS = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";
  return started;
});

const { bookings, payments, outbox } = schema;
const DAY = 86_400_000;
let txCounter = 0;
const newTxId = () => `${Date.now().toString(16)}${(++txCounter).toString(16).padStart(4, "0")}`.padEnd(64, "c");

let fx: { driverId: number; supplierId: number; carId: number; locationId: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const location = await createLocation(db);
  const supplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [location.id] });
  const driver = await createUser(db, { language: "en" });
  fx = { driverId: driver.id, supplierId: supplier.id, carId: car.id, locationId: location.id };
});

afterAll(async () => {
  await fake.close();
  await closeDb();
});

/** A booking on hold for online payment (or in `status`), $150.00, as its driver sees it on the payment page. */
async function payableBooking(startDay: number, status: "void" | "pending" | "cancelled" = "void"): Promise<PayableBooking> {
  const db = await getDb();
  const row = await createBooking(db, {
    carId: fx.carId,
    supplierId: fx.supplierId,
    driverId: fx.driverId,
    locationId: fx.locationId,
    startsAt: new Date(Date.now() + startDay * DAY),
    endsAt: new Date(Date.now() + (startDay + 3) * DAY),
    status,
    paymentMethod: "walletPayment",
    holdExpiresAt: new Date(Date.now() + 30 * 60_000),
    createdAt: new Date(Date.now() - 60_000),
  });
  return (await loadPayableBooking(row.id, { userId: fx.driverId, grant: null }))!;
}

async function paymentRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

async function bookingStatus(id: number) {
  const db = await getDb();
  const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
  return row.status;
}

async function jobIds() {
  const db = await getDb();
  return (await db.select({ jobId: outbox.jobId }).from(outbox)).map((r) => r.jobId);
}

/** Registers a solidified transfer on the fake chain: by default exactly $150.00 of USDT to us, now. */
function chain(txid: string, overrides: Partial<{ to: string; contract: string; amount: string; result: string; blockTimeStamp: number; solidified: boolean }> = {}) {
  fake.register({ txid, to: WALLET, contract: USDT, amount: "150000000", ...overrides });
}

async function submitted(booking: PayableBooking, txid = newTxId()) {
  const outcome = await submitTransaction(booking, txid);
  if (!outcome.ok) throw new Error(`submission refused: ${outcome.reason}`);
  return { txid, paymentId: outcome.paymentId };
}

describe("submitting a transaction id", () => {
  it("records a pending payment of the balance, moves the hold to pending and enqueues its check in the same transaction", async () => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    expect(await paymentRow(paymentId)).toMatchObject({ method: "walletPayment", status: "pending", amountCents: 15_000, providerReference: `tron:${txid}` });
    expect(await bookingStatus(booking.id)).toBe("pending");
    expect(await jobIds()).toContain(`check-usdt-${paymentId}`);
  });

  it("refuses a transaction id already registered, for this booking or another, and while one is checked a second one", async () => {
    const first = await payableBooking(5);
    const second = await payableBooking(15);
    const { txid } = await submitted(first);
    expect(await submitTransaction(second, txid)).toEqual({ ok: false, reason: "duplicate" });
    expect(await submitTransaction(first, txid)).toEqual({ ok: false, reason: "duplicate" });
    expect(await submitTransaction(first, newTxId())).toEqual({ ok: false, reason: "inProgress" });
    const db = await getDb();
    expect(await db.select().from(payments)).toHaveLength(1);
  });

  it("records one payment when the same transaction id is submitted concurrently for two bookings", async () => {
    const bookingsToPay = await Promise.all([payableBooking(5), payableBooking(15), payableBooking(25)]);
    const txid = newTxId();
    const outcomes = await Promise.all(bookingsToPay.map((b) => submitTransaction(b, txid)));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      { ok: false, reason: "duplicate" },
      { ok: false, reason: "duplicate" },
    ]);
    const db = await getDb();
    expect(await db.select().from(payments)).toHaveLength(1);
    expect((await jobIds()).filter((id) => id.startsWith("check-usdt-"))).toHaveLength(1);
  });

  it("refuses a booking that can no longer be paid", async () => {
    const booking = await payableBooking(5, "cancelled");
    expect(await submitTransaction(booking, newTxId())).toEqual({ ok: false, reason: "notPayable" });
  });
});

describe("checking a submitted transaction on TronGrid", () => {
  it("pays the booking for a valid transfer, with the API key, through the job; a second run changes nothing", async () => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    chain(txid);
    await runJob("check-usdt-payment", { paymentId }, { jobId: `check-usdt-${paymentId}`, attempt: 1 });
    expect(fake.queries(txid)).toEqual({ count: 1, apiKey: "tron-test-key" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "succeeded" });
    expect(await bookingStatus(booking.id)).toBe("paid");
    expect(await jobIds()).toContain(`payment-confirmation-${paymentId}`);
    expect(await latestWalletPayment(booking.id)).toEqual({ status: "succeeded", failure: null });
    expect(await checkUsdtPayment(paymentId)).toBe("alreadyDone");
    expect(fake.queries(txid).count).toBe(1);
  });

  it.each([
    ["tooSmall", { amount: "149999999" }],
    ["wrongRecipient", { to: OTHER }],
    ["wrongToken", { contract: OTHER }],
    ["failed", { result: "REVERT" }],
    ["tooEarly", { blockTimeStamp: Date.now() - DAY }],
  ] as const)("fails the payment as %s and gives the booking back its running hold for another transaction", async (reason, overrides) => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    chain(txid, overrides);
    expect(await checkUsdtPayment(paymentId)).toBe(reason);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "failed", details: expect.objectContaining({ failure: reason }) });
    expect(await bookingStatus(booking.id)).toBe("void");
    expect(await latestWalletPayment(booking.id)).toEqual({ status: "failed", failure: reason });
    const again = await loadPayableBooking(booking.id, { userId: fx.driverId, grant: null });
    expect(again?.payable).toBe(true);
    await submitted(again!);
  });

  it("releases the car when a failed transaction comes after the booking's hold ran out", async () => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    const db = await getDb();
    await db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, booking.id));
    chain(txid, { amount: "1" });
    expect(await checkUsdtPayment(paymentId)).toBe("tooSmall");
    expect(await bookingStatus(booking.id)).toBe("cancelled");
  });

  it("retries a transaction the solidified chain does not know yet, then pays it once it does", async () => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    await expect(checkUsdtPayment(paymentId)).rejects.toBeInstanceOf(NotYetSolidified);
    chain(txid, { solidified: false });
    await expect(checkUsdtPayment(paymentId)).rejects.toBeInstanceOf(NotYetSolidified);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending" });
    chain(txid);
    expect(await checkUsdtPayment(paymentId)).toBe("paid");
  });

  it("gives up on a transaction still unknown when the window since submission has passed", async () => {
    const booking = await payableBooking(5);
    const { paymentId } = await submitted(booking);
    const { createdAt } = await paymentRow(paymentId);
    await expect(checkUsdtPayment(paymentId, new Date(createdAt.getTime() + CHECK_WINDOW_MS - 1000))).rejects.toBeInstanceOf(NotYetSolidified);
    expect(await checkUsdtPayment(paymentId, new Date(createdAt.getTime() + CHECK_WINDOW_MS))).toBe("timeout");
    expect(await paymentRow(paymentId)).toMatchObject({ status: "failed", details: expect.objectContaining({ failure: "timeout" }) });
  });

  it.each([429, 403, 503])("retries when TronGrid answers %i, without touching the payment", async (status) => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    chain(txid);
    fake.failNext(1, status);
    await expect(checkUsdtPayment(paymentId)).rejects.toBeInstanceOf(TronGridUnavailable);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending" });
    expect(await checkUsdtPayment(paymentId)).toBe("paid");
  });
});
