import { describe, expect, it } from "vitest";
import { defaultPeriod, MAX_RENTAL_DAYS, parseRentalPeriod, periodMessages } from "./period";

const CARACAS = "America/Caracas";
// 9 March 2026, 12:00 in Caracas.
const now = new Date("2026-03-09T16:00:00Z");

describe("parseRentalPeriod", () => {
  it("turns the two wall-clock values into a half-open range and days", () => {
    const result = parseRentalPeriod({ from: "2026-03-10T10:00", to: "2026-03-13T10:00" }, CARACAS, now);
    expect(result).toEqual({
      ok: true,
      period: {
        from: "2026-03-10T10:00",
        to: "2026-03-13T10:00",
        pickUp: new Date("2026-03-10T14:00:00Z"),
        dropOff: new Date("2026-03-13T14:00:00Z"),
        days: 3,
      },
    });
  });

  it("counts a started day (3 days and 1 minute is 4 days)", () => {
    const result = parseRentalPeriod({ from: "2026-03-10T10:00", to: "2026-03-13T10:01" }, CARACAS, now);
    expect(result.ok && result.period.days).toBe(4);
  });

  it("asks for missing values", () => {
    expect(parseRentalPeriod({}, CARACAS, now)).toEqual({
      ok: false,
      errors: { from: periodMessages.fromRequired, to: periodMessages.toRequired },
    });
    expect(parseRentalPeriod({ from: "  ", to: "2026-03-13T10:00" }, CARACAS, now)).toEqual({
      ok: false,
      errors: { from: periodMessages.fromRequired },
    });
  });

  it("rejects malformed values", () => {
    expect(parseRentalPeriod({ from: "tomorrow", to: "2026-02-31T10:00" }, CARACAS, now)).toEqual({
      ok: false,
      errors: { from: periodMessages.fromInvalid, to: periodMessages.toInvalid },
    });
  });

  it("refuses a pick-up in the past, judged on the location's clock", () => {
    // 11:00 in Caracas is an hour before `now` (12:00 there), though later than 11:00 UTC.
    expect(parseRentalPeriod({ from: "2026-03-09T11:00", to: "2026-03-10T10:00" }, CARACAS, now)).toEqual({
      ok: false,
      errors: { from: periodMessages.fromPast },
    });
    expect(parseRentalPeriod({ from: "2026-03-09T12:00", to: "2026-03-10T10:00" }, CARACAS, now).ok).toBe(true);
  });

  it("refuses a drop-off that is not after the pick-up", () => {
    for (const to of ["2026-03-10T10:00", "2026-03-10T09:59"]) {
      expect(parseRentalPeriod({ from: "2026-03-10T10:00", to }, CARACAS, now)).toEqual({
        ok: false,
        errors: { to: periodMessages.toBeforeFrom },
      });
    }
  });

  it(`refuses rentals longer than ${MAX_RENTAL_DAYS} days`, () => {
    expect(parseRentalPeriod({ from: "2026-03-10T10:00", to: "2027-03-10T10:00" }, CARACAS, now).ok).toBe(true);
    expect(parseRentalPeriod({ from: "2026-03-10T10:00", to: "2027-03-10T10:01" }, CARACAS, now)).toEqual({
      ok: false,
      errors: { to: periodMessages.tooLong },
    });
  });
});

describe("defaultPeriod", () => {
  it("is tomorrow 10:00 to three days later, on the location's calendar", () => {
    expect(defaultPeriod(CARACAS, now)).toEqual({ from: "2026-03-10T10:00", to: "2026-03-13T10:00" });
    // 02:00 UTC on the 10th is still the 9th in Caracas.
    expect(defaultPeriod(CARACAS, new Date("2026-03-10T02:00:00Z"))).toEqual({
      from: "2026-03-10T10:00",
      to: "2026-03-13T10:00",
    });
  });
  it("is always accepted by parseRentalPeriod", () => {
    const d = defaultPeriod(CARACAS, now);
    expect(parseRentalPeriod(d, CARACAS, now).ok).toBe(true);
  });
});

describe("the plan horizon (docs/domain.md#date-range)", () => {
  it("refuses a pick-up more than three years ahead, beside the pick-up", () => {
    expect(parseRentalPeriod({ from: "2029-03-09T10:00", to: "2029-03-12T10:00" }, CARACAS, now).ok).toBe(true);
    expect(parseRentalPeriod({ from: "2029-03-10T10:00", to: "2029-03-12T10:00" }, CARACAS, now)).toEqual({
      ok: false,
      errors: { from: periodMessages.fromTooFar },
    });
    expect(parseRentalPeriod({ from: "9999-12-30T10:00", to: "9999-12-31T10:00" }, CARACAS, now)).toEqual({
      ok: false,
      errors: { from: periodMessages.fromTooFar },
    });
  });
});
