import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import { action as bookingAction } from "~/routes/booking";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { createApiClient, signedInUser } from "../api/client";
import { bookingRow } from "../api/resources";
import { createCar, createMaiquetia, createSupplier, resetDatabase } from "../factories";
import { formPost, routeContext } from "../route-calls";

/*
 * The young driver fee at checkout, page and API, and on an amendment (docs/domain.md#young-driver-fee):
 * a driver under the supplier's age on the pick-up date pays its daily fee for each day, as a fee
 * line of the stored breakdown, and the pay-later percentage applies to it.
 */
const { bookings } = schema;
const DAY = 86_400_000;

// Pick-up at 10:00 in Caracas (UTC−4 all year), a month ahead; a driver turning 25 the day after it.
const pickUpDate = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
const local = (days: number) =>
  `${new Date(Date.parse(`${pickUpDate}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10)}T10:00`;
const caracas = (days: number) => new Date(`${local(days)}:00-04:00`);
const yearsBefore = (years: number, days: number) => {
  const date = new Date(`${pickUpDate}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
};
const young = yearsBefore(25, 1);
const turning25 = yearsBefore(25, 0);

let fx: { place: number; carId: number };
const api = createApiClient({ ip: "198.51.100.78" });

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  forgetReferenceData();
  const place = await createMaiquetia(db);
  const supplier = await createSupplier(db, { youngDriverAge: 25, youngDriverFeeCents: 1000, payLater: true });
  const car = await createCar(db, {
    supplierId: supplier.id,
    locationIds: [place.id],
    dailyPriceCents: 5000,
    payLaterFeePercent: 10,
  });
  fx = { place: place.id, carId: car.id };
});

afterAll(async () => {
  await closeDb();
});

const body = (days = 3) => ({
  carId: fx.carId,
  pickupLocationId: fx.place,
  from: local(0),
  to: local(days),
  options: [],
  paymentMethod: "payLater",
});

/** The driver moves the booking to days `from`..`to` at the same place, without options. */
const amendTo = (userId: number, id: number, from: number, to: number) =>
  amendBooking({ id: userId, type: "user", supplierId: null }, id, {
    pickUp: caracas(from),
    dropOff: caracas(to),
    pickupLocationId: fx.place,
    dropoffLocationId: fx.place,
    options: [],
    additionalDriver: null,
  });

describe("POST /api/bookings (docs/domain.md#young-driver-fee)", () => {
  it("charges a driver under 25 on the pick-up date $10 a day as its own line, the pay-later fee on top", async () => {
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: young });
    const response = await api("/api/bookings", { token, method: "POST", json: body() });
    expect(response.status).toBe(201);
    const { id } = ((await response.json()) as { booking: { id: number } }).booking;
    const read = await api(`/api/bookings/${id}`, { token });
    const booking = (await read.json()) as {
      priceCents: number;
      breakdown: { fees?: Record<string, number>; subtotalCents: number };
    };
    // 3 × $50 + 3 × $10 = $180; +10 % = $198.
    expect(booking.breakdown.fees).toEqual({ youngDriver: 3000 });
    expect(booking.breakdown.subtotalCents).toBe(18_000);
    expect(booking.priceCents).toBe(19_800);
  });

  it("charges nothing to a driver who turns 25 on the pick-up date", async () => {
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: turning25 });
    const response = await api("/api/bookings", { token, method: "POST", json: body() });
    expect(response.status).toBe(201);
    const row = await bookingRow(((await response.json()) as { booking: { id: number } }).booking.id);
    expect(row.breakdown.fees).toBeUndefined();
    expect(row.priceCents).toBe(16_500);
  });
});

const context = (user: Partial<SessionUser> | null = null) => routeContext("198.51.100.79", user);

const link = () =>
  new URLSearchParams({
    car: String(fx.carId),
    pickup: String(fx.place),
    dropoff: String(fx.place),
    from: local(0),
    to: local(3),
  });

