import { describe, expect, it } from "vitest";
import { changedFields, createdFields } from "./audit";

describe("changedFields", () => {
  it("keeps only what changed, with before and after", () => {
    expect(changedFields({ price: 4500, seats: 5, name: "Aveo" }, { price: 5000, seats: 5, name: "Aveo" })).toEqual({
      price: [4500, 5000],
    });
  });

  it("compares arrays and dates by value, and treats missing as null", () => {
    expect(changedFields({ places: [1, 2] }, { places: [1, 2] })).toEqual({});
    expect(changedFields({ places: [1, 2] }, { places: [2, 1] })).toEqual({
      places: [
        [1, 2],
        [2, 1],
      ],
    });
    expect(changedFields({ at: new Date("2026-01-01T00:00:00Z") }, { at: new Date("2026-01-01T00:00:00Z") })).toEqual(
      {},
    );
    expect(changedFields<{ logo: string | null }>({}, { logo: "/media/x.webp" })).toEqual({
      logo: [null, "/media/x.webp"],
    });
  });
});

describe("createdFields", () => {
  it("records each value as coming from nothing", () => {
    expect(createdFields({ name: "Llanos", payLater: true })).toEqual({
      name: [null, "Llanos"],
      payLater: [null, true],
    });
  });
});
