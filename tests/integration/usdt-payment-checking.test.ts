import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { fulfilPaymentIn } from "~/modules/payment/fulfil.server";
import { bookingMoney } from "~/modules/payment/money.server";
import { recordPayment } from "~/modules/payment/record.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import {
  CHECK_WINDOW_MS,
  checkUsdtPayment,
  NotYetSolidified,
  TronGridUnavailable,
} from "~/modules/payment/check-usdt-payment.server";
import { latestWalletPayment } from "~/modules/payment/submit-usdt-payment.server";
import { getDb, schema } from "~/utils/db.server";
import { runJob } from "../../jobs/handlers";
import {
  DAY,
  fx,
  payableBooking,
  paymentRow,
  bookingStatus,
  jobIds,
  exactAmount,
  chain,
  submitted,
  usdtHooks,
} from "./fixtures/usdt-payment";
import { OTHER, PAYER, fake } from "./fixtures/tron-grid";

/*
 * The USDT check against the TronGrid fake over HTTP, as the job runs it (docs/domain.md#usdt): its
 * verdicts, its retries while the chain has no final answer, giving up after the window, and a
 * confirmation racing the counter's payment.
 */
const { bookings } = schema;

await vi.hoisted(async () => (await import("./fixtures/tron-grid")).startTronGrid());

usdtHooks();

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
