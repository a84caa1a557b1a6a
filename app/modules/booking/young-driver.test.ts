import { describe, expect, it } from "vitest";
import { youngDriverFeeCents, youngDriverRule } from "./young-driver";

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
    expect(youngDriverFeeCents(rule, "15/12/2005", "2026-12-15", 3)).toBe(0);
  });

  it("reads no fee in the supplier's columns as no rule", () => {
    expect(youngDriverRule(25, null)).toBeNull();
    expect(youngDriverRule(25, 0)).toBeNull();
    expect(youngDriverRule(23, 1250)).toEqual({ belowAge: 23, dailyFeeCents: 1250 });
  });
});
