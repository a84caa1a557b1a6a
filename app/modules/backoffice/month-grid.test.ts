import { describe, expect, it } from "vitest";
import {
  assignLanes,
  barSpan,
  daysInMonth,
  laneCells,
  monthBounds,
  monthDays,
  monthKey,
  monthLabel,
  monthOf,
  parseMonth,
  shiftMonth,
  weekdayLabel,
} from "./month-grid";

const CARACAS = "America/Caracas"; // UTC-4 all year
const MADRID = "Europe/Madrid"; // UTC+1, UTC+2 from the last Sunday of March
const nov = { year: 2026, month: 11 };

describe("months (docs/domain.md#fleet-calendar)", () => {
  it("reads a month input's value and refuses anything else", () => {
    expect(parseMonth("2026-11")).toEqual(nov);
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("2026-00")).toBeNull();
    expect(parseMonth("1999-12")).toBeNull();
    expect(parseMonth("2026-1")).toBeNull();
    expect(parseMonth("2026-11-01")).toBeNull();
    expect(parseMonth(null)).toBeNull();
  });

  it("steps across years", () => {
    expect(shiftMonth(nov, 1)).toEqual({ year: 2026, month: 12 });
    expect(shiftMonth(nov, 2)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
    expect(monthKey(shiftMonth(nov, -11))).toBe("2025-12");
  });

  it("knows month lengths, leap years included", () => {
    expect(daysInMonth(nov)).toBe(30);
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2026, month: 2 })).toBe(28);
    const days = monthDays(nov);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ day: 1, date: "2026-11-01", weekday: 0 });
    expect(days[29]).toEqual({ day: 30, date: "2026-11-30", weekday: 1 });
  });

  it("finds the month of an instant on the zone's wall clock", () => {
    // 1 December 02:00 UTC is still 30 November in Caracas.
    expect(monthOf(new Date("2026-12-01T02:00:00Z"), CARACAS)).toEqual(nov);
    expect(monthOf(new Date("2026-12-01T05:00:00Z"), CARACAS)).toEqual({ year: 2026, month: 12 });
  });

  it("bounds a month by the zone's midnights, whatever its daylight saving", () => {
    expect(monthBounds(nov, CARACAS)).toEqual({
      start: new Date("2026-11-01T04:00:00Z"),
      end: new Date("2026-12-01T04:00:00Z"),
    });
    expect(monthBounds({ year: 2026, month: 3 }, MADRID)).toEqual({
      start: new Date("2026-02-28T23:00:00Z"),
      end: new Date("2026-03-31T22:00:00Z"),
    });
  });
});

describe("barSpan: a booking's bar in the month", () => {
  const at = (local: string) => new Date(`${local}-04:00`);

  it("runs from the pick-up day to the return day", () => {
    expect(barSpan(at("2026-11-10T14:00"), at("2026-11-13T14:00"), nov, CARACAS)).toEqual({
      firstDay: 10,
      lastDay: 13,
      continuesBefore: false,
      continuesAfter: false,
    });
  });

  it("ends the day before when the car is back at midnight", () => {
    expect(barSpan(at("2026-11-10T00:00"), at("2026-11-12T00:00"), nov, CARACAS)).toEqual({
      firstDay: 10,
      lastDay: 11,
      continuesBefore: false,
      continuesAfter: false,
    });
  });

  it("is clipped at the month's edges and says it goes on", () => {
    expect(barSpan(at("2026-10-28T10:00"), at("2026-11-02T10:00"), nov, CARACAS)).toEqual({
      firstDay: 1,
      lastDay: 2,
      continuesBefore: true,
      continuesAfter: false,
    });
    expect(barSpan(at("2026-11-29T10:00"), at("2026-12-04T10:00"), nov, CARACAS)).toEqual({
      firstDay: 29,
      lastDay: 30,
      continuesBefore: false,
      continuesAfter: true,
    });
    expect(barSpan(at("2026-10-01T10:00"), at("2027-01-04T10:00"), nov, CARACAS)).toEqual({
      firstDay: 1,
      lastDay: 30,
      continuesBefore: true,
      continuesAfter: true,
    });
  });

  it("misses the month when it ends before or starts after it", () => {
    expect(barSpan(at("2026-10-20T10:00"), at("2026-11-01T00:00"), nov, CARACAS)).toBeNull();
    expect(barSpan(at("2026-12-01T00:00"), at("2026-12-03T00:00"), nov, CARACAS)).toBeNull();
  });

  it("counts days in the zone, not in UTC", () => {
    // 30 November 22:00 in Caracas is 1 December in UTC.
    expect(barSpan(at("2026-11-30T22:00"), at("2026-12-02T10:00"), nov, CARACAS)).toEqual({
      firstDay: 30,
      lastDay: 30,
      continuesBefore: false,
      continuesAfter: true,
    });
  });
});

describe("lanes and cells", () => {
  const bar = (firstDay: number, lastDay: number) => ({
    firstDay,
    lastDay,
    continuesBefore: false,
    continuesAfter: false,
  });

  it("keeps a car on one row unless two bars share a day (a changeover)", () => {
    expect(assignLanes([bar(12, 14), bar(1, 3), bar(5, 9)])).toEqual([[bar(1, 3), bar(5, 9), bar(12, 14)]]);
    expect(assignLanes([bar(1, 5), bar(5, 8), bar(8, 9)])).toEqual([[bar(1, 5), bar(8, 9)], [bar(5, 8)]]);
  });

  it("gives a car without bookings one empty row", () => {
    expect(assignLanes([])).toEqual([[]]);
  });

  it("turns a lane into one cell per free day and one spanning cell per bar", () => {
    const cells = laneCells([bar(2, 4), bar(6, 6)], 7);
    expect(cells.map((c) => (c.kind === "day" ? `d${c.day}` : `bar${c.span}`))).toEqual([
      "d1",
      "bar3",
      "d5",
      "bar1",
      "d7",
    ]);
    expect(laneCells([], 3).map((c) => c.kind)).toEqual(["day", "day", "day"]);
  });
});

describe("labels", () => {
  it("names months and weekdays in the reader's language", () => {
    expect(monthLabel(nov, "en")).toBe("November 2026");
    expect(monthLabel(nov, "es")).toBe("noviembre de 2026");
    expect(monthLabel(nov, "en", "short")).toBe("Nov 2026");
    expect(weekdayLabel(0, "en")).toBe("Sun");
    expect(weekdayLabel(6, "fr")).toBe("sam.");
  });
});
