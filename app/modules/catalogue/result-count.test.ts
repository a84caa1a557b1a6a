import { describe, expect, it } from "vitest";
import { COUNT_STEP, countCap, resultCount } from "./result-count";

describe("countCap", () => {
  it("counts in steps of 100 cars, far enough for the requested page", () => {
    expect(COUNT_STEP).toBe(100);
    expect(countCap(1)).toBe(100);
    expect(countCap(6)).toBe(100);
    expect(countCap(7)).toBe(200);
    expect(countCap(13)).toBe(200);
    expect(countCap(14)).toBe(300);
  });

  it("always covers the requested page", () => {
    for (let page = 1; page <= 200; page++) expect(countCap(page)).toBeGreaterThanOrEqual(page * 15);
  });
});

describe("resultCount", () => {
  it("is exact up to the cap", () => {
    expect(resultCount(0, 100)).toEqual({ total: 0, more: false, pages: 0 });
    expect(resultCount(1, 100)).toEqual({ total: 1, more: false, pages: 1 });
    expect(resultCount(16, 100)).toEqual({ total: 16, more: false, pages: 2 });
    expect(resultCount(100, 100)).toEqual({ total: 100, more: false, pages: 7 });
  });

  it("says 'more than the cap' past it and offers the page with the next car", () => {
    expect(resultCount(101, 100)).toEqual({ total: 100, more: true, pages: 7 });
    expect(resultCount(201, 200)).toEqual({ total: 200, more: true, pages: 14 });
  });
});
