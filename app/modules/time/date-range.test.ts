import { describe, expect, it } from "vitest";
import { dateBounds, dayInRange, latestPlanDay, planDayProblem, withinPlanHorizon } from "./date-range";

describe("dayInRange", () => {
  it("is a real day from 1900 to 2100", () => {
    for (const day of ["1900-01-01", "1990-05-01", "2024-02-29", "2100-12-31"]) expect(dayInRange(day), day).toBe(true);
    for (const day of ["1899-12-31", "2101-01-01", "9999-12-31", "2026-02-30", "2026-2-3", "", "abc", "0100-01-01"])
      expect(dayInRange(day), day).toBe(false);
  });
});

describe("latestPlanDay", () => {
  it("is the same day three years on; a 29 February, the 28th", () => {
    expect(dateBounds.planYearsAhead).toBe(3);
    expect(latestPlanDay("2026-12-04")).toBe("2029-12-04");
    expect(latestPlanDay("2028-02-29")).toBe("2031-02-28");
  });

  it("never passes the range's last day", () => {
    expect(latestPlanDay("2099-06-01")).toBe("2100-12-31");
  });
});

describe("planDayProblem", () => {
  const today = "2026-12-04";
  it("accepts a real day from 2000 to the horizon", () => {
    for (const day of ["2000-01-01", "2026-01-01", today, "2029-12-04"])
      expect(planDayProblem(day, today), day).toBeNull();
  });

  it("calls any real day past the horizon too far, 9999-12-31 included", () => {
    for (const day of ["2029-12-05", "2100-12-31", "9999-12-31"])
      expect(planDayProblem(day, today), day).toBe("tooFar");
  });

  it("calls anything else no day", () => {
    for (const day of ["1999-12-31", "2026-02-30", "12/04/2026", ""])
      expect(planDayProblem(day, today), day).toBe("invalid");
  });
});

describe("withinPlanHorizon", () => {
  // 4 December 2026, 12:00 in Caracas (UTC−4).
  const now = new Date("2026-12-04T16:00:00Z");
  it("counts the pick-up's day on the app's calendar", () => {
    expect(withinPlanHorizon(new Date("2029-12-05T03:59:00Z"), now)).toBe(true); // 4 Dec 23:59 in Caracas
    expect(withinPlanHorizon(new Date("2029-12-05T04:00:00Z"), now)).toBe(false);
  });
});
