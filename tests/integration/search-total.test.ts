import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb } from "../../db/client";
import { getDb, schema } from "~/utils/db.server";
import { priceRental, rentalDays } from "~/modules/pricing/pricing";
import { noFilters, sortOrders, type SortOrder } from "~/modules/catalogue/filters";
import { forgetReferenceData } from "~/modules/catalogue/reference.server";
import type { CarCard } from "~/modules/catalogue/result-card.server";
import { searchCars } from "~/modules/catalogue/search.server";
import type { SearchQuery } from "~/modules/catalogue/search-query";
import { createApiClient } from "../api/client";
import { createCar, createLocation, createSupplier } from "../factories";

/*
 * The search ordered by the real total of the searched period (docs/domain.md#search-order):
 * seasons, longer-rental rates, fixed season prices and the one-way fee, against the totals
 * the cards (and checkout, through priceRental) show. Everything lives at places of its own.
 */
const HOUR = 3_600_000;
// Next year's November and December, on Caracas's clock (UTC−4, no DST): 10:00 there is 14:00 UTC.
const year = new Date().getUTCFullYear() + 1;
const caracas = (month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 14));
const local = (instant: Date) => new Date(instant.getTime() - 4 * HOUR).toISOString().slice(0, 16);
const api = createApiClient({ ip: "198.51.100.47" });

let placeId: number;
let otherPlaceId: number;
const supplierIds: number[] = [];
const names = new Map<number, string>();
let inSeasonId: number;
let plainId: number;

async function search(
  pickUp: Date,
  dropOff: Date,
  {
    sort = "total",
    page = 1,
    pageSize,
    dropoff,
  }: { sort?: SortOrder; page?: number; pageSize?: number; dropoff?: number } = {},
) {
  const query: SearchQuery = {
    pickupId: placeId,
    dropoffId: dropoff ?? placeId,
    period: { from: local(pickUp), to: local(dropOff), pickUp, dropOff, days: rentalDays(pickUp, dropOff) },
    timeZone: "America/Caracas",
    filters: noFilters,
    sort,
    page,
    pageSize,
  };
  return searchCars(query);
}

/** What a card says the car costs, paid now with no options: checkout's sum (car-price.tsx). */
const totalOf = (car: CarCard, days: number) => priceRental({ car, days, rates: car.rates, fees: car.fees }).totalCents;

async function listed(pickUp: Date, dropOff: Date, options: Parameters<typeof search>[2] = {}) {
  const { cars, count } = await search(pickUp, dropOff, options);
  expect(count.total).toBe(cars.length);
  const days = rentalDays(pickUp, dropOff);
  return cars.map((car) => [names.get(car.id), totalOf(car, days)] as const);
}

beforeAll(async () => {
  const db = await getDb();
  ({ id: placeId } = await createLocation(db));
  ({ id: otherPlaceId } = await createLocation(db));
  // "Llanos" has a December season of +40 % and a $50 one-way fee; "Oriente" neither.
  const llanos = await createSupplier(db, { name: `Llanos ${Date.now()}`, oneWayFeeCents: 5000 });
  const oriente = await createSupplier(db, { name: `Oriente ${Date.now()}` });
  supplierIds.push(llanos.id, oriente.id);
  ({ id: inSeasonId } = (
    await db
      .insert(schema.seasons)
      .values({
        supplierId: llanos.id,
        name: "Diciembre",
        firstDay: `${year}-12-01`,
        lastDay: `${year}-12-31`,
        percent: 40,
      })
      .returning({ id: schema.seasons.id })
  )[0]);
  const cars: Array<[number, string, number, number | null]> = [
    [llanos.id, "L small", 4000, null],
    [llanos.id, "L mid", 5000, null],
    [oriente.id, "O mid", 6000, null],
    [oriente.id, "O big", 8000, null],
    // Dear by the day, cheap by the week.
    [oriente.id, "O weekly", 9000, 3000],
  ];
  for (const [supplierId, name, dailyPriceCents, weeklyDailyPriceCents] of cars) {
    // "O big" also serves the other place, which is then offered as a drop-off place.
    const locationIds = name === "O big" ? [placeId, otherPlaceId] : [placeId];
    const car = await createCar(db, { supplierId, name, dailyPriceCents, weeklyDailyPriceCents, locationIds });
    names.set(car.id, name);
  }
  forgetReferenceData();
  plainId = [...names].find(([, name]) => name === "L small")![0];
});

afterAll(async () => {
  const db = await getDb();
  await db.delete(schema.carLocations).where(inArray(schema.carLocations.locationId, [placeId, otherPlaceId]));
  await db.delete(schema.cars).where(inArray(schema.cars.supplierId, supplierIds));
  await db.delete(schema.seasons).where(inArray(schema.seasons.supplierId, supplierIds));
  await db.delete(schema.suppliers).where(inArray(schema.suppliers.id, supplierIds));
  await db.delete(schema.locations).where(inArray(schema.locations.id, [placeId, otherPlaceId]));
  await closeDb();
});

