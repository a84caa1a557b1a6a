import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { weekdays, type WeekHours } from "~/modules/availability/opening-hours";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import { instantToLocal } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import { createApiClient, signedInUser } from "../api/client";
import { createResponseChecker, fetchDocument, operationsOf } from "../api/contract";
import { createCar, createLocation, createMaiquetia, createSupplier, resetDatabase } from "../factories";

/*
 * Opening hours as an API client reads them (docs/domain.md#opening-hours): each place's week,
 * coming closed dates and out-of-hours fee on GET /api/locations; the place and that day's hours
 * beside the message of a refused checkout; and the search's notice for times outside the hours,
 * the same sentence /search shows. Each answer is checked against the OpenAPI document too.
 */
const api = createApiClient({ ip: "198.51.100.78" });
const document = await fetchDocument(api);
const check = createResponseChecker(document);
/** The answer's body, once it is checked against what the document says of `method path`. */
async function documented(method: string, path: string, response: Response) {
  const operation = operationsOf(document).find((entry) => entry.method === method && entry.path === path)!;
  return (await check(operation, response)) as { [key: string]: any };
}

const DAY = 86_400_000;
const everyDay = (open: string, close: string) =>
  Object.fromEntries(weekdays.map((day) => [day, { open, close }])) as WeekHours;
const officeWeek = { ...everyDay("08:00", "18:00"), sun: { open: "09:00", close: "13:00" } };

