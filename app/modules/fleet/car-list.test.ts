import { describe, expect, it } from "vitest";
import { carListHref, containsPattern, hasCarFilters, readCarListQuery } from "./car-list";

const read = (search: string, admin = true) => readCarListQuery(new URLSearchParams(search), { admin });

describe("the fleet list's query", () => {
  it("reads the search and every filter, and writes them back", () => {
    const query = read("q=%20Corolla%20&supplier=3&availability=unavailable&fuel=hybrid&gearbox=automatic&page=2");
    expect(query).toEqual({
      text: "Corolla",
      supplier: 3,
      availability: "unavailable",
      fuelType: "hybrid",
      gearbox: "automatic",
      page: 2,
    });
    expect(carListHref(query, 3)).toBe(
      "/admin/cars?q=Corolla&supplier=3&availability=unavailable&fuel=hybrid&gearbox=automatic&page=3",
    );
    expect(carListHref(query, 1)).toBe(
      "/admin/cars?q=Corolla&supplier=3&availability=unavailable&fuel=hybrid&gearbox=automatic",
    );
    expect(hasCarFilters(query)).toBe(true);
  });

  it("treats unknown values as no filter and a bad page as the first", () => {
    const query = read("supplier=abc&availability=maybe&fuel=steam&gearbox=&page=-2");
    expect(query).toEqual({ text: "", supplier: null, availability: null, fuelType: null, gearbox: null, page: 1 });
    expect(hasCarFilters(query)).toBe(false);
    expect(carListHref(query, 1)).toBe("/admin/cars");
    expect(read("page=1.5").page).toBe(1);
    expect(read("page=99999999999").page).toBe(1);
  });

  it("ignores the supplier filter for supplier staff", () => {
    expect(read("supplier=3", false).supplier).toBeNull();
  });

  it("keeps at most 120 characters of search", () => {
    expect(read(`q=${"a".repeat(500)}`).text).toHaveLength(120);
  });
});

describe("containsPattern", () => {
  it("matches the text anywhere, with LIKE's wildcards taken literally", () => {
    expect(containsPattern("Kia")).toBe("%Kia%");
    expect(containsPattern("100%_\\")).toBe("%100\\%\\_\\\\%");
  });
});