describe("the checkout page (docs/domain.md#young-driver-fee)", () => {
  it("books a visitor under 25 with the fee, as a browser without JavaScript posts it", async () => {
    const form = new URLSearchParams({
      fullName: "Joven Conductor",
      email: "joven@example.com",
      phone: "+584141112233",
      birthDate: young,
      tos: "on",
      payment: "payLater",
    });
    const response = (await checkoutAction({
      request: formPost(`/checkout?${link()}`, form),
      context: context(),
      params: {},
    })) as Response;
    expect(response.status).toBe(302);
    const [row] = await (await getDb()).select().from(bookings);
    expect(row.breakdown.fees).toEqual({ youngDriver: 3000 });
    expect(row.priceCents).toBe(19_800);
  });

  it("gives the preview the supplier's rule and the pick-up's date, from which it prices the driver's fee", async () => {
    const data = (await checkoutLoader({
      request: new Request(`http://rueda.test/checkout?${link()}`),
      context: context(),
      params: {},
    })) as unknown as { pricing: { youngDriver: unknown; pickUpDate: string; fees: Record<string, number> } };
    expect(data.pricing.youngDriver).toEqual({ belowAge: 25, dailyFeeCents: 1000 });
    expect(data.pricing.pickUpDate).toBe(pickUpDate);
    expect(data.pricing.fees.youngDriver).toBe(0);
  });
});

describe("amendment (docs/domain.md#young-driver-fee)", () => {
  it("re-prices the fee on the new pick-up date: from the driver's 25th birthday on, none", async () => {
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: young });
    const response = await api("/api/bookings", { token, method: "POST", json: body(2) });
    const { id } = ((await response.json()) as { booking: { id: number } }).booking;
    expect((await bookingRow(id)).breakdown.fees).toEqual({ youngDriver: 2000 });
    expect(await amendTo(user.id, id, 1, 3)).toBe("amended");
    const row = await bookingRow(id);
    expect(row.breakdown.fees).toBeUndefined();
    expect(row.priceCents).toBe(11_000);
  });
});

describe("a car's own young driver fee (docs/domain.md#young-driver-fee)", () => {
  const setCarFee = async (cents: number | null) =>
    (await getDb()).update(schema.cars).set({ youngDriverFeeCents: cents }).where(eq(schema.cars.id, fx.carId));

  it("replaces the supplier's at checkout, 0 waives it for that car, and a booking keeps the fee it was made with", async () => {
    await setCarFee(1500);
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: young });
    const response = await api("/api/bookings", { token, method: "POST", json: body(2) });
    expect(response.status).toBe(201);
    const { id } = ((await response.json()) as { booking: { id: number } }).booking;
    // 2 × $50 + 2 × $15 = $130; +10 % = $143.
    expect((await bookingRow(id)).breakdown.fees).toEqual({ youngDriver: 3000 });
    expect((await bookingRow(id)).priceCents).toBe(14_300);

    await setCarFee(0);
    // docs/domain.md#price-facts: 3 × $50 + 3 × $15 = $195; +10 % = $214.50.
    expect(await amendTo(user.id, id, 0, 3)).toBe("amended");
    const row = await bookingRow(id);
    expect(row.breakdown.fees).toEqual({ youngDriver: 4500 });
    expect(row.priceCents).toBe(21_450);
    // A new checkout meets the car's fee as it is now: none.
    const later = await api("/api/bookings", {
      token,
      method: "POST",
      json: { ...body(), from: local(10), to: local(12) },
    });
    expect(later.status).toBe(201);
    const next = await bookingRow(((await later.json()) as { booking: { id: number } }).booking.id);
    expect(next.breakdown.fees).toBeUndefined();
    expect(next.priceCents).toBe(11_000);
  });

  it("is the rule the checkout's preview prices with", async () => {
    await setCarFee(700);
    const data = (await checkoutLoader({
      request: new Request(`http://rueda.test/checkout?${link()}`),
      context: context(),
      params: {},
    })) as unknown as { pricing: { youngDriver: unknown } };
    expect(data.pricing.youngDriver).toEqual({ belowAge: 25, dailyFeeCents: 700 });
  });
});

