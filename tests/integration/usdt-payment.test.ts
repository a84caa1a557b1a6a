import { eq, sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { fulfilPaymentIn } from "~/modules/payment/fulfil.server";
import { bookingMoney } from "~/modules/payment/money.server";
import { recordPayment } from "~/modules/payment/record.server";
import { loader as usdtPageLoader } from "~/routes/payment.usdt";
import { createApiClient, signedInUser } from "../api/client";
import { loadPayableBooking, type PayableBooking } from "~/modules/payment/payable.server";
import { ATTEMPT_GRACE_MS } from "~/modules/payment/tron";
import { ATTEMPT_MS, openUsdtAttempt } from "~/modules/payment/usdt-attempt.server";
import {
  CHECK_WINDOW_MS,
  checkUsdtPayment,
  NotYetSolidified,
  TronGridUnavailable,
} from "~/modules/payment/check-usdt-payment.server";
import { latestWalletPayment, submitTransaction } from "~/modules/payment/submit-usdt-payment.server";
import { unmatchedUsdtTransfers } from "~/modules/payment/unmatched-usdt.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { runJob } from "../../jobs/handlers";
import { providePaymentJobs } from "~/modules/payment/jobs.server";
import { createBooking, createCar, createLocation, createSupplier, createUser, resetDatabase } from "../factories";
import { routeContext } from "../route-calls";

// As server.ts and worker.ts do: the payment jobs' handlers come from the payments module.
providePaymentJobs();

/*
 * The USDT payment against the real database and the TronGrid fake over HTTP, as the job runs
 * it: submission (one payment per transaction id, also under races), the check's verdicts, its
 * retries while the chain has no final answer, and giving up after the window. Every transfer
 * must carry the exact amount of one of its booking's attempts (docs/domain.md#usdt).
 */
const WALLET = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const OTHER = "TD5gsCwxykWsLN9aPrq2TAfNjByuZKYp4E";
/** A payer's account (33…33), other than the fake's default sender. */
const PAYER = "TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy";

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

let fx: { driverId: number; supplierId: number; carId: number; locationId: number; adminId: number };

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const location = await createLocation(db);
  const supplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, locationIds: [location.id] });
  const driver = await createUser(db, { language: "en" });
  const admin = await createUser(db, { type: "admin" });
  fx = { driverId: driver.id, supplierId: supplier.id, carId: car.id, locationId: location.id, adminId: admin.id };
});

afterAll(async () => {
  await fake.close();
  await closeDb();
});

