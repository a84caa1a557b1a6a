import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { grantMatches } from "~/modules/payment/grant.server";
import { createHandoff, openHandoff } from "~/modules/payment/handoff.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { loader as handoffLoader } from "~/routes/payment.handoff";
import { loader as successLoader } from "~/routes/payment-success";
import { loader as cardPageLoader } from "~/routes/payment.card";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { bookingFor, checkoutBody, seedCatalogue } from "../api/resources";
import { routeContext } from "../route-calls";

/*
 * The payment hand-off (docs/security.md#payment-hand-off): an app's bearer token buys a link that
 * opens one booking's payment page once, within 10 minutes, for the booking's driver only, and
 * sends the browser back only to an app origin the operator listed.
 */
vi.hoisted(() => {
  process.env.API_CORS_ORIGINS = "capacitor://localhost https://app.example.com";
  process.env.APP_RETURN_ORIGINS = "com.rueda.app://pay";
});

/** The client address of the test's API calls and of its page requests. */
const ip = "198.51.100.80";
const api = createApiClient({ ip });
const catalogue = await seedCatalogue();
const MINUTE = 60_000;

afterAll(async () => {
  await closeDb();
});

/** What a loader answered or threw: its status, where a redirect leads, its cookie and data. */
async function run(loader: () => Promise<unknown>) {
  try {
    const value = await loader();
    if (value instanceof Response)
      return { status: value.status, location: null, cookie: null, data: await value.json() };
    return { status: 200, location: null, cookie: null, data: value as Record<string, unknown> };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      status: thrown.status,
      location: thrown.headers.get("Location"),
      cookie: thrown.headers.get("Set-Cookie"),
      data: null,
    };
  }
}

/** Opens a hand-off link as a fresh browser would (no cookie). */
const open = (url: string) =>
  run(() => handoffLoader({ request: new Request(url), context: routeContext(ip), params: {} }));

async function askLink(token: string, bookingId: number, body: object) {
  return api(`/api/bookings/${bookingId}/payment-link`, { method: "POST", token, json: body });
}

const driver = () => signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
const cardBooking = (driverId: number, values = {}) =>
  bookingFor(catalogue, driverId, { paymentMethod: "cardPayment", status: "pending", ...values });

