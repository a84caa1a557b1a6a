import { describe, expect, it } from "vitest";
import { optionCents, optionChoice } from "./car-options";

describe("option values", () => {
  it("are -1 unavailable, 0 included, else the price in cents, and back", () => {
    expect(optionCents("unavailable", "9")).toBe(-1);
    expect(optionCents("included", "9")).toBe(0);
    expect(optionCents("price", "9.99")).toBe(999);
    expect(optionChoice(-1)).toEqual({ kind: "unavailable", price: "" });
    expect(optionChoice(0)).toEqual({ kind: "included", price: "" });
    expect(optionChoice(999)).toEqual({ kind: "price", price: "9.99" });
  });
});