/** A booking on hold for online payment (or in `status`), $150.00, as its driver sees it on the payment page. */
async function payableBooking(
  startDay: number,
  status: "void" | "pending" | "cancelled" = "void",
): Promise<PayableBooking> {
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
    // A pending booking is a pay-later one: no hold.
    holdExpiresAt: status === "pending" ? null : new Date(Date.now() + 30 * 60_000),
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

/** What the booking's page asks for now (it opens the attempt, or reuses it), in base units. */
async function exactAmount(booking: PayableBooking): Promise<string> {
  return (await openUsdtAttempt(booking)).amountUnits.toString();
}

/** Registers a solidified transfer on the fake chain: by default of `amount` base units of USDT to us, now. */
function chain(
  txid: string,
  amount: string,
  overrides: Partial<{
    to: string;
    from: string;
    contract: string;
    amount: string;
    result: string;
    blockTimeStamp: number;
    solidified: boolean;
  }> = {},
) {
  fake.register({ txid, to: WALLET, contract: USDT, amount, ...overrides });
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
    expect(await paymentRow(paymentId)).toMatchObject({
      method: "walletPayment",
      status: "pending",
      amountCents: 15_000,
      providerReference: `tron:${txid}:${booking.id}`,
    });
    expect(await bookingStatus(booking.id)).toBe("pending");
    expect(await jobIds()).toContain(`check-usdt-${paymentId}`);
  });

  it("refuses a transaction id this booking already submitted, or one that paid a booking, and a second one while one is checked", async () => {
    const first = await payableBooking(5);
    const second = await payableBooking(15);
    const amount = await exactAmount(first);
    const { txid, paymentId } = await submitted(first);
    expect(await submitTransaction(first, txid)).toEqual({ ok: false, reason: "duplicate" });
    expect(await submitTransaction(first, newTxId())).toEqual({ ok: false, reason: "inProgress" });
    chain(txid, amount);
    expect(await checkUsdtPayment(paymentId)).toBe("paid");
    expect(await submitTransaction(second, txid)).toEqual({ ok: false, reason: "duplicate" });
    const db = await getDb();
    expect(await db.select().from(payments)).toHaveLength(1);
  });

  it("records one payment when the same booking submits the same transaction id concurrently", async () => {
    const booking = await payableBooking(5);
    const txid = newTxId();
    const outcomes = await Promise.all([1, 2, 3].map(() => submitTransaction(booking, txid)));
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
    const amount = await exactAmount(booking);
    const { txid, paymentId } = await submitted(booking);
    chain(txid, amount, { from: PAYER });
    await runJob("check-usdt-payment", { paymentId }, { jobId: `check-usdt-${paymentId}`, attempt: 1 });
    expect(fake.queries(txid)).toEqual({ count: 1, apiKey: "tron-test-key" });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: "succeeded",
      amountCents: 15_000,
      providerReference: `tron:${txid}`,
      details: expect.objectContaining({ sender: PAYER, received: `150.${amount.slice(-6)}` }),
    });
    expect(await bookingStatus(booking.id)).toBe("paid");
    expect(await jobIds()).toContain(`payment-confirmation-${paymentId}`);
    expect(await latestWalletPayment(booking.id)).toEqual({ status: "succeeded", failure: null });
    expect(await checkUsdtPayment(paymentId)).toBe("alreadyDone");
    expect(fake.queries(txid).count).toBe(1);
  });

  it.each([
    ["tooSmall", { amount: "149999999" }],
    ["wrongAmount", { amount: "150010000" }],
    ["wrongRecipient", { to: OTHER }],
    ["wrongToken", { contract: OTHER }],
    ["failed", { result: "REVERT" }],
    ["tooEarly", { blockTimeStamp: Date.now() - DAY }],
  ] as const)(
    "fails the payment as %s and gives the booking back its running hold for another transaction",
    async (reason, overrides) => {
      const booking = await payableBooking(5);
      const amount = await exactAmount(booking);
      const { txid, paymentId } = await submitted(booking);
      chain(txid, amount, overrides);
      expect(await checkUsdtPayment(paymentId)).toBe(reason);
      expect(await paymentRow(paymentId)).toMatchObject({
        status: "failed",
        details: expect.objectContaining({ failure: reason }),
      });
      expect(await bookingStatus(booking.id)).toBe("void");
      expect(await latestWalletPayment(booking.id)).toEqual({ status: "failed", failure: reason });
      const again = await loadPayableBooking(booking.id, { userId: fx.driverId, grant: null });
      expect(again?.payable).toBe(true);
      await submitted(again!);
    },
  );

  it("releases the car when a failed transaction comes after the booking's hold ran out", async () => {
    const booking = await payableBooking(5);
    const { txid, paymentId } = await submitted(booking);
    const db = await getDb();
    await db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, booking.id));
    chain(txid, "1");
    expect(await checkUsdtPayment(paymentId)).toBe("tooSmall");
    expect(await bookingStatus(booking.id)).toBe("cancelled");
  });

  it("retries a transaction the solidified chain does not know yet, then pays it once it does", async () => {
    const booking = await payableBooking(5);
    const amount = await exactAmount(booking);
    const { txid, paymentId } = await submitted(booking);
    await expect(checkUsdtPayment(paymentId)).rejects.toBeInstanceOf(NotYetSolidified);
    chain(txid, amount, { solidified: false });
    await expect(checkUsdtPayment(paymentId)).rejects.toBeInstanceOf(NotYetSolidified);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending" });
    chain(txid, amount);
    expect(await checkUsdtPayment(paymentId)).toBe("paid");
  });

  it("gives up on a transaction still unknown when the window since submission has passed; it can be submitted again once the chain has it", async () => {
    const booking = await payableBooking(5, "pending");
    const amount = await exactAmount(booking);
    const { txid, paymentId } = await submitted(booking);
    const { createdAt } = await paymentRow(paymentId);
    await expect(
      checkUsdtPayment(paymentId, new Date(createdAt.getTime() + CHECK_WINDOW_MS - 1000)),
    ).rejects.toBeInstanceOf(NotYetSolidified);
    expect(await checkUsdtPayment(paymentId, new Date(createdAt.getTime() + CHECK_WINDOW_MS))).toBe("timeout");
    expect(await paymentRow(paymentId)).toMatchObject({
      status: "failed",
      details: expect.objectContaining({ failure: "timeout", txId: txid }),
    });
    // The id is not burned: the transfer is still the booking's exact amount, made while its attempt ran.
    chain(txid, amount, { blockTimeStamp: createdAt.getTime() });
    const again = await submitted((await loadPayableBooking(booking.id, { userId: fx.driverId, grant: null }))!, txid);
    expect(await checkUsdtPayment(again.paymentId)).toBe("paid");
  });

  it.each([429, 403, 503])("retries when TronGrid answers %i, without touching the payment", async (status) => {
    const booking = await payableBooking(5);
    const amount = await exactAmount(booking);
    const { txid, paymentId } = await submitted(booking);
    chain(txid, amount);
    fake.failNext(1, status);
    await expect(checkUsdtPayment(paymentId)).rejects.toBeInstanceOf(TronGridUnavailable);
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending" });
    expect(await checkUsdtPayment(paymentId)).toBe("paid");
  });
});

