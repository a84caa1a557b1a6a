import { describe, expect, it } from "vitest";
import { carPriceField, readSeasonCarPrices } from "./season-form";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return (name: string) => data.get(name);
};

describe("readSeasonCarPrices", () => {
  it("reads each car's price in dollars as cents, an empty or missing field as none", () => {
    const read = form({ [carPriceField(7)]: "$55.50", [carPriceField(8)]: "  ", [carPriceField(10)]: "60" });
    expect(readSeasonCarPrices(read, [7, 8, 9, 10])).toEqual({
      ok: true,
      prices: [
        { carId: 7, cents: 5550 },
        { carId: 8, cents: null },
        { carId: 9, cents: null },
        { carId: 10, cents: 6000 },
      ],
    });
  });

  it("refuses, per car, what is not an amount from $0.01 to $100,000", () => {
    const read = form({
      [carPriceField(1)]: "0",
      [carPriceField(2)]: "-5",
      [carPriceField(3)]: "cincuenta",
      [carPriceField(4)]: "100000.01",
      [carPriceField(5)]: "100000",
      [carPriceField(6)]: "0.01",
    });
    expect(readSeasonCarPrices(read, [1, 2, 3, 4, 5, 6])).toEqual({
      ok: false,
      errors: {
        1: "adminSuppliers:seasons.carPriceInvalid",
        2: "adminSuppliers:seasons.carPriceInvalid",
        3: "adminSuppliers:seasons.carPriceInvalid",
        4: "adminSuppliers:seasons.carPriceInvalid",
      },
    });
  });

  it("reads only the cars it is asked about", () => {
    const read = form({ [carPriceField(1)]: "50", [carPriceField(99)]: "1" });
    expect(readSeasonCarPrices(read, [1])).toEqual({ ok: true, prices: [{ carId: 1, cents: 5000 }] });
  });
});
