import { describe, expect, it } from "vitest";
import { pageBounds, pageOf } from "./paging";

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

describe("pageBounds", () => {
  it("gives a query's page, page count and offset for a total, clamped like pageOf", () => {
    expect(pageBounds(65, "2")).toEqual({ page: 2, pages: 3, offset: 30 });
    expect(pageBounds(65, "9")).toEqual({ page: 3, pages: 3, offset: 60 });
    expect(pageBounds(0, "2")).toEqual({ page: 1, pages: 1, offset: 0 });
  });
});
