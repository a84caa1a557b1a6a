import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { appToday } from "~/modules/time/calendar";
import { latestPlanDay } from "~/modules/time/date-range";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createBookedCar, createUser } from "../factories";
import { dataOf, servePages, sessionCookieFor } from "../pages";

/*
 * One sane range for every date a form takes (docs/domain.md#date-range), against the server's
 * handler: a day past it is the form's 400 with the field's translated message and changes
 * nothing (an out-of-service block ending 9999-12-31 was a 500), a day inside it still saves, and
 * lists filtered by a far day answer.
 */
const { carBlocks, seasons } = schema;
const DAY = 86_400_000;
let base = "";
let close: () => Promise<void>;
let staffCookie = "";
let adminCookie = "";
let fx: { carId: number; supplierId: number; bookingId: number; driverId: number; placeId: number };

beforeAll(async () => {
  ({ url: base, close } = await servePages());
  const db = await getDb();
  const { place, supplier, car, driver, booking } = await createBookedCar(db, {
    startsAt: new Date(Date.now() + 20 * DAY),
    endsAt: new Date(Date.now() + 22 * DAY),
  });
  fx = { carId: car.id, supplierId: supplier.id, bookingId: booking.id, driverId: driver.id, placeId: place.id };
  staffCookie = await sessionCookieFor((await createUser(db, { type: "supplier", supplierId: supplier.id })).id);
  adminCookie = await sessionCookieFor((await createUser(db, { type: "admin" })).id);
});

afterAll(async () => {
  await close();
  await closeDb();
});

async function post(path: string, route: string, cookie: string, form: Record<string, string>) {
  const response = await fetch(`${base}${path}${path.includes("?") ? "&" : "?"}${dataOf(route)}`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const errorsOf = (body: Record<string, unknown> | null) =>
  (body?.result as { error?: Record<string, string[]> } | undefined)?.error ?? {};

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** The message is a key every language translates. */
function expectTranslated(key: string) {
  for (const language of ["es", "en", "fr", "el"] as const) expect(getFixedT(language)(key)).not.toBe(key);
}

describe("an out-of-service block", () => {
  const block = (from: string, to: string) =>
    post(`/admin/cars/${fx.carId}?blocks`, "admin.cars.$carId", staffCookie, {
      intent: "block",
      from,
      to,
      reason: "other",
    });
  const blocksOfCar = async () => (await getDb()).select().from(carBlocks).where(eq(carBlocks.carId, fx.carId));

  it("ending 9999-12-31 is the form's 400 with its message (it was a 500), and nothing is saved", async () => {
    const answer = await block("9999-12-31", "9999-12-31");
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.body).from).toEqual(["validation.dateTooFar"]);
    expect(errorsOf(answer.body).to).toEqual(["validation.dateTooFar"]);
    expectTranslated("common:validation.dateTooFar");
    expect(await blocksOfCar()).toEqual([]);
  });

  it("a day past the horizon is refused, the horizon itself is not", async () => {
    const last = latestPlanDay(appToday());
    expect((await block(addDays(last, 1), addDays(last, 1))).status).toBe(400);
    expect((await block(addDays(last, -2), last)).status).toBe(204);
    expect(await blocksOfCar()).toHaveLength(1);
  });

  it("a day before 1900 is no date", async () => {
    const answer = await block("1899-12-31", "1900-01-01");
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.body).from).toEqual(["adminCars:blocks.dateInvalid"]);
  });
});

describe("a season", () => {
  const add = (firstDay: string, lastDay: string) =>
    post(`/admin/suppliers/${fx.supplierId}/seasons`, "admin.suppliers.$supplierId_.seasons", adminCookie, {
      intent: "add",
      name: "Lejana",
      firstDay,
      lastDay,
      percent: "10",
    });
  const seasonsOf = async () => (await getDb()).select().from(seasons).where(eq(seasons.supplierId, fx.supplierId));

  it("in the year 9999 is refused with its message, nothing saved", async () => {
    const answer = await add("9999-01-01", "9999-01-10");
    expect(answer.status).toBe(400);
    expect(errorsOf(answer.body).firstDay).toEqual(["validation.dateTooFar"]);
    expect(await seasonsOf()).toEqual([]);
  });

  it("within the horizon is saved", async () => {
    const from = addDays(appToday(), 30);
    expect((await add(from, addDays(from, 9))).status).toBe(204);
    expect(await seasonsOf()).toHaveLength(1);
  });
});

describe("an amendment", () => {
  it("to a pick-up past the horizon is refused as too far, the booking unchanged", async () => {
    const db = await getDb();
    const pickUp = new Date(`${addDays(latestPlanDay(appToday()), 2)}T14:00:00Z`);
    const driver = { id: fx.driverId, type: "user", supplierId: null } as never;
    const outcome = await amendBooking(driver, fx.bookingId, {
      pickUp,
      dropOff: new Date(pickUp.getTime() + 2 * DAY),
      pickupLocationId: fx.placeId,
      dropoffLocationId: fx.placeId,
      options: [],
      additionalDriver: null,
    });
    expect(outcome).toBe("tooFar");
    expectTranslated("bookings:amend.tooFar");
    const [row] = await db.select().from(schema.bookings).where(eq(schema.bookings.id, fx.bookingId));
    expect(row.startsAt.getTime()).toBeLessThan(Date.now() + 30 * DAY);
  });
});

describe("lists filtered by a far day", () => {
  it.each([
    ["/bookings?to=9999-12-31&pickupOn=9999-12-31&returnOn=9999-12-31", "bookings"],
    ["/admin/bookings?from=9999-12-31&to=9999-12-31", "admin.bookings._index"],
    ["/admin/calendar?month=9999-12", "admin.calendar"],
  ])("%s answers", async (path, route) => {
    const response = await fetch(`${base}${path}&${dataOf(route)}`, { headers: { Cookie: adminCookie } });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  });
});
