import { describe, expect, it } from "vitest";
import { APP_TIME_ZONE, appToday, calendarDateIn, calendarDateOfDateTime, parseCalendarDate } from "./calendar";

describe("parseCalendarDate", () => {
  it("accepts real YYYY-MM-DD dates only", () => {
    expect(parseCalendarDate("1990-04-12")).toEqual({ year: 1990, month: 4, day: 12 });
    expect(parseCalendarDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseCalendarDate("2023-02-29")).toBeNull();
    expect(parseCalendarDate("1990-13-01")).toBeNull();
    expect(parseCalendarDate("1990-4-12")).toBeNull();
    expect(parseCalendarDate("12/04/1990")).toBeNull();
    expect(parseCalendarDate("")).toBeNull();
  });
});

describe("calendarDateIn", () => {
  it("takes the date of the time zone, not of UTC", () => {
    // 02:00 UTC on 1 June is still 31 May (22:00) in Caracas (UTC−4).
    const instant = new Date("2026-06-01T02:00:00Z");
    expect(calendarDateIn("UTC", instant)).toBe("2026-06-01");
    expect(calendarDateIn(APP_TIME_ZONE, instant)).toBe("2026-05-31");
    expect(calendarDateIn("Asia/Tokyo", new Date("2026-05-31T16:00:00Z"))).toBe("2026-06-01");
  });
});

describe("appToday", () => {
  it("is the date in Caracas, which runs behind UTC in the evening", () => {
    expect(appToday(new Date("2026-06-01T03:59:00Z"))).toBe("2026-05-31");
    expect(appToday(new Date("2026-06-01T04:00:00Z"))).toBe("2026-06-01");
  });
  it("defaults to now", () => {
    expect(appToday()).toBe(calendarDateIn(APP_TIME_ZONE, new Date()));
  });
});

describe("calendarDateOfDateTime", () => {
  it("reads a date picker's local midnight, sent in UTC, as the day picked", () => {
    expect(calendarDateOfDateTime("1990-05-01T04:00:00.000Z")).toBe("1990-05-01"); // Caracas
    expect(calendarDateOfDateTime("1990-04-30T22:00:00.000Z")).toBe("1990-05-01"); // Athens
    expect(calendarDateOfDateTime("1990-05-01T00:00:00Z")).toBe("1990-05-01");
    expect(calendarDateOfDateTime("1990-05-01T00:00:00-04:00")).toBe("1990-05-01");
    expect(calendarDateOfDateTime("1990-05-01T00:00:00+02:00")).toBe("1990-05-01");
  });

  it("keeps a plain date and refuses what is neither", () => {
    expect(calendarDateOfDateTime("1990-05-01")).toBe("1990-05-01");
    expect(calendarDateOfDateTime("1990-02-30")).toBeNull();
    expect(calendarDateOfDateTime("1990-05-01T00:00:00")).toBeNull();
    expect(calendarDateOfDateTime("yesterday")).toBeNull();
    expect(calendarDateOfDateTime("1990-13-01T00:00:00Z")).toBeNull();
  });
});