describe("a transfer is bound to one booking by its exact amount", () => {
  const admin = () => ({ id: fx.adminId, type: "admin" as const, supplierId: null });

  it("gives each open attempt its own amount: the balance plus a tag of micro-USDT; the page reuses it while it runs", async () => {
    const many = await Promise.all([5, 15, 25, 35, 45, 55].map((day) => payableBooking(day)));
    const attempts = await Promise.all(many.map((b) => openUsdtAttempt(b)));
    const units = attempts.map((a) => a.amountUnits);
    expect(new Set(units).size).toBe(units.length);
    for (const attempt of attempts) {
      expect(attempt.amountUnits > 150_000_000n && attempt.amountUnits < 150_010_000n).toBe(true);
      expect(attempt.amount).toBe(`150.${attempt.amountUnits.toString().slice(-6)}`);
      expect(attempt.expiresAt.getTime() - attempt.openedAt.getTime()).toBe(ATTEMPT_MS);
    }
    expect((await openUsdtAttempt(many[0])).id).toBe(attempts[0].id);
    // Shown again after it ran out: a new attempt.
    const later = await openUsdtAttempt(many[0], new Date(attempts[0].expiresAt.getTime() + 1000));
    expect(later.id).not.toBe(attempts[0].id);
  });

  it("a transfer made for booking B, submitted by the driver of booking A, does not pay A; B's own submission pays B", async () => {
    const bookingA = await payableBooking(5);
    const bookingB = await payableBooking(15);
    await exactAmount(bookingA);
    const amountB = await exactAmount(bookingB);
    const txid = newTxId();
    chain(txid, amountB, { from: PAYER });

    const forA = await submitted(bookingA, txid);
    // Less or more than A's amount, depending on the two random tags: either way not A's.
    expect(["tooSmall", "wrongAmount"]).toContain(await checkUsdtPayment(forA.paymentId));
    expect(await paymentRow(forA.paymentId)).toMatchObject({ status: "failed" });
    expect(await bookingStatus(bookingA.id)).toBe("void");

    const forB = await submitted(bookingB, txid);
    expect(await checkUsdtPayment(forB.paymentId)).toBe("paid");
    expect(await bookingStatus(bookingB.id)).toBe("paid");
    expect(await bookingStatus(bookingA.id)).toBe("void");
    // It paid B, so staff are not asked about it.
    expect(await unmatchedUsdtTransfers(admin())).toEqual([]);
  });

  it("B's own submission pays B also while A's claim of the same transaction is still being checked", async () => {
    const bookingA = await payableBooking(5);
    const bookingB = await payableBooking(15);
    const amountB = await exactAmount(bookingB);
    const txid = newTxId();
    const forA = await submitted(bookingA, txid);
    const forB = await submitted(bookingB, txid);
    chain(txid, amountB);
    expect(await checkUsdtPayment(forB.paymentId)).toBe("paid");
    expect(["tooSmall", "wrongAmount"]).toContain(await checkUsdtPayment(forA.paymentId));
    expect(await bookingStatus(bookingA.id)).toBe("void");
  });

  it.each([
    ["tooSmall", (units: bigint) => ({ amount: (units - 1n).toString() })],
    ["tooEarly", (units: bigint) => ({ amount: units.toString(), blockTimeStamp: Date.now() - 60 * 60_000 })],
    [
      "tooLate",
      (units: bigint) => ({
        amount: units.toString(),
        blockTimeStamp: Date.now() + ATTEMPT_MS + ATTEMPT_GRACE_MS + 60_000,
      }),
    ],
  ] as const)(
    "money that reached us %s is recorded with the amount received and shown to staff, not credited",
    async (reason, transfer) => {
      const booking = await payableBooking(5);
      const attempt = await openUsdtAttempt(booking);
      const { amount } = transfer(attempt.amountUnits);
      const { txid, paymentId } = await submitted(booking);
      chain(txid, amount, { ...transfer(attempt.amountUnits), from: PAYER });
      expect(await checkUsdtPayment(paymentId)).toBe(reason);
      const received = `${amount.slice(0, -6)}.${amount.slice(-6)}`;
      expect(await paymentRow(paymentId)).toMatchObject({
        status: "failed",
        details: expect.objectContaining({ failure: reason, txId: txid, received, sender: PAYER }),
      });
      expect(await unmatchedUsdtTransfers(admin())).toEqual([
        expect.objectContaining({
          paymentId,
          bookingId: booking.id,
          reference: booking.reference,
          txId: txid,
          sender: PAYER,
          received: `${received} USDT`,
          expected: "$150",
          failure: reason,
        }),
      ]);
      // Nothing credited: the whole balance is still due, under a new attempt the payer can use.
      const again = (await loadPayableBooking(booking.id, { userId: fx.driverId, grant: null }))!;
      expect(again).toMatchObject({ paidCents: 0, balanceCents: 15_000, payable: true });
      // Supplier staff of another supplier do not see it.
      expect(
        await unmatchedUsdtTransfers({ id: fx.adminId, type: "supplier", supplierId: fx.supplierId + 1000 }),
      ).toEqual([]);
    },
  );

  it("voids an attempt whose balance changed since it was shown: its transfer is flagged, and the page shows a new amount", async () => {
    const booking = await payableBooking(5);
    const before = await openUsdtAttempt(booking);
    const db = await getDb();
    await db.update(bookings).set({ priceCents: 18_000 }).where(eq(bookings.id, booking.id));
    const amended = (await loadPayableBooking(booking.id, { userId: fx.driverId, grant: null }))!;
    const after = await openUsdtAttempt(amended);
    expect(after.id).not.toBe(before.id);
    expect(after.amount.startsWith("180.")).toBe(true);
    const { txid, paymentId } = await submitted(amended);
    chain(txid, before.amountUnits.toString());
    expect(await checkUsdtPayment(paymentId)).toBe("amountChanged");
    expect((await unmatchedUsdtTransfers(admin())).map((row) => row.paymentId)).toEqual([paymentId]);
  });
});