describe("the search ordered by the real total (docs/domain.md#search-order)", () => {
  it("keeps the base order in November", async () => {
    expect(await listed(caracas(11, 10), caracas(11, 13))).toEqual([
      ["L small", 12000],
      ["L mid", 15000],
      ["O mid", 18000],
      ["O big", 24000],
      ["O weekly", 27000],
    ]);
  });

  it("puts a car in season after a dearer one without in December, as their totals say", async () => {
    const december = await listed(caracas(12, 10), caracas(12, 13));
    expect(december).toEqual([
      ["L small", 16800],
      ["O mid", 18000],
      ["L mid", 21000],
      ["O big", 24000],
      ["O weekly", 27000],
    ]);
    // Ordered by price per day too: the same days, the same order.
    expect(await listed(caracas(12, 10), caracas(12, 13), { sort: "perDay" })).toEqual(december);
  });

  it("counts only the season's days of a rental across its start", async () => {
    // 29 and 30 November at the base price, 1 and 2 December +40 %.
    expect((await listed(caracas(11, 29), caracas(12, 3))).slice(0, 3)).toEqual([
      ["L small", 2 * 4000 + 2 * 5600],
      ["L mid", 2 * 5000 + 2 * 7000],
      ["O mid", 4 * 6000],
    ]);
  });

  it("orders a week by the weekly price when it is cheaper", async () => {
    expect((await listed(caracas(11, 10), caracas(11, 17)))[0]).toEqual(["O weekly", 7 * 3000]);
  });

  it("orders by a car's fixed season price", async () => {
    const db = await getDb();
    await db.insert(schema.seasonCarPrices).values({ seasonId: inSeasonId, carId: plainId, dailyPriceCents: 9500 });
    try {
      expect((await listed(caracas(12, 10), caracas(12, 13))).map(([name]) => name)).toEqual([
        "O mid",
        "L mid",
        "O big",
        "O weekly",
        "L small",
      ]);
    } finally {
      await db.delete(schema.seasonCarPrices).where(eq(schema.seasonCarPrices.carId, plainId));
    }
  });

  it("adds the supplier's one-way fee to the total and the order for another drop-off place", async () => {
    const period = [caracas(11, 10), caracas(11, 13)] as const;
    expect(await listed(...period, { dropoff: otherPlaceId })).toEqual([
      ["L small", 17000],
      ["O mid", 18000],
      ["L mid", 20000],
      ["O big", 24000],
      ["O weekly", 27000],
    ]);
    const { cars } = await search(...period, { dropoff: otherPlaceId });
    expect(cars.map((car) => car.fees.oneWay ?? 0)).toEqual([5000, 0, 5000, 0, 0]);
  });

  it("orders by supplier and by seats with the real total after them", async () => {
    const period = [caracas(12, 10), caracas(12, 13)] as const;
    const bySupplier = (await listed(...period, { sort: "supplier" })).map(([name]) => name);
    expect(bySupplier).toEqual(["L small", "L mid", "O mid", "O big", "O weekly"]);
    // Every car has 5 seats: the total decides.
    const bySeats = await listed(...period, { sort: "seats" });
    expect(bySeats).toEqual(await listed(...period));
  });

  it("gives the API the page's totals, in the page's order", async () => {
    const [pickUp, dropOff] = [caracas(12, 10), caracas(12, 13)];
    const response = await api(
      `/api/cars/search?pickup=${placeId}&dropoff=${otherPlaceId}&from=${local(pickUp)}&to=${local(dropOff)}&l=en`,
    );
    const body = (await response.json()) as { cars: Array<{ id: number; totalCents: number; fees: object }> };
    expect(body).toMatchObject({ days: 3 });
    const page = await listed(pickUp, dropOff, { dropoff: otherPlaceId });
    expect(body.cars.map((car) => [names.get(car.id), car.totalCents])).toEqual(page);
    expect(body.cars.map((car) => car.fees)).toEqual([{}, { oneWay: 5000 }, {}, { oneWay: 5000 }, {}]);
  });
});

describe("paging by total with equal totals", () => {
  let tiedPlaceId: number;
  const tiedIds: number[] = [];

  beforeAll(async () => {
    const db = await getDb();
    ({ id: tiedPlaceId } = await createLocation(db));
    // In December Llanos's $50 cars cost what Oriente's $70 ones do: 7 of each, all tied.
    const [llanos, oriente] = supplierIds;
    for (let i = 0; i < 7; i++) {
      for (const [supplierId, dailyPriceCents] of [
        [oriente, 7000],
        [llanos, 5000],
      ])
        tiedIds.push((await createCar(db, { supplierId, dailyPriceCents, locationIds: [tiedPlaceId] })).id);
    }
  });

  afterAll(async () => {
    const db = await getDb();
    await db.delete(schema.carLocations).where(eq(schema.carLocations.locationId, tiedPlaceId));
    await db.delete(schema.cars).where(inArray(schema.cars.id, tiedIds));
    await db.delete(schema.locations).where(eq(schema.locations.id, tiedPlaceId));
  });

  it("never repeats nor skips a car, the car id breaking ties, and counts the same in every order", async () => {
    const saved = placeId;
    placeId = tiedPlaceId;
    try {
      const [pickUp, dropOff] = [caracas(12, 10), caracas(12, 13)];
      for (const sort of sortOrders) {
        const seen: number[] = [];
        for (let page = 1; page <= 5; page++) {
          const { cars, count } = await search(pickUp, dropOff, { sort, page, pageSize: 3 });
          expect(count.total).toBe(14);
          seen.push(...cars.map((car) => car.id));
        }
        expect(seen).toHaveLength(14);
        if (sort !== "supplier") expect(seen).toEqual([...tiedIds].sort((a, b) => a - b));
        else expect(new Set(seen).size).toBe(14);
      }
    } finally {
      placeId = saved;
    }
  });
});
