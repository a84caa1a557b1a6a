import { describe, expect, it } from "vitest";
import { formatBolivars, formatCents, formatNumber, formatPrice } from "./format";

describe("formatNumber", () => {
  it("uses comma thousands and no decimals for whole numbers", () => {
    expect(formatNumber(1234)).toBe("1,234");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(0)).toBe("0");
  });
  it("shows two decimals when fractional", () => {
    expect(formatNumber(1234.5)).toBe("1,234.50");
    expect(formatNumber(0.05)).toBe("0.05");
  });
});

describe("formatPrice", () => {
  it("prefixes the dollar sign", () => {
    expect(formatPrice(1234)).toBe("$1,234");
    expect(formatPrice(1234.5)).toBe("$1,234.50");
  });
  it("appends other symbols after a space", () => {
    expect(formatPrice(1234.5, "Bs")).toBe("1,234.50 Bs");
  });
  it("keeps the sign in front", () => {
    expect(formatPrice(-5)).toBe("-$5");
  });
});

describe("formatCents", () => {
  it("formats integer cents", () => {
    expect(formatCents(123450)).toBe("$1,234.50");
    expect(formatCents(4500)).toBe("$45");
    expect(formatCents(1)).toBe("$0.01");
  });
});

describe("formatNumber edge cases", () => {
  it("rounds to the cent and groups every power of a thousand", () => {
    expect(formatNumber(0.004)).toBe("0");
    expect(formatNumber(0.005)).toBe("0.01");
    expect(formatNumber(999.999)).toBe("1,000");
    expect(formatNumber(1000000.1)).toBe("1,000,000.10");
    expect(formatNumber(123456789)).toBe("123,456,789");
  });
  it("keeps the sign of negative amounts", () => {
    expect(formatNumber(-1234.5)).toBe("-1,234.50");
  });
});

describe("bolívares", () => {
  it("is displayed with the money rules", () => {
    expect(formatBolivars(123450n)).toBe("1,234.50 Bs");
    expect(formatBolivars(123400n)).toBe("1,234 Bs");
    expect(formatBolivars(365000n)).toBe("3,650 Bs");
  });
});
