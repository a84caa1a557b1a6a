import { describe, expect, it } from "vitest";
import { optionKeys, type OptionKey } from "~/modules/pricing/pricing";
import { driverOldEnough, periodIsValid, requiredDriverAge, unavailableOption } from "./checkout-rules";

const now = new Date("2026-06-01T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("periodIsValid", () => {
  it("accepts a future period and a pick-up within five minutes' tolerance", () => {
    expect(periodIsValid(at("2026-06-02T10:00:00Z"), at("2026-06-05T10:00:00Z"), now)).toBe(true);
    expect(periodIsValid(at("2026-06-01T11:56:00Z"), at("2026-06-02T10:00:00Z"), now)).toBe(true);
  });
  it("refuses past pick-ups, reversed or empty periods, invalid dates and more than 365 days", () => {
    expect(periodIsValid(at("2026-06-01T11:54:00Z"), at("2026-06-02T10:00:00Z"), now)).toBe(false);
    expect(periodIsValid(at("2026-06-03T10:00:00Z"), at("2026-06-02T10:00:00Z"), now)).toBe(false);
    expect(periodIsValid(at("2026-06-03T10:00:00Z"), at("2026-06-03T10:00:00Z"), now)).toBe(false);
    expect(periodIsValid(new Date(Number.NaN), at("2026-06-03T10:00:00Z"), now)).toBe(false);
    expect(periodIsValid(at("2026-06-02T10:00:00Z"), at("2027-06-02T10:00:00Z"), now)).toBe(true);
    expect(periodIsValid(at("2026-06-02T10:00:00Z"), at("2027-06-02T10:01:00Z"), now)).toBe(false);
  });
  it("refuses a pick-up past the plan horizon (docs/domain.md#date-range)", () => {
    expect(periodIsValid(at("2029-06-01T10:00:00Z"), at("2029-06-03T10:00:00Z"), now)).toBe(true);
    expect(periodIsValid(at("2029-06-02T10:00:00Z"), at("2029-06-03T10:00:00Z"), now)).toBe(false);
  });
});

describe("driver age", () => {
  it("is at least 21, or the car's minimum", () => {
    expect(requiredDriverAge(18)).toBe(21);
    expect(requiredDriverAge(25)).toBe(25);
  });
  it("counts the birthday on the pick-up date in the place's zone", () => {
    // 02:00 UTC on 12 April is still 11 April in Caracas (UTC−4).
    const pickUp = at("2026-04-12T02:00:00Z");
    expect(driverOldEnough("2005-04-12", pickUp, "America/Caracas", 21)).toBe(false);
    expect(driverOldEnough("2005-04-12", pickUp, "Europe/Athens", 21)).toBe(true);
    expect(driverOldEnough(null, pickUp, "America/Caracas", 21)).toBe(false);
  });
});

describe("unavailableOption", () => {
  const car = Object.fromEntries(optionKeys.map((k) => [k, 500])) as Record<OptionKey, number>;
  it("names the first option the car does not offer, or an unknown one", () => {
    expect(unavailableOption(["gps", "cancellation"], car)).toBeNull();
    expect(unavailableOption(["gps", "babyChair"], { ...car, babyChair: -1 })).toBe("babyChair");
    expect(unavailableOption(["gps", "jetpack"], car)).toBe("jetpack");
    expect(unavailableOption(["fullInsurance"], { ...car, fullInsurance: 0 })).toBeNull();
  });
});
