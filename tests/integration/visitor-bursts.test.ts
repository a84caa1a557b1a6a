import { inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { action as checkoutAction } from "~/routes/checkout";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { checkoutBody, checkoutQuery, nextPeriod, seedCatalogue } from "../api/resources";
import { createUser } from "../factories";
import { formPost, routeContext } from "../route-calls";

/*
 * Unproven visitors cannot hold the fleet (docs/security.md#rate-limits, docs/domain.md#limits):
 * a visitor's checkout makes a new, unproven account each time, so the per-driver cap never meets a
 * burst of them. Per client, at most 3 visitor bookings an hour; the 4th and later are refused
 * with a message of their own, page and API together. Refused checkouts do not use the budget up.
 */
const catalogue = await seedCatalogue();
const { bookings, users } = schema;

afterAll(async () => {
  await closeDb();
});

let counter = 0;
const freshEmail = () => `burst-${Date.now()}-${++counter}@example.com`;
let addressCounter = 0;
const freshIp = () => `198.18.0.${++addressCounter}`;

const person = (email: string) => ({
  fullName: "Ráfaga Visitante",
  email,
  phone: "+584141112233",
  birthDate: "1990-01-01",
});

const apiBody = (email: string) => checkoutBody(catalogue, { driver: { ...person(email), acceptTerms: true } });

/** A visitor's checkout through the page, as a browser without JavaScript posts it, in a fresh period. */
async function pageCheckout(ip: string, email: string) {
  const link = checkoutQuery(catalogue, nextPeriod());
  return (await checkoutAction({
    request: formPost(`/checkout?${link}`, { ...person(email), tos: "on", payment: "payLater" }),
    context: routeContext(ip),
    params: {},
  })) as Response;
}

async function bookedBy(emails: string[]) {
  const db = await getDb();
  const drivers = await db.select({ id: users.id }).from(users).where(inArray(users.email, emails));
  if (drivers.length === 0) return 0;
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      inArray(
        bookings.driverId,
        drivers.map((d) => d.id),
      ),
    );
  return rows.length;
}

const refusal =
  "From one connection, at most 3 bookings an hour can be made without signing in. Sign in to book more (activate your account first with the link we emailed you), or try again later.";

describe("a burst of visitor checkouts from one client", () => {
  it("books 3 of 10 in a row; the other 7 are refused with the clear message, page and API together", async () => {
    const ip = freshIp();
    const api = createApiClient({ ip });
    const emails = Array.from({ length: 10 }, freshEmail);
    const statuses: number[] = [];
    for (const [i, email] of emails.entries()) {
      if (i % 2 === 0) {
        const response = await pageCheckout(ip, email);
        statuses.push(response.status);
        if (response.status === 429) expect(JSON.stringify(await response.json())).toContain(refusal);
      } else {
        const response = await api("/api/bookings?l=en", { method: "POST", json: apiBody(email) });
        statuses.push(response.status);
        if (response.status === 429)
          expect((await response.json()).error).toEqual({ code: "visitorLimit", message: refusal });
      }
    }
    // Page, API, page booked; then every one refused.
    expect(statuses).toEqual([302, 201, 302, 429, 429, 429, 429, 429, 429, 429]);
    expect(await bookedBy(emails)).toBe(3);

    // Another client is not held back, nor a signed-in driver from this one.
    expect(
      (await createApiClient({ ip: freshIp() })("/api/bookings", { method: "POST", json: apiBody(freshEmail()) }))
        .status,
    ).toBe(201);
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const { driver: _visitor, ...own } = apiBody("unused@example.com");
    expect((await api("/api/bookings", { token, method: "POST", json: own })).status).toBe(201);
  });

  it("counts bookings made: refused visitor checkouts (an address already registered) leave the 3 for real ones", async () => {
    const ip = freshIp();
    const api = createApiClient({ ip });
    const db = await getDb();
    const taken = await createUser(db);
    for (let i = 0; i < 5; i++) {
      const refused = await api("/api/bookings", { method: "POST", json: apiBody(taken.email) });
      expect(refused.status, `refused ${i + 1}`).toBe(400);
    }
    const emails = Array.from({ length: 4 }, freshEmail);
    const statuses = [];
    for (const email of emails)
      statuses.push((await api("/api/bookings", { method: "POST", json: apiBody(email) })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it("holds under a parallel burst: of 8 visitor checkouts at once from one client, at most 3 book", async () => {
    const ip = freshIp();
    const api = createApiClient({ ip });
    const emails = Array.from({ length: 8 }, freshEmail);
    const statuses = await Promise.all(
      emails.map(async (email) => (await api("/api/bookings", { method: "POST", json: apiBody(email) })).status),
    );
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(3);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    expect(await bookedBy(emails)).toBeLessThanOrEqual(3);
  });
});
