import { describe, expect, it } from "vitest";
import { depositMethods as storedDepositMethods } from "../../../db/schema/enums";
import { depositText, includedOptions, priceLines, priceLineText, resultHeadline, resultTotals } from "./price-lines";
import { depositMethods, optionKeys, priceRental, type OptionKey, type PricedCar } from "./pricing";

const none = Object.fromEntries(optionKeys.map((k) => [k, -1])) as Record<OptionKey, number>;
const car: PricedCar = {
  dailyPriceCents: 2800,
  payLaterFeePercent: 8,
  options: { ...none, gps: 500, cancellation: 2000, collisionDamageWaiver: 0 },
  deposit: { cents: 15000, method: "cardHold" },
};

describe("priceLines", () => {
  it("lists rental, options, subtotal, the fee and the total of a pay-later price", () => {
    const lines = priceLines(
      priceRental({ car, days: 2, options: ["gps", "collisionDamageWaiver", "cancellation"], payLater: true }),
    );
    expect(lines).toEqual([
      { kind: "rental", days: 2, dailyPriceCents: 2800, cents: 5600, rate: "daily", season: null },
      { kind: "option", option: "cancellation", cents: 2000 },
      { kind: "option", option: "gps", cents: 1000 },
      { kind: "option", option: "collisionDamageWaiver", cents: 0 },
      { kind: "subtotal", cents: 8600 },
      { kind: "payLaterFee", percent: 8, cents: 688 },
      { kind: "total", cents: 9288 },
    ]);
  });

  it("prints no fee, and no subtotal repeating the total, when there is no fee", () => {
    const payNow = priceLines(priceRental({ car, days: 2, payLater: false }));
    expect(payNow.map((l) => l.kind)).toEqual(["rental", "total"]);
    const zeroFee = priceLines(priceRental({ car: { ...car, payLaterFeePercent: 0 }, days: 2, payLater: true }));
    expect(zeroFee.map((l) => l.kind)).toEqual(["rental", "total"]);
  });

  it("adds up to the total", () => {
    const lines = priceLines(priceRental({ car, days: 3, options: ["gps"], payLater: true }));
    const sum = lines
      .filter((l) => l.kind === "rental" || l.kind === "option" || l.kind === "payLaterFee")
      .reduce((s, l) => s + l.cents, 0);
    expect(sum).toBe(lines.at(-1)!.cents);
  });
});

describe("priceLines with seasons (docs/domain.md#seasons)", () => {
  it("prints one rental line per rate, in the order the rates come", () => {
    const rates = [
      { days: 5, dailyPriceCents: 4000, rate: "weekly" as const, season: null },
      { days: 2, dailyPriceCents: 5600, rate: "weekly" as const, season: "Diciembre" },
    ];
    const lines = priceLines(priceRental({ car, days: 7, rates }));
    expect(lines).toEqual([
      { kind: "rental", days: 5, dailyPriceCents: 4000, cents: 20_000, rate: "weekly", season: null },
      { kind: "rental", days: 2, dailyPriceCents: 5600, cents: 11_200, rate: "weekly", season: "Diciembre" },
      { kind: "total", cents: 31_200 },
    ]);
  });
});

describe("priceLineText and depositText", () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;
  const money = (cents: number) => `$${cents / 100}`;

  it("words each line with its amount, an included option as included", () => {
    const rental = {
      kind: "rental",
      days: 2,
      dailyPriceCents: 2800,
      cents: 5600,
      rate: "daily",
      season: null,
    } as const;
    expect(priceLineText(t, money, rental)).toEqual({
      label: 'price:lines.rental{"count":2,"price":"$28"}',
      amount: "$56",
    });
    expect(priceLineText(t, money, { ...rental, rate: "weekly" }).label).toBe(
      'price:lines.rentalWeekly{"count":2,"price":"$28"}',
    );
    expect(priceLineText(t, money, { ...rental, rate: "monthly" }).label).toBe(
      'price:lines.rentalMonthly{"count":2,"price":"$28"}',
    );
    expect(priceLineText(t, money, { ...rental, rate: "weekly", season: "Diciembre" }).label).toBe(
      'price:lines.rentalSeason{"count":2,"price":"$28","season":"Diciembre"}',
    );
    expect(priceLineText(t, money, { kind: "option", option: "gps", cents: 0 }).amount).toBe("price:lines.included");
  });

  it("says the deposit's amount and how it is taken, and nothing for no deposit", () => {
    expect(depositText(t, money, { cents: 15000, method: "cash" })).toBe(
      'price:deposit.value{"amount":"$150","method":"price:deposit.methods.cash"}',
    );
    expect(depositText(t, money, { cents: 0, method: "cash" })).toBeNull();
    expect(depositText(t, money, undefined)).toBeNull();
  });
});

describe("resultTotals (docs/domain.md#price-lines)", () => {
  it("gives both ways of paying when the pay-later fee makes them differ, each as checkout prices it", () => {
    expect(resultTotals(car, 2, { payNow: true, payLater: true })).toEqual([
      { way: "payNow", totalCents: priceRental({ car, days: 2 }).totalCents, feePercent: 0 },
      { way: "payLater", totalCents: priceRental({ car, days: 2, payLater: true }).totalCents, feePercent: 8 },
    ]);
    expect(resultTotals(car, 2, { payNow: true, payLater: true }).map((r) => r.totalCents)).toEqual([5600, 6048]);
  });

  it("gives one total when both ways cost the same, or only one is offered", () => {
    expect(resultTotals({ ...car, payLaterFeePercent: 0 }, 2, { payNow: true, payLater: true })).toEqual([
      { way: null, totalCents: 5600, feePercent: 0 },
    ]);
    expect(resultTotals(car, 2, { payNow: false, payLater: true })).toEqual([
      { way: "payLater", totalCents: 6048, feePercent: 8 },
    ]);
    expect(resultTotals(car, 2, { payNow: true, payLater: false })).toEqual([
      { way: "payNow", totalCents: 5600, feePercent: 0 },
    ]);
    expect(resultTotals(car, 2, { payNow: false, payLater: false })).toEqual([]);
  });
});

