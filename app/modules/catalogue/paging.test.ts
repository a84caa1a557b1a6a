import { describe, expect, it } from "vitest";
import { pageOf } from "./paging";

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
