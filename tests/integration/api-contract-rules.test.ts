import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient, signedInUser } from "../api/client";
import { fetchDocument } from "../api/contract";
import { bookingFor, nextPeriod, notificationFor, seedCatalogue } from "../api/resources";
import { createCar } from "../factories";

/*
 * The rules every operation shares (docs/architecture.md#api), as a client meets them: strict
 * integer ids, one paging rule with a `pageSize`, `Retry-After` on a 429, absolute picture URLs,
 * and the document's own examples accepted.
 */

const api = createApiClient({ ip: "198.51.100.40" });
const catalogue = await seedCatalogue();
const document = await fetchDocument(api);

afterAll(async () => {
  await closeDb();
});

describe("ids in paths", () => {
  it("are decimal digits only: hexadecimal, exponent, sign, leading zero or fraction name nothing", async () => {
    const id = catalogue.car.id;
    expect((await api(`/api/cars/${id}`)).status).toBe(200);
    for (const spelling of [`0x${id.toString(16)}`, `${id / 10}e1`, `0${id}`, `+${id}`, `${id}.0`, ` ${id}`]) {
      const response = await api(`/api/cars/${encodeURIComponent(spelling)}`);
      expect(response.status, spelling).toBe(404);
      expect((await response.json()).error.code).toBe("notFound");
    }
  });
});

describe("paging", () => {
  it("takes a pageSize up to 100 on the notifications, and a page past the end gives the last page", async () => {
    const { user, token } = await signedInUser();
    for (let i = 0; i < 5; i++) await notificationFor(user.id);
    const page = await api("/api/notifications?pageSize=2&page=2", { token });
    expect(await page.json()).toMatchObject({ total: 5, page: 2, pages: 3, pageSize: 2 });
    const past = await (await api("/api/notifications?pageSize=2&page=9", { token })).json();
    expect(past).toMatchObject({ page: 3, pages: 3, pageSize: 2 });
    expect(past.notifications).toHaveLength(1);
    expect(await (await api("/api/notifications", { token })).json()).toMatchObject({ pageSize: 30 });
    for (const bad of ["0", "101", "0x10", "2.5", "many"]) {
      const response = await api(`/api/notifications?pageSize=${bad}`, { token });
      expect(response.status, bad).toBe(400);
      expect(Object.keys((await response.json()).error.fields), bad).toEqual(["pageSize"]);
    }
  });

  it("takes a pageSize on the bookings whatever the User-Agent, with the same past-the-end rule", async () => {
    const { user, token } = await signedInUser();
    // Both ahead: a driver sees the soonest pick-up first (docs/domain.md#my-bookings).
    const [sooner, later] = [await bookingFor(catalogue, user.id), await bookingFor(catalogue, user.id)];
    const phone = { "User-Agent": "Mozilla/5.0 (Linux; Android 14) Mobile" };
    expect(await (await api("/api/bookings", { token, headers: phone })).json()).toMatchObject({ pageSize: 20 });
    const first = await (await api("/api/bookings?pageSize=1", { token, headers: phone })).json();
    expect(first).toMatchObject({ total: 2, page: 1, pages: 2, pageSize: 1 });
    expect(first.bookings.map((b: { id: number }) => b.id)).toEqual([sooner.id]);
    const past = await (await api("/api/bookings?pageSize=1&page=7", { token })).json();
    expect(past).toMatchObject({ page: 2, pages: 2 });
    expect(past.bookings.map((b: { id: number }) => b.id)).toEqual([later.id]);
    expect((await api("/api/bookings?pageSize=500", { token })).status).toBe(400);
  });

  it("gives the last page of a search asked past its end", async () => {
    const { from, to } = nextPeriod();
    const response = await api(`/api/cars/search?pickup=${catalogue.location.id}&from=${from}&to=${to}&page=5`);
    const body = await response.json();
    expect(body).toMatchObject({ page: 1, pages: 1 });
    expect(body.cars.map((car: { id: number }) => car.id)).toEqual([catalogue.car.id]);
  });

  it("takes a pageSize up to 50 on the car search, cheapest first across its pages", async () => {
    const db = await getDb();
    // The other place of the catalogue's car (places are cached once read): 4 cars in all.
    const place = catalogue.otherLocation;
    for (const dailyPriceCents of [3000, 5000, 7000])
      await createCar(db, { supplierId: catalogue.supplier.id, locationIds: [place.id], dailyPriceCents });
    const { from, to } = nextPeriod();
    const search = (extra: string) => api(`/api/cars/search?pickup=${place.id}&from=${from}&to=${to}${extra}`);
    const second = await (await search("&pageSize=2&page=2")).json();
    expect(second).toMatchObject({ total: 4, page: 2, pages: 2, pageSize: 2 });
    expect(second.cars.map((car: { dailyPriceCents: number }) => car.dailyPriceCents)).toEqual([5000, 7000]);
    expect(await (await search("")).json()).toMatchObject({ pageSize: 15, pages: 1 });
    for (const bad of ["0", "51", "0x10"]) expect((await search(`&pageSize=${bad}`)).status, bad).toBe(400);
  });
});

describe("rate limits", () => {
  it("say when to try again: Retry-After, in seconds, on the 429", async () => {
    const { user } = await signedInUser();
    const signIn = () =>
      api("/api/sign-in/frontend", { method: "POST", json: { email: user.email, password: "wrong password" } });
    let response = await signIn();
    for (let attempt = 0; attempt < 20 && response.status !== 429; attempt++) response = await signIn();
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get("Retry-After"));
    expect(Number.isInteger(seconds)).toBe(true);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });
});

describe("pictures", () => {
  it("are absolute URLs on the app's address", async () => {
    const db = await getDb();
    const car = await createCar(db, {
      supplierId: catalogue.supplier.id,
      locationIds: [catalogue.location.id],
      image: "/media/picture.webp",
    });
    const body = await (await api(`/api/cars/${car.id}`)).json();
    expect(body.image).toMatch(/^https?:\/\/[^/]+\/media\/picture\.webp$/);
  });
});

describe("the document's examples", () => {
  it("are accepted as they are: the pago móvil transfer of today", async () => {
    const { user, token } = await signedInUser();
    const booking = await bookingFor(catalogue, user.id, { paymentMethod: "mobilePayment", createdAt: new Date() });
    const operation = document.paths["/api/bookings/{id}/payments/mobile"].post as {
      requestBody: { content: { "application/json": { example: Record<string, string> } } };
    };
    const example = operation.requestBody.content["application/json"].example;
    const response = await api(`/api/bookings/${booking.id}/payments/mobile`, { method: "POST", token, json: example });
    expect(response.status, await response.clone().text()).toBe(202);
  });
});
