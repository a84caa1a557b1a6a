import { describe, expect, it } from "vitest";
import { APP_TIME_ZONE, calendarDateIn } from "~/modules/time/calendar";
import { ageOn, isOldEnough } from "./age";

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

describe("the 21st birthday", () => {
  it("decides the 21st birthday in the app's time zone", () => {
    const birthDate = "2005-06-01";
    const lateEveningInCaracas = new Date("2026-06-01T03:59:00Z");
    const midnightInCaracas = new Date("2026-06-01T04:00:00Z");
    expect(isOldEnough(birthDate, calendarDateIn(APP_TIME_ZONE, lateEveningInCaracas))).toBe(false);
    expect(isOldEnough(birthDate, calendarDateIn(APP_TIME_ZONE, midnightInCaracas))).toBe(true);
  });
});