// A Monday some weeks ahead, on Caracas's clock (UTC−4 all year).
const monday = (() => {
  const start = new Date(Date.now() + 20 * DAY);
  const shift = (8 - start.getUTCDay()) % 7;
  return new Date(start.getTime() + shift * DAY).toISOString().slice(0, 10);
})();
const dateAfter = (days: number) => new Date(Date.parse(`${monday}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const local = (days: number, time: string) => `${dateAfter(days)}T${time}`;
const yesterday = instantToLocal(new Date(Date.now() - DAY), "America/Caracas").slice(0, 10);

let fx: { airport: number; office: number; carId: number };

beforeAll(async () => {
  const db = await getDb();
  await resetDatabase(db);
  forgetReferenceData();
  // The demo's hours (db/seed-data.ts): the airport 06:00–22:00 with a $25 handover outside them,
  // the city office 08:00–18:00 and Sunday 09:00–13:00 with none.
  const airport = await createMaiquetia(db, { openingHours: everyDay("06:00", "22:00"), outOfHoursFeeCents: 2500 });
  const office = await createLocation(db, {
    nameEn: "Altamira office",
    kind: "city",
    timeZone: "America/Caracas",
    openingHours: officeWeek,
    closedDates: [dateAfter(2), yesterday],
  });
  const supplier = await createSupplier(db, { payLater: true });
  const car = await createCar(db, {
    supplierId: supplier.id,
    locationIds: [airport.id, office.id],
    dailyPriceCents: 5000,
    payLaterFeePercent: 0,
  });
  fx = { airport: airport.id, office: office.id, carId: car.id };
});

afterAll(async () => {
  await closeDb();
});

describe("GET /api/locations", () => {
  it("gives each place its weekly hours, coming closed dates and out-of-hours fee", async () => {
    const response = await api("/api/locations?l=en");
    expect(response.status).toBe(200);
    const { locations } = (await documented("GET", "/api/locations", response)) as {
      locations: Array<Record<string, unknown>>;
    };
    expect(locations.find((place) => place.id === fx.airport)).toMatchObject({
      name: "Maiquetía Airport",
      timeZone: "America/Caracas",
      openingHours: everyDay("06:00", "22:00"),
      closedDates: [],
      outOfHoursFeeCents: 2500,
    });
    // Yesterday's closed date is past: only the coming one is listed.
    expect(locations.find((place) => place.id === fx.office)).toMatchObject({
      name: "Altamira office",
      kind: "city",
      timeZone: "America/Caracas",
      openingHours: { ...officeWeek, sun: { open: "09:00", close: "13:00" } },
      closedDates: [dateAfter(2)],
      outOfHoursFeeCents: null,
    });
  });

  it("gives null hours for a place that keeps none: open at any time", async () => {
    const db = await getDb();
    const anyHour = await createLocation(db, { nameEn: "Valencia centre", timeZone: "America/Caracas" });
    await db.insert(schema.carLocations).values({ carId: fx.carId, locationId: anyHour.id });
    forgetReferenceData();
    const { locations } = (await documented("GET", "/api/locations", await api("/api/locations?l=en"))) as {
      locations: Array<Record<string, unknown>>;
    };
    expect(locations.find((place) => place.id === anyHour.id)).toMatchObject({
      openingHours: null,
      closedDates: [],
      outOfHoursFeeCents: null,
    });
  });
});

describe("POST /api/bookings outside the hours", () => {
  const book = async (body: Record<string, unknown>) => {
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    return api("/api/bookings?l=en", {
      token,
      method: "POST",
      json: { carId: fx.carId, options: [], paymentMethod: "payLater", ...body },
    });
  };

  it("names the place and that day's hours beside the message", async () => {
    const response = await book({
      pickupLocationId: fx.airport,
      dropoffLocationId: fx.office,
      from: local(0, "10:00"),
      to: local(1, "19:00"),
    });
    expect(response.status).toBe(400);
    expect((await documented("POST", "/api/bookings", response)).error).toEqual({
      code: "outsideHours",
      message: "Altamira office is open 08:00–18:00 on Tuesdays. Choose a time within these hours.",
      hours: {
        placeId: fx.office,
        handover: "dropOff",
        date: dateAfter(1),
        weekday: "tue",
        hours: { open: "08:00", close: "18:00" },
        holiday: false,
      },
    });
  });

  it("tells a closed date as a holiday with no hours", async () => {
    const response = await book({
      pickupLocationId: fx.office,
      dropoffLocationId: fx.office,
      from: local(2, "10:00"),
      to: local(4, "10:00"),
    });
    expect(response.status).toBe(400);
    expect((await documented("POST", "/api/bookings", response)).error.hours).toEqual({
      placeId: fx.office,
      handover: "pickUp",
      date: dateAfter(2),
      weekday: "wed",
      hours: null,
      holiday: true,
    });
  });
});

describe("POST /api/bookings/{id}/amend outside the hours", () => {
  it("names the place and that day's hours beside the message, on the field it refuses", async () => {
    const { token } = await signedInUser({ phone: "+584141112233", birthDate: "1990-01-01" });
    const period = { pickupLocationId: fx.airport, dropoffLocationId: fx.airport, options: [] };
    const booked = await api("/api/bookings?l=en", {
      token,
      method: "POST",
      json: { carId: fx.carId, paymentMethod: "payLater", from: local(7, "10:00"), to: local(9, "10:00"), ...period },
    });
    expect(booked.status).toBe(201);
    const { booking } = await booked.json();
    const response = await api(`/api/bookings/${booking.id}/amend?l=en`, {
      token,
      method: "POST",
      json: { ...period, dropoffLocationId: fx.office, from: local(7, "10:00"), to: local(9, "18:30") },
    });
    expect(response.status).toBe(400);
    const { error } = await documented("POST", "/api/bookings/{id}/amend", response);
    expect(error.fields).toEqual({ to: error.message });
    expect(error.hours).toEqual({
      placeId: fx.office,
      handover: "dropOff",
      date: dateAfter(9),
      weekday: "wed",
      hours: { open: "08:00", close: "18:00" },
      holiday: false,
    });
  });
});

describe("GET /api/cars/search", () => {
  const search = async (pickup: number, dropoff: number, from: string, to: string) => {
    const response = await api(`/api/cars/search?pickup=${pickup}&dropoff=${dropoff}&from=${from}&to=${to}&l=en`);
    expect(response.status).toBe(200);
    return documented("GET", "/api/cars/search", response);
  };

  it("warns of a drop-off the place refuses with the page's sentence, and still lists the cars", async () => {
    const body = await search(fx.airport, fx.office, local(0, "10:00"), local(6, "15:00"));
    expect(body.outsideHours).toEqual({
      placeId: fx.office,
      handover: "dropOff",
      date: dateAfter(6),
      weekday: "sun",
      hours: { open: "09:00", close: "13:00" },
      holiday: false,
      message: "Altamira office is open 09:00–13:00 on Sundays. Choose a time within these hours.",
    });
    expect(body.cars.map((car: { id: number }) => car.id)).toEqual([fx.carId]);
  });

  it("tells the airport's out-of-hours fee for a 05:00 pick-up, in the total", async () => {
    const body = await search(fx.airport, fx.airport, local(0, "05:00"), local(3, "10:00"));
    expect(body.outsideHours).toBeNull();
    expect(body.outOfHoursFees).toEqual({ pickUp: 2500, dropOff: 0 });
    expect(body.cars[0].fees).toEqual({ outOfHoursPickUp: 2500 });
  });

  it("says nothing within the hours", async () => {
    const body = await search(fx.airport, fx.airport, local(0, "10:00"), local(3, "10:00"));
    expect(body.outsideHours).toBeNull();
    expect(body.outOfHoursFees).toEqual({ pickUp: 0, dropOff: 0 });
  });
});
