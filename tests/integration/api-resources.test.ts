import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import {
  bookingFor,
  bookingRow,
  checkoutBody,
  freshTransferReference,
  freshTxId,
  nextPeriod,
  notificationFor,
  seedCatalogue,
  transferDate,
} from "../api/resources";

/*
 * The resource calls' rules as a client meets them: the page's messages, the checkout's price
 * whatever the body says, 409 for a car taken, the pages' scopes (another user's id is a 404
 * and changes nothing), a visitor's payment grant, and the payment forms' rate limit.
 */
vi.hoisted(() => {
  process.env.WALLET_ADDRESS = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";
});

const api = createApiClient({ ip: "198.51.100.31" });
const catalogue = await seedCatalogue();
const { notifications, payments } = schema;

afterAll(async () => {
  await closeDb();
});

const driver = () => signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });

describe("search", () => {
  it("answers the page's cars, totals and paging", async () => {
    const { from, to } = nextPeriod();
    const response = await api(`/api/cars/search?pickup=${catalogue.location.id}&from=${from}&to=${to}&l=en`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      total: 1,
      more: false,
      page: 1,
      pages: 1,
      pageSize: 15,
      days: 3,
      pickupLocationId: catalogue.location.id,
      from,
      to,
    });
    expect(body.cars).toEqual([
      expect.objectContaining({ id: catalogue.car.id, dailyPriceCents: 4000, totalCents: 12_000 }),
    ]);
  });

  it("gives the page's messages for a missing place and a bad date, in the caller's language", async () => {
    const response = await api("/api/cars/search?from=tomorrow&to=2027-01-01T10:00", {
      headers: { "Accept-Language": "fr" },
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe("validation");
    expect(Object.keys(error.fields).sort()).toEqual(["from", "pickup"]);
    expect(error.fields.from).not.toMatch(/catalogue:/);
  });
});

describe("checkout", () => {
  it("prices on the server: amounts in the body are ignored", async () => {
    const { token } = await driver();
    const response = await api("/api/bookings", {
      token,
      method: "POST",
      json: checkoutBody(catalogue, { options: ["gps"], priceCents: 1, totalCents: 1, breakdown: { totalCents: 1 } }),
    });
    expect(response.status).toBe(201);
    const { booking, next, grant } = await response.json();
    // (4000 + 500 for the GPS) × 3 days, plus the 10 % pay-later fee (docs/domain.md#price).
    const expected = 14_850;
    expect(booking.priceCents).toBe(expected);
    expect((await bookingRow(booking.id)).priceCents).toBe(expected);
    expect(booking.status).toBe("pending");
    expect(next).toBeNull();
    expect(grant).toBeNull();
  });

  it("answers 409 with the spec's message when the car was taken", async () => {
    const { token } = await driver();
    const body = checkoutBody(catalogue);
    expect((await api("/api/bookings", { token, method: "POST", json: body })).status).toBe(201);
    const again = await api("/api/bookings?l=en", { token, method: "POST", json: body });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toEqual({ code: "unavailable", message: "The vehicle is no longer available" });
  });

  it("checks the checkout form's rules and names the body's fields", async () => {
    const { token } = await signedInUser();
    const response = await api("/api/bookings?l=en", {
      token,
      method: "POST",
      json: checkoutBody(catalogue, { options: ["homeDelivery"] }),
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(Object.keys(error.fields).sort()).toEqual(["driver.birthDate", "driver.phone", "options"]);
    expect(error.fields.options).toBe("This option is not offered with this car");

    const young = await api("/api/bookings?l=en", {
      token,
      method: "POST",
      json: checkoutBody(catalogue, { driver: { phone: "+584141112233", birthDate: "2015-01-01" } }),
    });
    expect(young.status).toBe(400);
    expect((await young.json()).error).toMatchObject({
      code: "underAge",
      fields: { "driver.birthDate": "The driver must be at least 21 years old" },
    });
  });

  it("lets a visitor book online: an account, the grant to pay, and where to pay", async () => {
    const email = `visitor-${Date.now()}@example.com`;
    const driverDetails = {
      fullName: "Ana Visitante",
      email,
      phone: "+584141112233",
      birthDate: "1991-02-03",
      acceptTerms: true,
    };
    const response = await api("/api/bookings", {
      method: "POST",
      json: checkoutBody(catalogue, { paymentMethod: "mobilePayment", driver: driverDetails }),
    });
    expect(response.status).toBe(201);
    const { booking, accountCreated, grant, next } = await response.json();
    expect(booking.status).toBe("void");
    expect(accountCreated).toBe(true);
    expect(next).toMatchObject({ method: "mobilePayment", apiPath: `/api/bookings/${booking.id}/payments/mobile` });
    expect(next.paymentUrl).toContain(`/payment/mobile?b=${booking.id}&g=`);
    expect((await api(`/api/bookings/${booking.id}/payment`)).status).toBe(404);
    const payment = await api(`/api/bookings/${booking.id}/payment?g=${grant}`);
    expect(payment.status).toBe(200);
    expect((await payment.json()).summary).toMatchObject({
      bookingId: booking.id,
      payable: true,
      balanceCents: booking.priceCents,
    });
  });
});

describe("another user's ids", () => {
  it("answer 404 in every path and change nothing", async () => {
    const owner = await driver();
    const intruder = await driver();
    const booking = await bookingFor(catalogue, owner.user.id);
    const { from, to } = nextPeriod();
    const place = catalogue.location.id;
    const calls: Array<[string, string, unknown?]> = [
      ["GET", `/api/bookings/${booking.id}`],
      [
        "POST",
        `/api/bookings/${booking.id}/amend`,
        { pickupLocationId: place, dropoffLocationId: place, from, to, options: [] },
      ],
      ["POST", `/api/bookings/${booking.id}/cancel`],
      ["POST", `/api/bookings/${booking.id}/amendment-request`, { request: "Mine now" }],
      ["GET", `/api/bookings/${booking.id}/payment`],
      ["GET", `/api/bookings/${booking.id}/payments/mobile`],
      [
        "POST",
        `/api/bookings/${booking.id}/payments/mobile`,
        { bank: "0102", phone: "04141234567", reference: freshTransferReference(), date: transferDate() },
      ],
      ["GET", `/api/bookings/${booking.id}/payments/usdt`],
      ["POST", `/api/bookings/${booking.id}/payments/usdt`, { txId: freshTxId() }],
      ["POST", `/api/bookings/${booking.id}/payments/card`],
    ];
    for (const [method, path, json] of calls) {
      const response = await api(path, { token: intruder.token, method, json });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const after = await bookingRow(booking.id);
    expect({ status: after.status, startsAt: after.startsAt, priceCents: after.priceCents }).toEqual({
      status: booking.status,
      startsAt: booking.startsAt,
      priceCents: booking.priceCents,
    });
    const db = await getDb();
    expect(await db.select().from(payments).where(eq(payments.bookingId, booking.id))).toEqual([]);
    const list = await (await api("/api/bookings", { token: intruder.token })).json();
    expect(list.bookings.map((b: { id: number }) => b.id)).not.toContain(booking.id);
  });

  it("another user's notification: 404 for read, unread and delete, and it stays as it was", async () => {
    const owner = await driver();
    const intruder = await driver();
    const id = await notificationFor(owner.user.id);
    for (const [method, path] of [
      ["POST", `/api/notifications/${id}/read`],
      ["POST", `/api/notifications/${id}/unread`],
      ["DELETE", `/api/notifications/${id}`],
    ]) {
      expect((await api(path, { token: intruder.token, method })).status, `${method} ${path}`).toBe(404);
    }
    expect((await api("/api/notifications/read-all", { token: intruder.token, method: "POST" })).status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
    expect(row.isRead).toBe(false);
  });
});

describe("payments", () => {
  it("records the booking's balance whatever amount the body names", async () => {
    const { user, token } = await driver();
    const booking = await bookingFor(catalogue, user.id, { paymentMethod: "mobilePayment" });
    const response = await api(`/api/bookings/${booking.id}/payments/mobile`, {
      token,
      method: "POST",
      json: {
        bank: "0102",
        phone: "0414-1234567",
        reference: freshTransferReference(),
        date: transferDate(),
        amountCents: 1,
        amount: "0.01",
      },
    });
    expect(response.status).toBe(202);
    const db = await getDb();
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(payment.amountCents).toBe(booking.priceCents);
    expect(payment.status).toBe("pending");
  });

  it("counts submissions per booking as the page does: the 21st in an hour is refused", async () => {
    const { user, token } = await driver();
    const booking = await bookingFor(catalogue, user.id, { paymentMethod: "walletPayment" });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await api(`/api/bookings/${booking.id}/payments/usdt?l=en`, {
            token,
            method: "POST",
            json: { txId: freshTxId() },
          })
        ).status,
      );
    }
    expect(statuses[0]).toBe(202);
    expect(statuses.slice(1, 20).every((status) => status === 409)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("notifications", () => {
  it("lists them worded in the caller's language and keeps the counter", async () => {
    const { user, token } = await driver();
    const first = await notificationFor(user.id);
    await notificationFor(user.id);
    const list = await (await api("/api/notifications?l=en", { token })).json();
    expect(list).toMatchObject({ total: 2, unread: 2, page: 1, pages: 1, pageSize: 30 });
    expect(list.notifications[0].message).toBe("Booking RD-TEST01 is now: Paid.");
    expect(await (await api(`/api/notifications/${first}/read`, { token, method: "POST" })).json()).toEqual({
      changed: 1,
      unread: 1,
    });
    expect(await (await api("/api/notifications/counter", { token })).json()).toEqual({ unread: 1 });
    expect(await (await api("/api/notifications", { token, method: "DELETE" })).json()).toEqual({
      changed: 2,
      unread: 0,
    });
  });
});
