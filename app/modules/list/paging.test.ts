import { describe, expect, it } from "vitest";
import { pageOf, pageQuery } from "./paging";

describe("pageOf", () => {
  const items = Array.from({ length: 65 }, (_, i) => i + 1);
  it("pages by 30", () => {
    expect(pageOf(items, null)).toEqual({ items: items.slice(0, 30), page: 1, pages: 3 });
    expect(pageOf(items, "3")).toEqual({ items: [61, 62, 63, 64, 65], page: 3, pages: 3 });
  });
  it("clamps wrong page numbers", () => {
    expect(pageOf(items, "9").page).toBe(3);
    expect(pageOf(items, "0").page).toBe(1);
    expect(pageOf(items, "x").page).toBe(1);
    expect(pageOf([], "2")).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe("pageQuery", () => {
  it("clamps the requested page to the pages that exist and gives the query's limit and offset", () => {
    expect(pageQuery(65, "2")).toEqual({ page: 2, pages: 3, offset: 30, limit: 30 });
    expect(pageQuery(65, "9")).toEqual({ page: 3, pages: 3, offset: 60, limit: 30 });
    expect(pageQuery(65, 3)).toEqual({ page: 3, pages: 3, offset: 60, limit: 30 });
    expect(pageQuery(60, 3)).toEqual({ page: 2, pages: 2, offset: 30, limit: 30 });
  });
  it("gives an empty list one page", () => {
    expect(pageQuery(0, "2")).toEqual({ page: 1, pages: 1, offset: 0, limit: 30 });
  });
  it("reads a missing, malformed or non-positive page as the first", () => {
    for (const requested of [null, "", "abc", "1.5", "-3", 0, -1, Number.NaN]) {
      expect(pageQuery(65, requested).page).toBe(1);
    }
  });
  it("pages by the given size", () => {
    expect(pageQuery(25, "3", 10)).toEqual({ page: 3, pages: 3, offset: 20, limit: 10 });
  });
});