/*
 * The price's facts are the booking's (docs/domain.md#price-facts): the driver's birth date and the
 * young driver rule in force at checkout are stored with it, and amendments price from them.
 */
describe("the booking's price facts (docs/domain.md#price-facts)", () => {
  /** The review's M2: a $20 fee, 3 days at $27.50, pay later at 0 %: $82.50 + $60 = $142.50. */
  const llanos = async () => {
    const db = await getDb();
    await db
      .update(schema.cars)
      .set({ dailyPriceCents: 2750, payLaterFeePercent: 0 })
      .where(eq(schema.cars.id, fx.carId));
    const [car] = await db.select().from(schema.cars).where(eq(schema.cars.id, fx.carId));
    await db.update(schema.suppliers).set({ youngDriverFeeCents: 2000 }).where(eq(schema.suppliers.id, car.supplierId));
    return car.supplierId;
  };
  const amendJson = (from: number, to: number) => ({
    pickupLocationId: fx.place,
    dropoffLocationId: fx.place,
    from: local(from),
    to: local(to),
    options: [],
  });
  type Booked = { id: number; priceCents: number; breakdown: { fees?: Record<string, number> } };

  it("keeps the young driver fee when the driver changes their birth date and amends with the same dates", async () => {
    await llanos();
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1980-06-01" });
    const aged = await api("/api/update-user", { token, method: "POST", json: { birthDate: young } });
    expect(aged.status).toBe(200);
    const created = await api("/api/bookings", { token, method: "POST", json: body(3) });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { booking: Booked }).booking;
    expect((await bookingRow(id)).priceCents).toBe(14_250);
    expect((await bookingRow(id)).breakdown.fees).toEqual({ youngDriver: 6000 });

    const older = await api("/api/update-user", { token, method: "POST", json: { birthDate: "1980-06-01" } });
    expect(older.status).toBe(200);
    const amended = await api(`/api/bookings/${id}/amend`, { token, method: "POST", json: amendJson(0, 3) });
    expect(amended.status).toBe(200);
    const booking = (await amended.json()) as Booked;
    expect(booking.priceCents).toBe(14_250);
    expect(booking.breakdown.fees).toEqual({ youngDriver: 6000 });
  });

  it("keeps the fee per day booked when the supplier changes it afterwards, and re-prices new dates with it", async () => {
    const supplierId = await llanos();
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: young });
    const created = await api("/api/bookings", { token, method: "POST", json: body(3) });
    const { id } = ((await created.json()) as { booking: Booked }).booking;
    expect((await bookingRow(id)).priceCents).toBe(14_250);

    const db = await getDb();
    await db.update(schema.suppliers).set({ youngDriverFeeCents: 5000 }).where(eq(schema.suppliers.id, supplierId));
    // One day more, the same pick-up (before the 25th birthday): 4 × ($27.50 + $20).
    expect(await amendTo(user.id, id, 0, 4)).toBe("amended");
    expect((await bookingRow(id)).breakdown.fees).toEqual({ youngDriver: 8000 });
    expect((await bookingRow(id)).priceCents).toBe(19_000);

    // The supplier drops the fee: the booking's still stands.
    await db.update(schema.suppliers).set({ youngDriverFeeCents: null }).where(eq(schema.suppliers.id, supplierId));
    expect(await amendTo(user.id, id, 0, 2)).toBe("amended");
    expect((await bookingRow(id)).breakdown.fees).toEqual({ youngDriver: 4000 });
    expect((await bookingRow(id)).priceCents).toBe(9500);
  });

  /** The booking page's amend form, as a browser without JavaScript posts it. */
  const pagePost = (userId: number, id: number, form: Record<string, string>) =>
    bookingAction({
      request: formPost(`/booking?b=${id}`, {
        pickupLocationId: String(fx.place),
        dropoffLocationId: String(fx.place),
        ...form,
      }),
      context: context({ id: userId, type: "user", supplierId: null }),
      params: {},
    }).catch((thrown: unknown) => thrown) as Promise<Response>;

  it("previews and saves the booking page's amendment with the fee kept after a birth date change", async () => {
    await llanos();
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: young });
    const created = await api("/api/bookings", { token, method: "POST", json: body(3) });
    const { id } = ((await created.json()) as { booking: Booked }).booking;
    await api("/api/update-user", { token, method: "POST", json: { birthDate: "1980-06-01" } });

    const preview = await pagePost(user.id, id, { intent: "amend-preview", pickUp: local(0), dropOff: local(3) });
    const shown = (await preview.json()) as { preview: { breakdown: { totalCents: number; fees?: object } } };
    expect(shown.preview.breakdown.fees).toEqual({ youngDriver: 6000 });
    expect(shown.preview.breakdown.totalCents).toBe(14_250);
    const saved = await pagePost(user.id, id, {
      intent: "amend",
      expectedTotal: "14250",
      pickUp: local(0),
      dropOff: local(4),
    });
    // One day more is another price: previewed again, not saved.
    expect(
      ((await saved.json()) as { preview: { breakdown: { totalCents: number } } }).preview.breakdown.totalCents,
    ).toBe(19_000);
    const again = await pagePost(user.id, id, {
      intent: "amend",
      expectedTotal: "19000",
      pickUp: local(0),
      dropOff: local(4),
    });
    expect(again.status).toBe(302);
    expect((await bookingRow(id)).priceCents).toBe(19_000);
  });

  it("refuses moving the pick-up before the driver is old enough, by the booking's birth date, on the page and the API", async () => {
    await llanos();
    // 21 on the pick-up day: old enough for it, not for the day before.
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: yearsBefore(21, 0) });
    const created = await api("/api/bookings", { token, method: "POST", json: body(3) });
    expect(created.status).toBe(201);
    const { id } = ((await created.json()) as { booking: Booked }).booking;
    const before = await bookingRow(id);
    await api("/api/update-user", { token, method: "POST", json: { birthDate: "1980-06-01" } });

    const refused = await api(`/api/bookings/${id}/amend?l=en`, { token, method: "POST", json: amendJson(-1, 3) });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "underAge",
      message: "The driver must be at least 21 years old",
    });
    const page = await pagePost(user.id, id, { intent: "amend-preview", pickUp: local(-1), dropOff: local(3) });
    expect(page.status).toBe(400);
    expect(JSON.stringify(await page.json())).toContain("The driver must be at least 21 years old");
    expect(await bookingRow(id)).toEqual(before);
    // The pick-up day itself still suits them.
    expect(await amendTo(user.id, id, 0, 2)).toBe("amended");
  });

  it("prices an amendment of a driver over the age with no fee, the days at the car's rate", async () => {
    await llanos();
    const { user, token } = await signedInUser({ phone: "+584141112233", birthDate: "1980-06-01" });
    const created = await api("/api/bookings", { token, method: "POST", json: body(3) });
    const { id } = ((await created.json()) as { booking: Booked }).booking;
    expect((await bookingRow(id)).priceCents).toBe(8250);
    // The driver now says they are 22: the booking's birth date still prices it.
    const younger = await api("/api/update-user", { token, method: "POST", json: { birthDate: yearsBefore(22, 0) } });
    expect(younger.status).toBe(200);
    expect(await amendTo(user.id, id, 1, 6)).toBe("amended");
    const row = await bookingRow(id);
    expect(row.breakdown.fees).toBeUndefined();
    expect(row.days).toBe(5);
    expect(row.priceCents).toBe(13_750);
  });
});
