import { describe, expect, it } from "vitest";
import { parseDecimal } from "./decimal";

describe("parseDecimal", () => {
  it("reads a point or a comma as the decimal separator", () => {
    expect(parseDecimal("12.50", { maxDecimals: 2 })).toEqual({ whole: "12", fraction: "5" });
    expect(parseDecimal("12,50", { maxDecimals: 2 })).toEqual({ whole: "12", fraction: "5" });
    expect(parseDecimal(" 245,5 ", { maxDecimals: 4 })).toEqual({ whole: "245", fraction: "5" });
    expect(parseDecimal("40", { maxDecimals: 4 })).toEqual({ whole: "40", fraction: "" });
  });

  it("counts decimals without trailing zeros and refuses more than the field holds", () => {
    expect(parseDecimal("36.5000", { maxDecimals: 4 })).toEqual({ whole: "36", fraction: "5" });
    expect(parseDecimal("1.23456", { maxDecimals: 4 })).toBeNull();
    expect(parseDecimal("45,505", { maxDecimals: 2 })).toBeNull();
  });

  it("takes groups of three only where asked and where they cannot be decimals", () => {
    expect(parseDecimal("1,234.5", { maxDecimals: 4 })).toBeNull();
    expect(parseDecimal("1,234", { maxDecimals: 2, grouping: true })).toEqual({ whole: "1234", fraction: "" });
    expect(parseDecimal("1,234.50", { maxDecimals: 2, grouping: true })).toEqual({ whole: "1234", fraction: "5" });
    expect(parseDecimal("1.234,50", { maxDecimals: 2, grouping: true })).toEqual({ whole: "1234", fraction: "5" });
    // "1.234" is 1.234 to an English reader and 1234 to a Venezuelan one: refused.
    expect(parseDecimal("1.234", { maxDecimals: 2, grouping: true })).toBeNull();
    expect(parseDecimal("1,234,5", { maxDecimals: 2, grouping: true })).toBeNull();
    expect(parseDecimal("1,234.567,89", { maxDecimals: 2, grouping: true })).toBeNull();
  });

  it.each(["", " ", "-5", "+5", "1e3", "abc", "45.", ".5", ",5", "4 5", "1,2,3", "0x10", "Infinity"])(
    "refuses %j",
    (input) => {
      expect(parseDecimal(input, { maxDecimals: 4, grouping: true })).toBeNull();
    },
  );
});
