import { describe, expect, it } from "vitest";
import { coverConflicts, coverHelp } from "./cover";

const excess = { collisionDamageWaiver: 80000, theftProtection: 80000, fullInsurance: 0 };

describe("coverConflicts (docs/domain.md#cover)", () => {
  it("refuses full insurance included next to a waiver or theft protection that is not", () => {
    expect(coverConflicts({ fullInsurance: 0, collisionDamageWaiver: -1, theftProtection: 900 }, excess)).toEqual([
      { rule: "fullIncludesPart", option: "collisionDamageWaiver" },
      { rule: "fullIncludesPart", option: "theftProtection" },
    ]);
  });

  it("accepts full insurance included with its parts, and full insurance sold alone", () => {
    expect(coverConflicts({ fullInsurance: 0, collisionDamageWaiver: 0, theftProtection: 0 }, excess)).toEqual([]);
    expect(coverConflicts({ fullInsurance: 2000, collisionDamageWaiver: -1, theftProtection: -1 }, excess)).toEqual([]);
    expect(coverConflicts({ fullInsurance: -1, collisionDamageWaiver: 0, theftProtection: -1 }, excess)).toEqual([]);
  });

  it("refuses full insurance leaving more excess than a part it contains", () => {
    expect(
      coverConflicts(
        { fullInsurance: 2000, collisionDamageWaiver: 1100, theftProtection: -1 },
        { ...excess, fullInsurance: 90000 },
      ),
    ).toEqual([{ rule: "fullExcessHigher", option: "collisionDamageWaiver" }]);
  });
});

describe("coverHelp", () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;
  const money = (cents: number) => `$${cents / 100}`;
  it("explains a protection with its excess, or says it has none", () => {
    expect(coverHelp(t, money, "collisionDamageWaiver", excess)).toBe(
      'price:cover.explain.collisionDamageWaiver price:cover.excess{"amount":"$800"}.',
    );
    expect(coverHelp(t, money, "fullInsurance", excess)).toBe(
      "price:cover.explain.fullInsurance price:cover.noExcess.",
    );
  });
  it("explains cancellation, and nothing else", () => {
    expect(coverHelp(t, money, "cancellation", excess)).toBe("price:cover.explain.cancellation");
    expect(coverHelp(t, money, "gps", excess)).toBeNull();
  });
});
