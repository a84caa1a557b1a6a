import { describe, expect, it } from "vitest";
import { ageOn } from "~/modules/user/age";
import { bookedRuleColumns, bookedYoungDriverRule, youngDriverFeeCents, youngDriverRule } from "./young-driver";

describe("youngDriverFeeCents (docs/domain.md#young-driver-fee)", () => {
  const rule = { belowAge: 25, dailyFeeCents: 1000 };

  it("charges each day while the driver is under the age on the pick-up date, nothing from the birthday on", () => {
    expect(youngDriverFeeCents(rule, "2001-12-16", "2026-12-15", 3)).toBe(3000);
    expect(youngDriverFeeCents(rule, "2001-12-15", "2026-12-15", 3)).toBe(0);
    expect(youngDriverFeeCents(rule, "1980-01-01", "2026-12-15", 3)).toBe(0);
  });

  it("counts a 29 February birthday on 1 March in common years, as the age rule does", () => {
    expect(youngDriverFeeCents(rule, "2004-02-29", "2029-02-28", 2)).toBe(2000);
    expect(youngDriverFeeCents(rule, "2004-02-29", "2029-03-01", 2)).toBe(0);
  });

  it("charges nothing without a rule or a readable birth date", () => {
    expect(youngDriverFeeCents(null, "2005-01-01", "2026-12-15", 3)).toBe(0);
    expect(youngDriverFeeCents(rule, null, "2026-12-15", 3)).toBe(0);
    expect(youngDriverFeeCents(rule, "", "2026-12-15", 3)).toBe(0);
  });

  it("reads no fee in the supplier's columns as no rule", () => {
    expect(youngDriverRule(25, null)).toBeNull();
    expect(youngDriverRule(25, 0)).toBeNull();
    expect(youngDriverRule(23, 1250)).toEqual({ belowAge: 23, dailyFeeCents: 1250 });
  });

  it("lets a car's own fee replace its supplier's: null keeps the supplier's, 0 charges none", () => {
    expect(youngDriverRule(25, 1000, null)).toEqual({ belowAge: 25, dailyFeeCents: 1000 });
    expect(youngDriverRule(25, 1000, 1500)).toEqual({ belowAge: 25, dailyFeeCents: 1500 });
    expect(youngDriverRule(25, null, 800)).toEqual({ belowAge: 25, dailyFeeCents: 800 });
    expect(youngDriverRule(25, 1000, 0)).toBeNull();
  });
});

describe("youngDriverFeeCents against the driver age rule (docs/domain.md#driver-age)", () => {
  it("charges exactly the drivers whom ageOn finds under the age, over four years of pick-ups and birthdays", () => {
    const day = (base: string, offset: number) =>
      new Date(Date.parse(`${base}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    const rule = { belowAge: 25, dailyFeeCents: 1 };
    let checked = 0;
    // Pick-ups every 5 days over a leap cycle; births around 25 years earlier, every 3 days.
    for (let p = 0; p < 4 * 366; p += 5) {
      const pickUp = day("2026-01-01", p);
      for (let b = -39; b <= 39; b += 3) {
        const birth = day(`${Number(pickUp.slice(0, 4)) - 25}${pickUp.slice(4)}`.replace("-02-29", "-02-28"), b);
        expect(youngDriverFeeCents(rule, birth, pickUp, 1), `${birth} on ${pickUp}`).toBe(
          ageOn(birth, pickUp)! < 25 ? 1 : 0,
        );
        checked += 1;
      }
    }
    // Every 29 February birthday near each 28 February, 29 February and 1 March pick-up.
    for (const pickUp of ["2029-02-28", "2029-03-01", "2028-02-28", "2028-02-29", "2028-03-01"])
      for (const birth of ["2004-02-28", "2004-02-29", "2004-03-01", "2003-02-28", "2003-03-01"]) {
        expect(youngDriverFeeCents(rule, birth, pickUp, 1), `${birth} on ${pickUp}`).toBe(
          ageOn(birth, pickUp)! < 25 ? 1 : 0,
        );
        checked += 1;
      }
    expect(checked).toBeGreaterThan(7000);
  });
});

describe("the rule a booking keeps (docs/domain.md#price-facts)", () => {
  it("stores the age and the fee per day, and reads the same rule back", () => {
    expect(bookedRuleColumns({ belowAge: 23, dailyFeeCents: 2000 })).toEqual({
      youngDriverAge: 23,
      youngDriverFeeCents: 2000,
    });
    expect(bookedYoungDriverRule(bookedRuleColumns({ belowAge: 23, dailyFeeCents: 2000 }))).toEqual({
      belowAge: 23,
      dailyFeeCents: 2000,
    });
  });

  it("stores no rule as two nulls, and reads nulls (a booking without one) as no rule", () => {
    expect(bookedRuleColumns(null)).toEqual({ youngDriverAge: null, youngDriverFeeCents: null });
    expect(bookedYoungDriverRule({ youngDriverAge: null, youngDriverFeeCents: null })).toBeNull();
  });
});
