import { eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished, vi } from "vitest";
import { loader as usdtPageLoader } from "~/routes/payment.usdt";
import { createApiClient, signedInUser } from "../api/client";
import { checkUsdtPayment } from "~/modules/payment/check-usdt-payment.server";
import { submitTransaction } from "~/modules/payment/submit-usdt-payment.server";
import { getDb, schema } from "~/utils/db.server";
import { createBooking } from "../factories";
import { routeContext } from "../route-calls";
import {
  DAY,
  newTxId,
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
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { ATTEMPT_GRACE_MS } from "~/modules/payment/tron";
import { ATTEMPT_MS, openUsdtAttempt } from "~/modules/payment/usdt-attempt.server";
import { unmatchedUsdtTransfers } from "~/modules/payment/unmatched-usdt.server";
import { PAYER } from "./fixtures/tron-grid";

/*
 * Submitting a USDT transaction id against the real database (docs/domain.md#usdt): one payment per
 * transaction id, also under races, and a 409 rather than a 500 when every amount for a balance is in
 * use. Every transfer must carry the exact amount of one of its booking's attempts: it pays the
 * booking it was made for, whoever submits it.
 */

const { bookings, payments } = schema;

await vi.hoisted(async () => (await import("./fixtures/tron-grid")).startTronGrid());

usdtHooks();

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
    // One reading of the clock: two could be a millisecond apart, a 4-day price no tag is taken for.
    const at = Date.now();
    const row = await createBooking(db, {
      carId: fx.carId,
      supplierId: fx.supplierId,
      driverId: user.id,
      locationId: fx.locationId,
      startsAt: new Date(at + 5 * DAY),
      endsAt: new Date(at + 8 * DAY),
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