describe("a payment hand-off link", () => {
  it("is made for the booking's driver only, lasts 10 minutes, and is stored hashed", async () => {
    const { user, token } = await driver();
    const booking = await cardBooking(user.id);
    const before = Date.now();
    const answer = await askLink(token, booking.id, { method: "card", returnUrl: "capacitor://localhost/done" });
    expect(answer.status).toBe(201);
    const { url, expiresAt } = (await answer.json()) as { url: string; expiresAt: string };
    const secret = new URL(url).searchParams.get("t")!;
    expect(url).toMatch(/\/payment\/handoff\?t=[\w-]{43}&l=en$/);
    expect(new Date(expiresAt).getTime() - before).toBeGreaterThanOrEqual(10 * MINUTE - 1000);
    expect(new Date(expiresAt).getTime() - before).toBeLessThanOrEqual(10 * MINUTE + 5000);
    const db = await getDb();
    const rows = await db
      .select({ tokenHash: schema.paymentHandoffs.tokenHash })
      .from(schema.paymentHandoffs)
      .where(eq(schema.paymentHandoffs.bookingId, booking.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).not.toContain(secret);

    // Someone else's booking is as missing as one that does not exist; nobody signed in gets 401.
    const other = await driver();
    const refused = await askLink(other.token, booking.id, { method: "card" });
    expect(refused.status).toBe(404);
    expect((await refused.json()).error.code).toBe("notFound");
    expect((await api(`/api/bookings/${booking.id}/payment-link`, { method: "POST", json: {} })).status).toBe(401);
    // Staff of the booking's supplier reach it in the back office, but are not its driver.
    const staff = await signedInUser({ type: "supplier", supplierId: catalogue.supplier.id });
    expect((await askLink(staff.token, booking.id, { method: "card" })).status).toBe(404);
  });

  it("refuses a return URL off the operator's list, and a booking with nothing to pay", async () => {
    const { user, token } = await driver();
    const booking = await cardBooking(user.id);
    for (const returnUrl of [
      "https://evil.example/back",
      "capacitor://localhost.evil.example/",
      "javascript:alert(1)",
    ]) {
      const answer = await askLink(token, booking.id, { method: "card", returnUrl });
      expect(answer.status, returnUrl).toBe(400);
      const { error } = await answer.json();
      expect(error.code).toBe("returnUrlNotAllowed");
      expect(error.fields.returnUrl).toBe("This return address is not one of the app addresses this site accepts.");
    }
    // The app origins of the API and the operator's extra link scheme are accepted.
    for (const returnUrl of ["https://app.example.com/trips", "com.rueda.app://pay/done"])
      expect((await askLink(token, booking.id, { returnUrl })).status, returnUrl).toBe(201);

    const paid = await cardBooking(user.id, { status: "paid" });
    const answer = await askLink(token, paid.id, { method: "card" });
    expect(answer.status).toBe(409);
    expect((await answer.json()).error.code).toBe("notPayable");
  });

  it("opens once: the payment page with a grant for that booking alone, then a page that says it was used", async () => {
    const { user, token } = await driver();
    const booking = await cardBooking(user.id);
    const other = await cardBooking(user.id);
    const { url } = await (
      await askLink(token, booking.id, { method: "card", returnUrl: "capacitor://localhost/done" })
    ).json();

    const first = await open(url);
    expect(first.status).toBe(302);
    const landing = new URL(first.location!, "http://rueda.test");
    expect(landing.pathname).toBe("/payment/card");
    expect(landing.searchParams.get("b")).toBe(String(booking.id));
    const grant = landing.searchParams.get("g");
    expect(grantMatches(booking.id, grant)).toBe(true);
    expect(grantMatches(other.id, grant)).toBe(false);
    // No session: the browser is not signed in, it only learns the way back to the app.
    expect(first.cookie).toMatch(/^app_return=/);
    expect(first.cookie).not.toContain("__session");

    const second = await open(url);
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ view: "used", appReturn: null });

    // The confirmation, in the browser that opened the link, leads back to the app.
    const cookie = first.cookie!.split(";")[0];
    const confirmation = await run(() =>
      successLoader({
        request: new Request(`http://rueda.test/payment-success?b=${booking.id}&g=${grant}`, { headers: { cookie } }),
        context: routeContext(ip),
        params: {},
      }),
    );
    expect(confirmation.data).toMatchObject({
      appReturn: { href: `capacitor://localhost/done?booking=${booking.id}&status=pending` },
    });
    // Another booking's page in the same browser offers no way back for it.
    const elsewhere = await run(() =>
      successLoader({
        request: new Request(`http://rueda.test/payment-success?b=${other.id}`, { headers: { cookie } }),
        context: routeContext(ip, { id: user.id }),
        params: {},
      }),
    );
    expect(elsewhere.data).toMatchObject({ appReturn: null });
  });

  it("expires after 10 minutes, and a newer link for the booking ends the older one", async () => {
    const { user } = await driver();
    const row = await cardBooking(user.id);
    const booking = (await loadPayableBooking(row.id, { userId: user.id, grant: null }))!;
    const made = await createHandoff(booking, { method: "card" }, new Date(Date.now() - 10 * MINUTE - 1000));
    if (!made.ok) throw new Error(made.reason);
    expect(await openHandoff(made.token)).toEqual({ kind: "expired" });

    const older = await createHandoff(booking, {});
    const newer = await createHandoff(booking, {});
    if (!older.ok || !newer.ok) throw new Error("not made");
    expect(await openHandoff(older.token)).toEqual({ kind: "unknown" });
    expect(await openHandoff(newer.token)).toMatchObject({
      kind: "pay",
      location: expect.stringMatching(/^\/payment\?b=/),
    });
    expect(await openHandoff("not-a-token")).toEqual({ kind: "unknown" });

    // An account suspended since: its link opens nothing.
    const suspended = await createHandoff(booking, { method: "card" });
    if (!suspended.ok) throw new Error(suspended.reason);
    const db = await getDb();
    await db.update(schema.users).set({ blacklisted: true }).where(eq(schema.users.id, user.id));
    expect(await openHandoff(suspended.token)).toEqual({ kind: "unknown" });
  });

  it("says a booking paid or cancelled since is so, with the way back to the app", async () => {
    const { user, token } = await driver();
    const booking = await cardBooking(user.id);
    const { url } = await (
      await askLink(token, booking.id, { method: "mobile", returnUrl: "capacitor://localhost/done" })
    ).json();
    const db = await getDb();
    await db.update(schema.bookings).set({ status: "cancelled" }).where(eq(schema.bookings.id, booking.id));
    const opened = await open(url);
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      view: "closed",
      appReturn: { href: `capacitor://localhost/done?booking=${booking.id}&status=cancelled` },
    });
  });
});

describe("a booking made through the API by an app", () => {
  it("answers a payment URL that opens in a browser without the app's token: the hand-off link to the method's page", async () => {
    const { token } = await driver();
    const made = await api("/api/bookings?l=en", {
      method: "POST",
      token,
      json: checkoutBody(catalogue, { paymentMethod: "cardPayment" }),
    });
    expect(made.status).toBe(201);
    const { booking, next } = await made.json();
    expect(next).toMatchObject({
      method: "cardPayment",
      apiPath: `/api/bookings/${booking.id}/payments/card`,
      paymentLinkPath: `/api/bookings/${booking.id}/payment-link`,
      paymentUrlExpiresAt: expect.any(String),
    });
    expect(new URL(next.paymentUrl).pathname).toBe("/payment/handoff");
    // A fresh browser (no cookie) opens it, once, on the card page with a grant for this booking.
    const opened = await open(next.paymentUrl);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.location!, "http://rueda.test");
    expect(landing.pathname).toBe("/payment/card");
    expect(landing.searchParams.get("b")).toBe(String(booking.id));
    const page = await run(() =>
      cardPageLoader({ request: new Request(landing), context: routeContext(ip), params: {} }),
    );
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ payable: true });
    // Single-use: a second opening lands on no payment page.
    expect((await open(next.paymentUrl)).status).not.toBe(302);
  });
});
