import { describe, expect, it } from "vitest";
import { bolivarCentimos } from "./bolivars";

describe("bolívares", () => {
  it("multiplies USD cents by the rate exactly", () => {
    expect(bolivarCentimos(10000, "36.5000")).toBe(365000n);
    expect(bolivarCentimos(12345, "245.5000")).toBe(3030698n); // 123.45 × 245.5 = 30306.975 → 30306.98
    expect(bolivarCentimos(1, "0.0049")).toBe(0n);
    expect(bolivarCentimos(0, "36.5")).toBe(0n);
  });

  it("rounds half up to the céntimo, where floats would not", () => {
    // 1.15 × 1.5 = 1.725 exactly; 1.15 * 1.5 in floats is 1.7249999…
    expect(bolivarCentimos(115, "1.5")).toBe(173n);
    expect(bolivarCentimos(1, "0.5")).toBe(1n); // 0.005 Bs → 0.01
    expect(bolivarCentimos(1, "0.4999")).toBe(0n);
  });

  it("stays exact for large amounts", () => {
    // 999,999.99 × 99,999.9999 = 99,999,998,900.000001 Bs
    expect(bolivarCentimos(99_999_999, "99999.9999")).toBe(9_999_999_890_000n);
  });

  it("refuses a rate that is not a decimal number", () => {
    expect(() => bolivarCentimos(100, "abc")).toThrow(RangeError);
    expect(() => bolivarCentimos(100, "-3")).toThrow(RangeError);
    expect(() => bolivarCentimos(1.5, "3")).toThrow(RangeError);
  });
});
