import { describe, expect, it } from "vitest";
import {
  axisTicks,
  compactDollars,
  occupancy,
  occupancyWindow,
  percent,
  revenueByMonth,
  revenueMonths,
  statusCounts,
} from "./dashboard";

const CARACAS = "America/Caracas";
const DAY = 86_400_000;

describe("bookings by status (docs/domain.md#dashboard)", () => {
  it("lists every status but deleted, in lifecycle order, zero where none", () => {
    expect(
      statusCounts([
        { status: "paid", count: 3 },
        { status: "pending", count: 2 },
        { status: "deleted", count: 9 },
      ]),
    ).toEqual([
      { status: "void", count: 0 },
      { status: "pending", count: 2 },
      { status: "deposit", count: 0 },
      { status: "paid", count: 3 },
      { status: "reserved", count: 0 },
      { status: "cancelled", count: 0 },
    ]);
  });
});

describe("revenue per month", () => {
  it("covers this month and the eleven before, in the zone's calendar", () => {
    const months = revenueMonths(new Date("2026-11-23T12:00:00Z"), CARACAS);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-12");
    expect(months[11]).toBe("2026-11");
    // 1 January 02:00 UTC is still 31 December in Caracas.
    expect(revenueMonths(new Date("2027-01-01T02:00:00Z"), CARACAS).at(-1)).toBe("2026-12");
  });

  it("puts each month's integer cents in its bucket, zero for empty months, nothing outside the range", () => {
    expect(
      revenueByMonth(
        ["2026-09", "2026-10", "2026-11"],
        [
          { month: "2026-11", cents: 12_345 },
          { month: "2026-09", cents: 1 },
          { month: "2026-09", cents: 99 },
          { month: "2025-01", cents: 500 },
        ],
      ),
    ).toEqual([
      { month: "2026-09", cents: 100 },
      { month: "2026-10", cents: 0 },
      { month: "2026-11", cents: 12_345 },
    ]);
  });
});

describe("fleet occupancy of the next 30 days", () => {
  it("looks from today's midnight in the zone for 30 days", () => {
    // 23 November 02:00 UTC is 22 November 22:00 in Caracas.
    expect(occupancyWindow(new Date("2026-11-23T02:00:00Z"), CARACAS)).toEqual({
      start: new Date("2026-11-22T04:00:00Z"),
      end: new Date("2026-12-22T04:00:00Z"),
    });
  });

  const window = { start: new Date("2026-11-01T04:00:00Z"), end: new Date("2026-12-01T04:00:00Z") };

  it("is booked car-days over available car-days", () => {
    expect(occupancy({ carCount: 4, bookedMs: 30 * DAY, window })).toEqual({
      carCount: 4,
      ratio: 0.25,
      bookedCarDays: 30,
      availableCarDays: 120,
    });
    expect(occupancy({ carCount: 3, bookedMs: 2.5 * DAY, window })).toMatchObject({
      bookedCarDays: 2.5,
      availableCarDays: 90,
    });
  });

  it("is zero without cars and never above the whole fleet", () => {
    expect(occupancy({ carCount: 0, bookedMs: 0, window })).toEqual({
      carCount: 0,
      ratio: 0,
      bookedCarDays: 0,
      availableCarDays: 0,
    });
    expect(occupancy({ carCount: 1, bookedMs: 40 * DAY, window })).toEqual({
      carCount: 1,
      ratio: 1,
      bookedCarDays: 30,
      availableCarDays: 30,
    });
  });

  it("shows as a whole percentage that hides no booking", () => {
    expect(percent(0.25)).toBe(25);
    expect(percent(0.004)).toBe(1);
    expect(percent(0)).toBe(0);
    expect(percent(0.996)).toBe(100);
  });
});

describe("axisTicks", () => {
  it("steps in round numbers up to at least the largest value", () => {
    expect(axisTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(100)).toEqual([0, 50, 100]);
    expect(axisTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it("keeps ticks whole: bookings, or dollars of cents", () => {
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(123_456, { minStep: 100 })).toEqual([0, 50_000, 100_000, 150_000]);
    expect(axisTicks(150, { minStep: 100 })).toEqual([0, 100, 200]);
  });

  it("gives an empty chart one step", () => {
    expect(axisTicks(0)).toEqual([0, 1]);
    expect(axisTicks(0, { minStep: 100 })).toEqual([0, 100]);
  });
});

describe("compactDollars", () => {
  it("writes axis ticks of cents in dollars, short", () => {
    expect([0, 50_000, 250_000, 15_000_000, 120_000_000].map(compactDollars)).toEqual([
      "$0",
      "$500",
      "$2.5k",
      "$150k",
      "$1.2M",
    ]);
  });
});
