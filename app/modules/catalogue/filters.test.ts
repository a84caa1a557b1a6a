import { describe, expect, it } from "vitest";
import * as dbEnums from "../../../db/schema/enums";
import { carCategories, fuelPolicies, fuelTypes, gearboxes } from "./car-enums";
import {
  activeFilterCount,
  effectiveFilters,
  filtersToParams,
  hasFilters,
  noFilters,
  parseFilters,
  parseSort,
  sortOrders,
} from "./filters";

describe("car enumerations", () => {
  it("match the database enums", () => {
    expect(fuelTypes).toEqual(dbEnums.fuelTypes);
    expect(gearboxes).toEqual(dbEnums.gearboxes);
    expect(fuelPolicies).toEqual(dbEnums.fuelPolicies);
    expect(carCategories).toEqual(dbEnums.carCategories);
  });
});

describe("parseFilters", () => {
  it("reads nothing as no filter", () => {
    expect(parseFilters(new URLSearchParams())).toEqual(noFilters);
    expect(hasFilters(noFilters)).toBe(false);
  });

  it("reads every kind of filter", () => {
    const params = new URLSearchParams(
      "supplier=3&supplier=1&spec=seats5&spec=aircon&fuel=electric&fuel=diesel&gearbox=automatic&mileage=unlimited&policy=freeTank&deposit=500&rating=4",
    );
    expect(parseFilters(params)).toEqual({
      suppliers: [1, 3],
      specs: ["aircon", "seats5"],
      fuel: ["diesel", "electric"],
      gearbox: ["automatic"],
      mileage: ["unlimited"],
      fuelPolicy: ["freeTank"],
      deposit: 500,
      category: [],
      bags: null,
      rating: 4,
    });
    // Only the offered minimum: "4+ stars".
    for (const rating of ["5", "3", "4.5", "any", ""])
      expect(parseFilters(new URLSearchParams({ rating })).rating).toBeNull();
  });

  it("reads categories in their list's order and a bag minimum among the offered ones", () => {
    const filters = parseFilters(new URLSearchParams("category=van&category=economy&category=van&bags=3"));
    expect(filters).toEqual({ ...noFilters, category: ["economy", "van"], bags: 3 });
    expect(parseFilters(new URLSearchParams("category=limousine&category=SUV&bags=5")).category).toEqual([]);
    for (const bags of ["5", "1", "any", "", "2.5"])
      expect(parseFilters(new URLSearchParams({ bags })).bags).toBeNull();
  });

  it("drops unknown, duplicated and forged values instead of failing", () => {
    const params = new URLSearchParams(
      "supplier=abc&supplier=-2&supplier=0&supplier=99999999999&supplier=2&supplier=2&spec=wings&fuel=coal&gearbox=Manual&mileage=&policy=x&deposit=300",
    );
    expect(parseFilters(params)).toEqual({ ...noFilters, suppliers: [2] });
    expect(parseFilters(new URLSearchParams("deposit=any")).deposit).toBeNull();
    expect(parseFilters(new URLSearchParams("deposit=250")).deposit).toBe(250);
  });

  it("round-trips through filtersToParams", () => {
    const params = new URLSearchParams(
      "supplier=2&spec=doors4&fuel=hybrid&gearbox=manual&mileage=limited&policy=likeForlike&deposit=250&category=suv&bags=4",
    );
    const filters = parseFilters(params);
    expect(parseFilters(new URLSearchParams(filtersToParams(filters)))).toEqual(filters);
    expect(new URLSearchParams(filtersToParams(filters)).toString()).toBe(params.toString());
  });
});

describe("effectiveFilters", () => {
  it("treats a fully ticked group as no restriction", () => {
    const all = parseFilters(
      new URLSearchParams("gearbox=manual&gearbox=automatic&mileage=limited&mileage=unlimited&fuel=diesel"),
    );
    expect(effectiveFilters(all)).toEqual({ ...noFilters, fuel: ["diesel"] });
    const everyCategory = parseFilters(new URLSearchParams(carCategories.map((c) => ["category", c])));
    expect(effectiveFilters(everyCategory)).toEqual(noFilters);
  });
});

describe("activeFilterCount", () => {
  it("counts each ticked value and the deposit limit", () => {
    expect(activeFilterCount(noFilters)).toBe(0);
    expect(activeFilterCount(parseFilters(new URLSearchParams("gearbox=automatic")))).toBe(1);
    expect(
      activeFilterCount(parseFilters(new URLSearchParams("supplier=1&supplier=2&fuel=diesel&deposit=250&deposit=9"))),
    ).toBe(4);
    expect(activeFilterCount(parseFilters(new URLSearchParams("category=suv&category=van&bags=2")))).toBe(3);
  });
});

describe("parseSort", () => {
  it("reads each order and falls back to total price for anything else", () => {
    for (const order of sortOrders) expect(parseSort(new URLSearchParams({ sort: order }))).toBe(order);
    expect(sortOrders[0]).toBe("total");
    for (const sort of ["", "price", "SEATS", "seats; drop table cars"])
      expect(parseSort(new URLSearchParams({ sort }))).toBe("total");
    expect(parseSort(new URLSearchParams())).toBe("total");
  });
});