describe("resultHeadline (docs/domain.md#price-lines)", () => {
  const result = {
    ...car,
    payLaterAllowed: true,
    rates: [{ days: 2, dailyPriceCents: 2800, rate: "daily" as const, season: null }],
    fees: {},
  };

  it("heads with the cheapest way's total and adds paying at pick-up's when it costs more", () => {
    expect(resultHeadline(result, 2, true)).toEqual({
      totalCents: 5600,
      way: "payNow",
      perDayCents: 2800,
      payLaterCents: 6048,
      freeCancellation: "payLater",
    });
  });

  it("promises free cancellation outright only when paying at pick-up is the only way", () => {
    expect(resultHeadline(result, 2, false)).toMatchObject({
      totalCents: 6048,
      way: "payLater",
      payLaterCents: null,
      freeCancellation: "always",
    });
    expect(resultHeadline({ ...result, payLaterFeePercent: 0 }, 2, true)).toMatchObject({
      totalCents: 5600,
      way: null,
      payLaterCents: null,
      freeCancellation: "payLater",
    });
    expect(resultHeadline({ ...result, payLaterAllowed: false }, 2, true)).toMatchObject({
      way: "payNow",
      payLaterCents: null,
      freeCancellation: null,
    });
    expect(resultHeadline({ ...result, payLaterAllowed: false }, 2, false)).toBeNull();
  });

  it("gives the period's average day and includes a search's fees, as checkout does", () => {
    const rates = [
      { days: 1, dailyPriceCents: 2800, rate: "daily" as const, season: null },
      { days: 1, dailyPriceCents: 4000, rate: "daily" as const, season: "Carnaval" },
    ];
    const headline = resultHeadline({ ...result, rates, fees: { oneWay: 3000 } }, 2, true)!;
    expect(headline.totalCents).toBe(priceRental({ car, days: 2, rates, fees: { oneWay: 3000 } }).totalCents);
    expect(headline.totalCents).toBe(6800 + 3000);
    expect(headline.perDayCents).toBe(3400);
  });
});

describe("deposits and included options", () => {
  it("keep the deposit a booking was priced with in its breakdown", () => {
    expect(priceRental({ car, days: 1 }).deposit).toEqual({ cents: 15000, method: "cardHold" });
    expect(priceRental({ car: { ...car, deposit: undefined }, days: 1 }).deposit).toBeUndefined();
  });

  it("name the database's deposit methods", () => {
    expect([...depositMethods]).toEqual([...storedDepositMethods]);
  });

  it("lists what the price includes", () => {
    expect(includedOptions(car.options)).toEqual(["collisionDamageWaiver"]);
  });
});

describe("priceLines with fees (docs/domain.md#fees)", () => {
  it("prints each fee as its own line after the options, inside the pay-later fee's subtotal", () => {
    const breakdown = priceRental({
      car,
      days: 3,
      options: ["gps"],
      payLater: true,
      fees: { outOfHoursPickUp: 2500, outOfHoursDropOff: 0, oneWay: 4000 },
    });
    expect(priceLines(breakdown)).toEqual([
      { kind: "rental", days: 3, dailyPriceCents: 2800, cents: 8400, rate: "daily", season: null },
      { kind: "option", option: "gps", cents: 1500 },
      { kind: "fee", fee: "outOfHoursPickUp", cents: 2500 },
      { kind: "fee", fee: "oneWay", cents: 4000 },
      { kind: "subtotal", cents: 16400 },
      { kind: "payLaterFee", percent: 8, cents: 1312 },
      { kind: "total", cents: 17712 },
    ]);
    const t = (key: string) => key;
    expect(priceLineText(t, (c) => `$${c / 100}`, { kind: "fee", fee: "oneWay", cents: 4000 })).toEqual({
      label: "price:lines.fees.oneWay",
      amount: "$40",
    });
  });

  it("prints the young driver fee as the last fee line (docs/domain.md#young-driver-fee)", () => {
    const breakdown = priceRental({ car, days: 3, fees: { oneWay: 4000, youngDriver: 3000 } });
    expect(priceLines(breakdown).slice(1)).toEqual([
      { kind: "fee", fee: "oneWay", cents: 4000 },
      { kind: "fee", fee: "youngDriver", cents: 3000 },
      { kind: "total", cents: 15400 },
    ]);
    expect(
      priceLineText(
        (key) => key,
        (c) => `$${c / 100}`,
        { kind: "fee", fee: "youngDriver", cents: 3000 },
      ),
    ).toEqual({ label: "price:lines.fees.youngDriver", amount: "$30" });
  });

  it("adds a search's one-way fee to each result's totals", () => {
    expect(resultTotals(car, 2, { payNow: true, payLater: false }, undefined, { oneWay: 4000 })).toEqual([
      { way: "payNow", totalCents: 9600, feePercent: 0 },
    ]);
  });
});
