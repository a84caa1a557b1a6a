import { describe, expect, it } from "vitest";
import { COUNT_STEP, countCap, resultCount } from "./result-count";

describe("countCap", () => {
  it("counts ten pages ahead in steps of 150 cars", () => {
    expect(COUNT_STEP).toBe(150);
    expect(countCap(1)).toBe(150);
    expect(countCap(10)).toBe(150);
    expect(countCap(11)).toBe(300);
    expect(countCap(20)).toBe(300);
    expect(countCap(21)).toBe(450);
  });

  it("always covers the requested page", () => {
    for (let page = 1; page <= 200; page++) expect(countCap(page)).toBeGreaterThanOrEqual(page * 15);
  });
});

describe("resultCount", () => {
  it("is exact up to the cap", () => {
    expect(resultCount(0, 150)).toEqual({ total: 0, more: false, pages: 0 });
    expect(resultCount(1, 150)).toEqual({ total: 1, more: false, pages: 1 });
    expect(resultCount(16, 150)).toEqual({ total: 16, more: false, pages: 2 });
    expect(resultCount(150, 150)).toEqual({ total: 150, more: false, pages: 10 });
  });

  it("says 'more than the cap' past it and offers the next page", () => {
    expect(resultCount(151, 150)).toEqual({ total: 150, more: true, pages: 11 });
    expect(resultCount(301, 300)).toEqual({ total: 300, more: true, pages: 21 });
  });
});
