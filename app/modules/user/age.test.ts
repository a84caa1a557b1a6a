import { describe, expect, it } from "vitest";
import { ageOn, APP_TIME_ZONE, calendarDateIn, isOldEnough, parseCalendarDate } from "./age";

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

describe("ageOn", () => {
  it("counts a year only once the birthday is reached", () => {
    expect(ageOn("2005-06-01", "2026-05-31")).toBe(20);
    expect(ageOn("2005-06-01", "2026-06-01")).toBe(21);
    expect(ageOn("2005-06-01", "2026-06-02")).toBe(21);
  });
  it("gives people born on 29 February their birthday on 1 March in common years", () => {
    expect(ageOn("2004-02-29", "2025-02-28")).toBe(20);
    expect(ageOn("2004-02-29", "2025-03-01")).toBe(21);
    expect(ageOn("2004-02-29", "2028-02-29")).toBe(24);
  });
  it("is null for invalid dates", () => {
    expect(ageOn("nope", "2026-01-01")).toBeNull();
  });
});

describe("isOldEnough", () => {
  it("needs 21 full years by default", () => {
    expect(isOldEnough("2005-06-01", "2026-05-31")).toBe(false);
    expect(isOldEnough("2005-06-01", "2026-06-01")).toBe(true);
    expect(isOldEnough("2000-01-01", "2026-01-01", 25)).toBe(true);
    expect(isOldEnough("2002-01-02", "2026-01-01", 25)).toBe(false);
    expect(isOldEnough("garbage", "2026-01-01")).toBe(false);
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
  it("decides the 21st birthday in the app's time zone", () => {
    const birthDate = "2005-06-01";
    const lateEveningInCaracas = new Date("2026-06-01T03:59:00Z");
    const midnightInCaracas = new Date("2026-06-01T04:00:00Z");
    expect(isOldEnough(birthDate, calendarDateIn(APP_TIME_ZONE, lateEveningInCaracas))).toBe(false);
    expect(isOldEnough(birthDate, calendarDateIn(APP_TIME_ZONE, midnightInCaracas))).toBe(true);
  });
});
