import { describe, expect, it } from "vitest";
import { messages } from "~/modules/forms/messages";
import { periodMessages } from "~/modules/availability/period";
import { noFilters } from "./filters";
import {
  carHref,
  checkoutHref,
  initialSearchValues,
  MAX_PAGE,
  parseSearchParams,
  readHomeForm,
  searchHref,
  type KnownLocation,
} from "./search-query";

const known = new Map<number, KnownLocation>([
  [1, { id: 1, timeZone: "America/Caracas" }],
  [2, { id: 2, timeZone: "America/Caracas" }],
  [9, { id: 9, timeZone: "Europe/Paris" }],
]);
const now = new Date("2026-03-09T16:00:00Z");
const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs), known, now);

describe("parseSearchParams", () => {
  it("builds the query from a complete search", () => {
    const result = parse("pickup=1&same=1&from=2026-03-10T10:00&to=2026-03-12T12:00&fuel=diesel&page=2");
    expect(result.errors).toEqual({});
    expect(result.query).toMatchObject({
      pickupId: 1,
      dropoffId: 1,
      page: 2,
      filters: { ...noFilters, fuel: ["diesel"] },
    });
    expect(result.query?.period).toMatchObject({ days: 3, pickUp: new Date("2026-03-10T14:00:00Z") });
  });

  it("returns to the pick-up place when ticked, whatever the drop-off says", () => {
    expect(parse("pickup=1&dropoff=2&same=1&from=2026-03-10T10:00&to=2026-03-12T10:00").query?.dropoffId).toBe(1);
  });

  it("uses a different drop-off place when not ticked", () => {
    const result = parse("pickup=1&dropoff=2&from=2026-03-10T10:00&to=2026-03-12T10:00");
    expect(result.values.same).toBe(false);
    expect(result.query?.dropoffId).toBe(2);
  });

  it("reads the dates on the pick-up location's clock", () => {
    const result = parse("pickup=9&from=2026-03-10T10:00&to=2026-03-12T10:00");
    expect(result.query?.period.pickUp.toISOString()).toBe("2026-03-10T09:00:00.000Z");
  });

  it("explains missing and unknown values and runs no search", () => {
    expect(parse("")).toMatchObject({
      query: null,
      errors: { pickup: messages.required, from: messages.required, to: messages.required },
    });
    expect(parse("pickup=77&from=2026-03-10T10:00&to=2026-03-12T10:00")).toMatchObject({
      query: null,
      errors: { pickup: "catalogue:errors.unknownLocation" },
    });
    expect(parse("pickup=1&dropoff=x&from=2026-03-10T10:00&to=2026-03-12T10:00")).toMatchObject({
      query: null,
      errors: { dropoff: "catalogue:errors.unknownLocation" },
    });
    expect(parse("pickup=1&from=2026-03-12T10:00&to=2026-03-10T10:00")).toMatchObject({
      query: null,
      errors: { to: periodMessages.toBeforeFrom },
    });
    expect(parse("pickup=1&from=2026-03-01T10:00&to=2026-03-10T10:00")).toMatchObject({
      query: null,
      errors: { from: periodMessages.fromPast },
    });
  });

  it("keeps oversized values short in what it shows back", () => {
    const result = parse(`pickup=${"9".repeat(5000)}&from=${"x".repeat(5000)}&to=1`);
    expect(result.values.pickup.length).toBeLessThanOrEqual(12);
    expect(result.values.from.length).toBeLessThanOrEqual(40);
    expect(result.query).toBeNull();
  });

  it("reads a wrong page number as the first page and caps deep pages", () => {
    for (const page of ["0", "-1", "abc", "1.5", ""]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("page=100000").page).toBe(MAX_PAGE);
  });
});

describe("links", () => {
  it("searchHref writes a URL parseSearchParams reads back", () => {
    const href = searchHref({
      pickup: 1,
      dropoff: 2,
      from: "2026-03-10T10:00",
      to: "2026-03-12T10:00",
      filters: { ...noFilters, suppliers: [3] },
      page: 3,
    });
    const result = parseSearchParams(new URL(href, "http://x").searchParams, known, now);
    expect(result.query).toMatchObject({ pickupId: 1, dropoffId: 2, page: 3, filters: { suppliers: [3] } });
    expect(searchHref({ pickup: 1, from: "a", to: "b" })).toBe("/search?pickup=1&same=1&from=a&to=b");
  });

  it("searchHref keeps a chosen order in the URL and leaves the default out", () => {
    const href = searchHref({ pickup: 1, from: "2026-03-10T10:00", to: "2026-03-12T10:00", sort: "seats" });
    expect(href).toContain("sort=seats");
    expect(parseSearchParams(new URL(href, "http://x").searchParams, known, now).query?.sort).toBe("seats");
    expect(searchHref({ pickup: 1, from: "a", to: "b", sort: "total" })).not.toContain("sort");
    expect(parse("pickup=1&same=1&from=2026-03-10T10:00&to=2026-03-12T12:00").query?.sort).toBe("total");
  });

  it("carHref gives the car page, with a search's places and dates when there is one", () => {
    expect(carHref(42)).toBe("/cars/42");
    const trip = { pickupId: 1, dropoffId: 2, from: "2026-03-10T10:00", to: "2026-03-12T10:00" };
    const href = carHref(42, trip);
    expect(href).toBe("/cars/42?pickup=1&dropoff=2&from=2026-03-10T10:00&to=2026-03-12T10:00");
    expect(parseSearchParams(new URL(href, "http://x").searchParams, known, now).query).toMatchObject({
      pickupId: 1,
      dropoffId: 2,
      page: 1,
    });
  });

  it("checkoutHref carries the car, the places and the dates", () => {
    expect(
      checkoutHref({ carId: 42, pickupId: 1, dropoffId: 2, from: "2026-03-10T10:00", to: "2026-03-12T10:00" }),
    ).toBe("/checkout?car=42&pickup=1&dropoff=2&from=2026-03-10T10:00&to=2026-03-12T10:00");
  });

  it("initialSearchValues proposes tomorrow 10:00 for three days", () => {
    expect(initialSearchValues(now)).toEqual({
      pickup: "",
      dropoff: "",
      same: true,
      from: "2026-03-10T10:00",
      to: "2026-03-13T10:00",
    });
  });
});

describe("readHomeForm", () => {
  const read = (qs: string) => readHomeForm(new URLSearchParams(qs), known, now);

  it("keeps the typed dates and places when a button chooses the pick-up place", () => {
    expect(read("pickup=1&dropoff=2&from=2026-04-01T09:30&to=2026-04-05T18:00&setPickup=9")).toEqual({
      pickup: "9",
      dropoff: "2",
      same: false,
      from: "2026-04-01T09:30",
      to: "2026-04-05T18:00",
    });
  });

  it("stops returning to the same place when a button chooses the drop-off place", () => {
    expect(read("pickup=1&same=1&from=2026-04-01T09:30&to=2026-04-05T18:00&setDropoff=2")).toMatchObject({
      pickup: "1",
      dropoff: "2",
      same: false,
    });
  });

  it("leaves unknown places blank and fills unreadable dates with the defaults", () => {
    expect(read("pickup=77&setDropoff=x&from=soon")).toEqual({ ...initialSearchValues(now), same: true });
    expect(read("")).toEqual(initialSearchValues(now));
  });
});
