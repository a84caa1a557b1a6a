import { eq, like } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { openBinanceOrder } from "~/modules/payment/binance-order.server";
import { checkLateBinanceOrders } from "~/modules/payment/check-binance-orders.server";
import { loadPayableBooking, type PayableBooking } from "~/modules/payment/payable.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { routeContext } from "../route-calls";
import { loader as binancePageLoader } from "~/routes/payment.binance";
import { action as binanceWebhook } from "~/routes/webhooks.binance-pay";
import type { BinancePayFake } from "../fakes/binance-pay";
import { createBooking, createCar, createLocation, createSupplier, createUser, resetDatabase } from "../factories";

/*
 * Binance Pay against its fake over HTTP (docs/domain.md#binance-pay): the order created for the
 * balance, the signed webhook delivered to the route as Binance sends it, and the late query.
 */
const { bookings, payments, outbox } = schema;
const DAY = 86_400_000;

// The fake delivers webhooks to a local server that hands them to the route's action, as the app's server does.
const fake: BinancePayFake = await vi.hoisted(async () => {
  const { startBinancePayFake, FAKE_API_KEY, FAKE_SECRET_KEY } = await import("../fakes/binance-pay");
  const nodeHttp = await import("node:http");
  const relay = nodeHttp.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const { action } = await import("~/routes/webhooks.binance-pay");
      const request = new Request("http://rueda.test/webhooks/binance-pay", {
        method: "POST",
        headers: Object.entries(req.headers).map(([name, value]) => [name, String(value)] as [string, string]),
        body: Buffer.concat(chunks).toString(),
      });
      const response = await action({ request, params: {}, context: {} as never });
      res.writeHead(response.status).end(await response.text());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as { port: number };
  const started = await startBinancePayFake(0, { webhookUrl: `http://127.0.0.1:${port}/` });
  process.env.BINANCE_PAY_API_URL = started.url;
  process.env.BINANCE_PAY_API_KEY = FAKE_API_KEY;
  process.env.BINANCE_PAY_SECRET_KEY = FAKE_SECRET_KEY;
  const close = started.close;
  return {
    ...started,
    close: async () => (await Promise.all([close(), new Promise((r) => relay.close(r))]), undefined),
  };
});

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

/** A booking on hold for online payment, $150.00, as its driver sees it on the payment page. */
async function payableBooking(driverId = fx.driverId): Promise<PayableBooking> {
  const db = await getDb();
  const at = Date.now();
  const row = await createBooking(db, {
    carId: fx.carId,
    supplierId: fx.supplierId,
    driverId,
    locationId: fx.locationId,
    startsAt: new Date(at + 5 * DAY),
    endsAt: new Date(at + 8 * DAY),
    status: "void",
    paymentMethod: "binancePay",
    holdExpiresAt: new Date(at + 30 * 60_000),
  });
  return (await loadPayableBooking(row.id, { userId: driverId, grant: null }))!;
}

async function statusOf(bookingId: number) {
  const db = await getDb();
  return (await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)))[0].status;
}

async function paymentsOf(bookingId: number) {
  const db = await getDb();
  return db.select().from(payments).where(eq(payments.bookingId, bookingId));
}

async function confirmationEmails() {
  const db = await getDb();
  return db.select({ jobId: outbox.jobId }).from(outbox).where(like(outbox.jobId, "payment-confirmation-%"));
}

const RETURN = "http://rueda.test/payment/binance";