describe("M1: a USDT confirmation for a booking the counter covered meanwhile", () => {
  // Two sessions racing for one row: PostgreSQL only. PGlite is one connection, where the check
  // would wait for the counter's transaction forever instead of for its row lock.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    "is recorded as a credit to refund when the cash lands between the check's match and its confirmation",
    async () => {
      const booking = await payableBooking(5);
      const amount = await exactAmount(booking);
      const { txid, paymentId } = await submitted(booking);
      chain(txid, amount);
      const db = await getDb();
      let check: Promise<unknown> | undefined;
      // The counter's transaction holds the booking's row while the check matches the transfer (the
      // balance it reads is still the whole price) and then waits for that row to confirm it.
      await db.transaction(async (tx) => {
        const cash = await recordPayment(tx, {
          bookingId: booking.id,
          method: "Cash",
          amountCents: 15_000,
          providerReference: `counter:pickup:${booking.id}`,
          details: {},
          awaitingVerification: false,
        });
        if (!cash.ok) throw new Error("not recorded");
        await fulfilPaymentIn(tx, cash.paymentId);
        check = checkUsdtPayment(paymentId);
        await vi.waitFor(
          async () => {
            const [{ waiting }] = await db.execute<{ waiting: number }>(
              sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(waiting).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 20 },
        );
      });
      expect(await check).toBe("credit");
      expect(await bookingMoney(db, booking.id)).toMatchObject({
        dueCents: 15_000,
        paidCents: 30_000,
        creditCents: 15_000,
      });
    },
  );
});

describe("when every amount for a balance is in use", () => {
  const api = createApiClient({ ip: "198.51.100.41" });

  /** Every tag of a $150.00 balance held by running attempts of another booking. */
  async function exhaustTags() {
    const holder = await payableBooking(40);
    const db = await getDb();
    await db.execute(sql`
      insert into usdt_attempts (booking_id, balance_cents, amount_units, opened_at, expires_at)
      select ${holder.id}, 15000, 150000000 + tag, now(), now() + interval '30 minutes'
      from generate_series(1, 9999) as tag`);
    return holder.id;
  }

  it("the API answers 409 tryAgain and the page says so, instead of a 500", async () => {
    const { user, token } = await signedInUser();
    const db = await getDb();
    const row = await createBooking(db, {
      carId: fx.carId,
      supplierId: fx.supplierId,
      driverId: user.id,
      locationId: fx.locationId,
      startsAt: new Date(Date.now() + 5 * DAY),
      endsAt: new Date(Date.now() + 8 * DAY),
      status: "pending",
      paymentMethod: "walletPayment",
    });
    const holder = await exhaustTags();
    onTestFinished(async () => {
      // Test files after this one share the database: the amounts go back.
      await db.delete(schema.usdtAttempts).where(eq(schema.usdtAttempts.bookingId, holder));
    });
    const answer = await api(`/api/bookings/${row.id}/payments/usdt?l=en`, { token });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error).toMatchObject({
      code: "tryAgain",
      message: "Every amount for this balance is in use by other payers right now. Please try again in a few minutes.",
    });
    const page = await usdtPageLoader({
      request: new Request(`http://rueda.test/payment/usdt?b=${row.id}`),
      context: routeContext("198.51.100.41", user),
      params: {},
    });
    expect(page.status).toBe(409);
    expect(await page.json()).toMatchObject({ busy: true, amount: null, view: "form" });
  });
});
