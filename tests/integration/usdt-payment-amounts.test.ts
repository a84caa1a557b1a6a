import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { ATTEMPT_GRACE_MS } from "~/modules/payment/tron";
import { ATTEMPT_MS, openUsdtAttempt } from "~/modules/payment/usdt-attempt.server";
import { checkUsdtPayment } from "~/modules/payment/check-usdt-payment.server";
import { unmatchedUsdtTransfers } from "~/modules/payment/unmatched-usdt.server";
import { getDb, schema } from "~/utils/db.server";
import {
  newTxId,
  fx,
  payableBooking,
  paymentRow,
  bookingStatus,
  exactAmount,
  chain,
  submitted,
  usdtHooks,
} from "./fixtures/usdt-payment";
import { PAYER } from "./fixtures/tron-grid";

/*
 * Every USDT transfer must carry the exact amount of one of its booking's attempts
 * (docs/domain.md#usdt): a transfer pays the booking it was made for, whoever submits it.
 */
const { bookings } = schema;

await vi.hoisted(async () => (await import("./fixtures/tron-grid")).startTronGrid());

usdtHooks();

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
