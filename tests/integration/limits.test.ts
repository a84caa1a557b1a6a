import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createBooking as book } from "~/modules/booking/create-booking.server";
import { UNPAID_CAP } from "~/modules/booking/checkout-limits.server";
import { bookingsListAction } from "~/modules/booking/list-page.server";
import { action as bookingAction } from "~/routes/booking";
import { action as checkoutAction } from "~/routes/checkout";
import { toastCookie } from "~/utils/cookies.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { bookingFor, checkoutBody, checkoutQuery, nextPeriod, seedCatalogue } from "../api/resources";
import { createBooking as insertBooking, createCar, createUser } from "../factories";
import { formPost, routeContext } from "../route-calls";

/*
 * Unpaid bookings cannot hold the fleet (docs/domain.md#limits, docs/security.md#rate-limits):
 * checkout limits per client and per account shared by the page and the API, the cap on open
 * unpaid bookings per driver (tighter before activation) held inside the checkout transaction,
 * card starts per booking and per client, the booking page's posts per account, and the bulk
 * status select that changes nothing until a status is chosen.
 */
const catalogue = await seedCatalogue();
const { bookings, payments } = schema;
const DAY = 86_400_000;

afterAll(async () => {
  await closeDb();
});

let addressCounter = 0;
/** A client address no other test uses, so each test starts with fresh counters. */
const freshIp = () => `203.0.113.${++addressCounter}`;

/** A visitor's body that passes every form rule and is refused by the booking itself: the address is taken. */
async function takenAddressBody() {
  const db = await getDb();
  const owner = await createUser(db);
  const driver = {
    fullName: "Visita Repetida",
    email: owner.email,
    phone: "+584141112233",
    birthDate: "1990-01-01",
    acceptTerms: true,
  };
  return { ...checkoutBody(catalogue), driver };
}

/** The checkout page's POST for a visitor, as a browser without JavaScript sends it. */
const pagePost = (body: { from: string; to: string }, email: string) =>
  formPost(`/checkout?${checkoutQuery(catalogue, body)}`, {
    fullName: "Visita Repetida",
    email,
    phone: "+584141112233",
    birthDate: "1990-01-01",
    tos: "on",
    payment: "payLater",
  });

describe("checkout limits", () => {
  it("a client gets 60 checkouts an hour, page and API together; then 429 in the API's error shape and the page's form", async () => {
    const ip = freshIp();
    const api = createApiClient({ ip });
    const body = await takenAddressBody();
    for (let i = 0; i < 59; i++) {
      const refused = await api("/api/bookings", { method: "POST", json: body });
      expect(refused.status, `attempt ${i + 1}`).toBe(400);
    }
    // The 60th, through the page: still the booking's own refusal, re-rendered in the form.
    const sixtieth = (await checkoutAction({
      request: pagePost(body, body.driver.email),
      context: routeContext(ip),
      params: {},
    })) as Response;
    expect(sixtieth.status).toBe(400);

    const limited = await api("/api/bookings?l=en", { method: "POST", json: body });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      error: { code: "rateLimited", message: "Too many attempts. Please wait a few minutes and try again." },
    });
    const page = (await checkoutAction({
      request: pagePost(body, body.driver.email),
      context: routeContext(ip),
      params: {},
    })) as Response;
    expect(page.status).toBe(429);
    expect(JSON.stringify(await page.json())).toContain("validation.rateLimited");

    // Another client is not held back.
    expect((await createApiClient({ ip: freshIp() })("/api/bookings", { method: "POST", json: body })).status).toBe(
      400,
    );
  });

  it("an account gets 20 checkouts an hour, whatever addresses it comes from", async () => {
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    // A period already taken: every attempt passes the form and is refused by the booking (409).
    const db = await getDb();
    const other = await createUser(db);
    const { from, to, pickUp, dropOff } = nextPeriod();
    await insertBooking(db, {
      carId: catalogue.car.id,
      supplierId: catalogue.supplier.id,
      driverId: other.id,
      locationId: catalogue.location.id,
      startsAt: pickUp,
      endsAt: dropOff,
      status: "paid",
    });
    const period = { ...checkoutBody(catalogue), from, to };
    for (let i = 0; i < 20; i++) {
      const response = await createApiClient({ ip: freshIp() })("/api/bookings", {
        token,
        method: "POST",
        json: period,
      });
      expect(response.status, `attempt ${i + 1}`).toBe(409);
    }
    const limited = await createApiClient({ ip: freshIp() })("/api/bookings", { token, method: "POST", json: period });
    expect(limited.status).toBe(429);
    expect((await limited.json()).error.code).toBe("rateLimited");
  });
});

