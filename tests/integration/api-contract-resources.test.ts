import { afterAll, describe, vi } from "vitest";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { contractSuite, fetchDocument, type Preparers } from "../api/contract";
import {
  bookingFor,
  freshTransferReference,
  freshTxId,
  nextPeriod,
  notificationFor,
  rentalFor,
  seedCatalogue,
  transferDate,
} from "../api/resources";

/*
 * The contract of the resource calls (docs/architecture.md#resources): each operation of the
 * Catalogue, Bookings, Payments and Notifications tags with valid and invalid input, every answer
 * checked against /api/openapi.json. USDT and Binance Pay (its fake) are configured (the product
 * reads its configuration once, so before anything loads it); card payments use the demo gateway,
 * as outside production.
 */
const binancePay = await vi.hoisted(async () => {
  const { startBinancePayFake, FAKE_API_KEY, FAKE_SECRET_KEY } = await import("../fakes/binance-pay");
  const fake = await startBinancePayFake();
  process.env.BINANCE_PAY_API_URL = fake.url;
  process.env.BINANCE_PAY_API_KEY = FAKE_API_KEY;
  process.env.BINANCE_PAY_SECRET_KEY = FAKE_SECRET_KEY;
  process.env.WALLET_ADDRESS = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";
  // An app origin, so a hand-off's return URL is accepted (docs/security.md#payment-hand-off).
  process.env.API_CORS_ORIGINS = "capacitor://localhost";
  return fake;
});

type Fixture = Awaited<ReturnType<typeof signedInUser>>;

const api = createApiClient({ ip: "198.51.100.30" });
const catalogue = await seedCatalogue();
const document = await fetchDocument(api);

afterAll(async () => {
  await binancePay.close();
  await closeDb();
});

/** A driver of full age with a phone: the checkout asks them nothing more. */
const driver = () => signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });

const bookingOf = (f: Fixture, values: Parameters<typeof bookingFor>[2] = {}) =>
  bookingFor(catalogue, f.user.id, values);
const id = async (booking: Promise<{ id: number }>) => ({ id: String((await booking).id) });

const prepare: Preparers<Fixture> = {
  searchCars: () => {
    const { from, to } = nextPeriod();
    return { query: { pickup: String(catalogue.location.id), from, to, spec: "doors4" }, init: {} };
  },
  getCar: () => ({ params: { id: String(catalogue.car.id) }, init: {} }),
  createBooking: () => {
    const { from, to } = nextPeriod();
    const location = catalogue.location.id;
    return {
      init: {
        json: {
          carId: catalogue.car.id,
          pickupLocationId: location,
          dropoffLocationId: location,
          from,
          to,
          options: ["gps"],
          // Online, so the answer's `next` (the hand-off link an app opens) is checked too.
          paymentMethod: "cardPayment",
        },
      },
      expect: 201,
    };
  },
  getBooking: async (f) => ({ params: await id(bookingOf(f)), init: {} }),
  amendBooking: async (f) => {
    const { from, to } = nextPeriod();
    const location = catalogue.location.id;
    return {
      params: await id(bookingOf(f)),
      init: { json: { pickupLocationId: location, dropoffLocationId: location, from, to, options: ["cancellation"] } },
    };
  },
  cancelBooking: async (f) => ({ params: await id(bookingOf(f)), init: {} }),
  requestAmendment: async (f) => ({
    params: await id(bookingOf(f, { status: "paid", paymentMethod: "cardPayment", cancellation: true })),
    init: { json: { request: "Two hours later, please." } },
    expect: 202,
  }),
  listSupplierReviews: () => ({ params: { id: String(catalogue.supplier.id) }, init: {} }),
  reviewBooking: async (f) => ({
    // Returned an hour ago: within the window.
    params: await id(rentalFor(catalogue, f.user.id, new Date(Date.now() - 3_600_000))),
    init: {
      json: { overall: 5, carCondition: 4, cleanliness: 5, staff: 5, value: 4, counterSpeed: 3, comment: "Smooth." },
    },
    expect: 201,
  }),
  getPayment: async (f) => ({ params: await id(bookingOf(f)), init: {} }),
  getMobilePayment: async (f) => ({ params: await id(bookingOf(f, { paymentMethod: "mobilePayment" })), init: {} }),
  submitMobilePayment: async (f) => ({
    params: await id(bookingOf(f, { paymentMethod: "mobilePayment" })),
    init: { json: { bank: "0102", phone: "0414-1234567", reference: freshTransferReference(), date: transferDate() } },
    expect: 202,
  }),
  getUsdtPayment: async (f) => ({ params: await id(bookingOf(f, { paymentMethod: "walletPayment" })), init: {} }),
  submitUsdtPayment: async (f) => ({
    params: await id(bookingOf(f, { paymentMethod: "walletPayment" })),
    init: { json: { txId: freshTxId() } },
    expect: 202,
  }),
  getBinancePayment: async (f) => ({ params: await id(bookingOf(f, { paymentMethod: "binancePay" })), init: {} }),
  createCardSession: async (f) => ({
    params: await id(bookingOf(f, { paymentMethod: "cardPayment" })),
    init: {},
    expect: 201,
  }),
  createPaymentLink: async (f) => ({
    params: await id(bookingOf(f, { paymentMethod: "cardPayment" })),
    init: { json: { method: "card", returnUrl: "capacitor://localhost/payment-done" } },
    expect: 201,
  }),
  markNotificationRead: async (f) => ({ params: { id: String(await notificationFor(f.user.id)) }, init: {} }),
  markNotificationUnread: async (f) => ({ params: { id: String(await notificationFor(f.user.id)) }, init: {} }),
  deleteNotification: async (f) => ({ params: { id: String(await notificationFor(f.user.id)) }, init: {} }),
};

describe("contract: the resource calls", () => {
  contractSuite({
    api,
    document,
    tags: ["Catalogue", "Bookings", "Payments", "Notifications"],
    fixture: driver,
    tokenOf: (f) => f.token,
    prepare,
  });
});