describe("Binance Pay", () => {
  it("creates one order at Binance for the balance in USDT, signed with the merchant's key, which the page reuses", async () => {
    const booking = await payableBooking();
    const before = fake.orders().length;
    const order = await openBinanceOrder(booking, RETURN);
    expect(order.amount).toBe("150.00");
    expect(fake.orders().slice(before)).toEqual([
      expect.objectContaining({ merchantTradeNo: order.merchantTradeNo, orderAmount: "150.00", currency: "USDT" }),
    ]);
    expect(order.merchantTradeNo).toMatch(/^[A-Za-z0-9]{1,32}$/);
    expect((await openBinanceOrder(booking, RETURN)).merchantTradeNo).toBe(order.merchantTradeNo);
    expect(fake.orders()).toHaveLength(before + 1);
  });

  it("refuses a webhook with a bad signature and records nothing", async () => {
    const booking = await payableBooking();
    const order = await openBinanceOrder(booking, RETURN);
    expect(await fake.sendWebhook(order.merchantTradeNo, { badSignature: true })).toEqual([400]);
    expect(await paymentsOf(booking.id)).toEqual([]);
    expect(await statusOf(booking.id)).toBe("void");
  });

  it("pays the booking on the signed PAY_SUCCESS; the same webhook three times records one payment and one email", async () => {
    const booking = await payableBooking();
    const order = await openBinanceOrder(booking, RETURN);
    expect(await fake.sendWebhook(order.merchantTradeNo, { times: 3 })).toEqual([200, 200, 200]);
    expect(await paymentsOf(booking.id)).toEqual([
      expect.objectContaining({
        method: "binancePay",
        status: "succeeded",
        amountCents: 15_000,
        providerReference: `binance:${order.merchantTradeNo}`,
      }),
    ]);
    expect(await statusOf(booking.id)).toBe("paid");
    expect(await confirmationEmails()).toHaveLength(1);
  });

  it("records an order for less than is now due, but the booking is not paid", async () => {
    const booking = await payableBooking();
    const order = await openBinanceOrder(booking, RETURN);
    // An amendment raised the price after the order was created.
    const db = await getDb();
    await db.update(bookings).set({ priceCents: 20_000 }).where(eq(bookings.id, booking.id));
    expect(await fake.sendWebhook(order.merchantTradeNo)).toEqual([200]);
    expect(await paymentsOf(booking.id)).toEqual([
      expect.objectContaining({ status: "succeeded", amountCents: 15_000 }),
    ]);
    expect(await statusOf(booking.id)).toBe("pending");
    expect(await confirmationEmails()).toHaveLength(0);
  });

  it("settles a paid order whose webhook is late by querying it, once, with the webhook arriving after", async () => {
    const booking = await payableBooking();
    const order = await openBinanceOrder(booking, RETURN, new Date(Date.now() - 6 * 60_000));
    await checkLateBinanceOrders();
    expect(await paymentsOf(booking.id)).toEqual([]);
    fake.markPaid(order.merchantTradeNo);
    await checkLateBinanceOrders();
    expect(await statusOf(booking.id)).toBe("paid");
    expect(await fake.sendWebhook(order.merchantTradeNo)).toEqual([200]);
    await checkLateBinanceOrders();
    expect(await paymentsOf(booking.id)).toHaveLength(1);
    expect(await confirmationEmails()).toHaveLength(1);
  });

  it("the API offers Binance Pay, answers the order for the balance, and then that the booking is paid", async () => {
    const api = createApiClient({ ip: "198.51.100.45" });
    const { user, token } = await signedInUser();
    const booking = await payableBooking(user.id);
    const offered = await (await api(`/api/bookings/${booking.id}/payment`, { token })).json();
    expect(offered.methods).toContain("binancePay");
    const answer = await api(`/api/bookings/${booking.id}/payments/binance`, { token });
    expect(answer.status).toBe(200);
    const body = await answer.json();
    expect(body).toMatchObject({ status: "open", order: { amount: "150.00", currency: "USDT" } });
    const created = fake.orders().length;
    const order = fake.orders().at(-1)!;
    expect(body.order.checkoutUrl).toContain(order.prepayId);
    await fake.sendWebhook(order.merchantTradeNo);
    expect(await (await api(`/api/bookings/${booking.id}/payments/binance`, { token })).json()).toMatchObject({
      status: "paid",
      order: null,
    });
    expect(fake.orders()).toHaveLength(created);
  });

  it("the page shows the order's amount, link and QR code, and says Binance is not answering (502, not a 500) when it is down", async () => {
    const booking = await payableBooking();
    const call = () =>
      binancePageLoader({
        request: new Request(`http://rueda.test/payment/binance?b=${booking.id}`),
        context: routeContext("198.51.100.46", { id: fx.driverId }),
        params: {},
      });
    fake.failNext(1);
    const down = await call();
    expect(down.status).toBe(502);
    expect(await down.json()).toMatchObject({ view: "unavailable", order: null });
    const up = await call();
    expect(up.status).toBe(200);
    expect(await up.json()).toMatchObject({
      view: "order",
      order: {
        amount: "150.00",
        checkoutUrl: expect.stringContaining("checkout"),
        qrSvg: expect.stringContaining("<svg"),
      },
    });
  });

  it("refuses webhooks without signature headers, or with a body that is not Binance's, without a 500", async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      binanceWebhook({
        request: new Request("http://rueda.test/webhooks/binance-pay", { method: "POST", body, headers }),
        params: {},
        context: {} as never,
      });
    expect((await post("{}")).status).toBe(400);
    expect(
      (
        await post("not json", {
          "BinancePay-Signature": "x",
          "BinancePay-Nonce": "n",
          "BinancePay-Timestamp": "1",
          "BinancePay-Certificate-SN": "unknown",
        })
      ).status,
    ).toBe(400);
  });
});