describe("the cap on open unpaid bookings", () => {
  /** `n` open unpaid bookings of `driverId` (pay later, future pick-up), each on a car of its own. */
  async function openUnpaid(driverId: number, n: number) {
    for (let i = 0; i < n; i++) await bookingFor(catalogue, driverId, { status: "pending" });
  }

  it("refuses an activated driver's checkout at 10 awaiting payment, with the count; paid, past, cancelled and lapsed ones do not count", async () => {
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const api = createApiClient({ ip: freshIp() });
    await openUnpaid(user.id, UNPAID_CAP.activated - 1);
    const db = await getDb();
    const paidOne = await bookingFor(catalogue, user.id, { status: "pending" });
    await db.insert(payments).values({
      bookingId: paidOne.id,
      method: "mobilePayment",
      status: "succeeded",
      amountCents: paidOne.priceCents,
      providerReference: `pm:0102:${paidOne.id}:2026-01-01`,
    });
    await bookingFor(catalogue, user.id, { status: "cancelled" });
    await bookingFor(catalogue, user.id, { status: "void", holdExpiresAt: new Date(Date.now() - 60_000) });
    await insertBooking(db, {
      carId: catalogue.car.id,
      supplierId: catalogue.supplier.id,
      driverId: user.id,
      locationId: catalogue.location.id,
      startsAt: new Date(Date.now() - 10 * DAY),
      endsAt: new Date(Date.now() - 8 * DAY),
      status: "pending",
    });

    const tenth = await api("/api/bookings", { token, method: "POST", json: checkoutBody(catalogue) });
    expect(tenth.status).toBe(201);
    const before = (await db.select().from(bookings).where(eq(bookings.driverId, user.id))).length;
    const refused = await api("/api/bookings?l=en", { token, method: "POST", json: checkoutBody(catalogue) });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: "tooManyUnpaid",
        message: "You have 10 bookings awaiting payment: pay or cancel one of them before booking again.",
      },
    });
    expect((await db.select().from(bookings).where(eq(bookings.driverId, user.id))).length).toBe(before);
  });

  it("allows 3 to an account that is not activated, and the page says so in the form", async () => {
    const db = await getDb();
    const user = await createUser(db, {
      activated: false,
      phone: "+584141112233",
      birthDate: "1990-01-01",
      language: "en",
    });
    await openUnpaid(user.id, UNPAID_CAP.unactivated);
    const request = formPost(`/checkout?${checkoutQuery(catalogue, nextPeriod())}`, { payment: "payLater" });
    const sessionUser = {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      type: "user" as const,
      language: "en",
      activated: false,
      supplierId: null,
      avatar: null,
      enableEmailNotifications: true,
      unreadNotifications: 0,
    };
    const response = (await checkoutAction({
      request,
      context: routeContext(freshIp(), sessionUser),
      params: {},
    })) as Response;
    expect(response.status).toBe(409);
    expect(JSON.stringify(await response.json())).toContain(
      "You have 3 bookings awaiting payment: pay or cancel one of them before booking again.",
    );
  });

  it("holds under a parallel burst of one driver's checkouts: exactly the room left is booked", async () => {
    const db = await getDb();
    const user = await createUser(db, { phone: "+584141112233", birthDate: "1990-01-01" });
    await openUnpaid(user.id, UNPAID_CAP.activated - 3);
    // Six checkouts at once, each of its own car, so only the cap can refuse them.
    const cars = await Promise.all(
      Array.from({ length: 6 }, () =>
        createCar(db, {
          supplierId: catalogue.supplier.id,
          locationIds: [catalogue.location.id],
          dailyPriceCents: 3000,
        }),
      ),
    );
    const { pickUp, dropOff } = nextPeriod();
    const results = await Promise.all(
      cars.map((car) =>
        book({
          carId: car.id,
          pickupLocationId: catalogue.location.id,
          dropoffLocationId: catalogue.location.id,
          from: pickUp,
          to: dropOff,
          options: [],
          driver: { kind: "user", userId: user.id },
          additionalDriver: null,
          acceptedTerms: false,
          paymentMethod: "payLater",
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(3);
    expect(results.filter((r) => !r.ok)).toEqual(
      Array.from({ length: 3 }, () => ({ ok: false, reason: "tooManyUnpaid", count: UNPAID_CAP.activated })),
    );
    expect((await db.select().from(bookings).where(eq(bookings.driverId, user.id))).length).toBe(UNPAID_CAP.activated);
  });
});

describe("card starts", () => {
  it("10 per booking and 30 per client an hour, each answered 429 beyond", async () => {
    const { user, token } = await signedInUser();
    const ip = freshIp();
    const api = createApiClient({ ip });
    const holds = await Promise.all(
      [0, 1, 2, 3].map(() =>
        bookingFor(catalogue, user.id, {
          status: "void",
          paymentMethod: "cardPayment",
          holdExpiresAt: new Date(Date.now() + 20 * 60_000),
        }),
      ),
    );
    const start = (id: number) => api(`/api/bookings/${id}/payments/card?l=en`, { token, method: "POST" });
    for (let i = 0; i < 10; i++) expect((await start(holds[0].id)).status, `start ${i + 1}`).toBe(201);
    const perBooking = await start(holds[0].id);
    expect(perBooking.status).toBe(429);
    expect((await perBooking.json()).error).toEqual({
      code: "rateLimited",
      message: "Too many attempts. Please wait a few minutes and try again.",
    });
    // The same client, other bookings: 30 starts in all, counting the refused one.
    for (let i = 0; i < 10; i++) expect((await start(holds[1].id)).status).toBe(201);
    for (let i = 0; i < 9; i++) expect((await start(holds[2].id)).status).toBe(201);
    expect((await start(holds[3].id)).status).toBe(429);
    // From elsewhere the fourth booking still starts.
    expect(
      (
        await createApiClient({ ip: freshIp() })(`/api/bookings/${holds[3].id}/payments/card`, {
          token,
          method: "POST",
        })
      ).status,
    ).toBe(201);
  });
});

describe("the booking page's posts", () => {
  it("count 60 per account in 15 minutes; beyond, nothing is done and the page says why", async () => {
    const db = await getDb();
    const driver = await createUser(db);
    const booking = await bookingFor(catalogue, driver.id, { status: "pending" });
    const user = { id: driver.id, type: "user", supplierId: null } as SessionUser;
    const post = (form: Record<string, string>, id = booking.id) =>
      bookingAction({
        request: formPost(`/booking?b=${id}`, form),
        context: routeContext(freshIp(), user),
        params: {},
      }).catch((thrown: unknown) => thrown as Response);
    // Forged posts for a booking that is not theirs still count.
    for (let i = 0; i < 60; i++) expect((await post({ intent: "cancel" }, 2_000_000_000)).status).toBe(404);
    const limited = (await post({ intent: "cancel" })) as Response;
    expect(limited.status).toBe(302);
    expect(limited.headers.get("Location")).toBe(`/booking?b=${booking.id}`);
    expect(await toastCookie.parse(limited.headers.get("Set-Cookie")!.split(";")[0])).toEqual({
      type: "error",
      message: "validation.rateLimited",
    });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("pending");
  });

  it("share one budget with the API's cancel, amend and amendment request: beyond it, 429 with Retry-After and nothing changes", async () => {
    const { user, token } = await signedInUser();
    const booking = await bookingFor(catalogue, user.id, { status: "pending" });
    const api = createApiClient({ ip: freshIp() });
    const page = (form: Record<string, string>, id: number) =>
      bookingAction({
        request: formPost(`/booking?b=${id}`, form),
        context: routeContext(freshIp(), { id: user.id, type: "user", supplierId: null }),
        params: {},
      }).catch((thrown: unknown) => thrown as Response);
    const missing = 2_000_000_000;
    // 30 on the page and 30 through the API, each on a booking that is not theirs: all counted.
    for (let i = 0; i < 30; i++) expect((await page({ intent: "cancel" }, missing)).status, `page ${i + 1}`).toBe(404);
    for (let i = 0; i < 30; i++) {
      const forged = await api(`/api/bookings/${missing}/cancel`, { token, method: "POST" });
      expect(forged.status, `api ${i + 1}`).toBe(404);
    }
    const { from, to } = nextPeriod();
    const place = catalogue.location.id;
    const attempts = [
      api(`/api/bookings/${booking.id}/cancel?l=en`, { token, method: "POST" }),
      api(`/api/bookings/${booking.id}/amend?l=en`, {
        token,
        method: "POST",
        json: { pickupLocationId: place, dropoffLocationId: place, from, to, options: [] },
      }),
      api(`/api/bookings/${booking.id}/amendment-request?l=en`, {
        token,
        method: "POST",
        json: { request: "Two hours later, please." },
      }),
    ];
    for (const limited of await Promise.all(attempts)) {
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await limited.json()).error).toEqual({
        code: "rateLimited",
        message: "Too many attempts. Please wait a few minutes and try again.",
      });
    }
    const onPage = (await page({ intent: "cancel" }, booking.id)) as Response;
    expect(onPage.status).toBe(302);
    const [row] = await (await getDb()).select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("pending");
    expect(row.startsAt).toEqual(booking.startsAt);
  });
});

describe("the bulk status change", () => {
  it("changes nothing until a status is chosen, and says so", async () => {
    const db = await getDb();
    const driver = await createUser(db);
    const staff = await createUser(db, { type: "supplier", supplierId: catalogue.supplier.id });
    const rows = await Promise.all([0, 1].map(() => bookingFor(catalogue, driver.id, { status: "pending" })));
    const form = new URLSearchParams([
      ["intent", "status-selected"],
      ["status", ""],
      ...rows.map((r): [string, string] => ["ids", String(r.id)]),
    ]);
    const request = formPost("/bookings", form);
    const response = await bookingsListAction(
      { id: staff.id, type: "supplier", supplierId: catalogue.supplier.id },
      request,
      "/bookings",
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ results: [], nothingSelected: false, noStatus: true });
    const after = await db
      .select({ status: bookings.status })
      .from(bookings)
      .where(
        inArray(
          bookings.id,
          rows.map((r) => r.id),
        ),
      );
    expect(after).toEqual([{ status: "pending" }, { status: "pending" }]);
  });
});
