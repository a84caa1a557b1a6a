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

/*
 * Submitting a USDT transaction id against the real database (docs/domain.md#usdt): one payment per
 * transaction id, also under races, and a 409 rather than a 500 when every amount for a balance is in
 * use.
 */
const { payments } = schema;

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
