import { describe, expect, it } from "vitest";
import {
  addPercentRoundingUp,
  optionState,
  priceRental,
  rentalDays,
  UnavailableOptionError,
  type PricedCar,
} from "./pricing";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe("rentalDays", () => {
  const pickUp = at("2026-03-10T14:00:00Z");
  const plus = (ms: number) => new Date(pickUp.getTime() + ms);

  it("counts one hour as one day", () => {
    expect(rentalDays(pickUp, plus(HOUR))).toBe(1);
  });
  it("counts exactly 24 hours as one day", () => {
    expect(rentalDays(pickUp, plus(24 * HOUR))).toBe(1);
  });
  it("counts 24 hours and one minute as two days", () => {
    expect(rentalDays(pickUp, plus(24 * HOUR + 60_000))).toBe(2);
  });
  it("counts whole weeks exactly", () => {
    expect(rentalDays(pickUp, plus(7 * 24 * HOUR))).toBe(7);
    expect(rentalDays(pickUp, plus(7 * 24 * HOUR + 1))).toBe(8);
  });
  it("gives a one-minute rental one day (at least one day)", () => {
    expect(rentalDays(pickUp, plus(60_000))).toBe(1);
  });
  it("rejects an empty or reversed period", () => {
    expect(() => rentalDays(pickUp, pickUp)).toThrow(RangeError);
    expect(() => rentalDays(pickUp, plus(-HOUR))).toThrow(RangeError);
    expect(() => rentalDays(pickUp, new Date(Number.NaN))).toThrow(RangeError);
  });
  it("is the same in a DST-free zone whatever the calendar says (Caracas is UTC-4 all year)", () => {
    // 10:00 → 10:00 three calendar days later in Caracas is exactly 72 hours.
    expect(rentalDays(at("2026-11-01T14:00:00Z"), at("2026-11-04T14:00:00Z"))).toBe(3);
  });
  it("counts elapsed hours, not calendar days, across a DST change elsewhere", () => {
    // Paris, 28 → 29 March 2026 at 10:00 local is only 23 hours (clocks go forward): one day.
    expect(rentalDays(at("2026-03-28T09:00:00Z"), at("2026-03-29T08:00:00Z"))).toBe(1);
    // Paris, 24 → 25 October 2026 at 10:00 local is 25 hours (clocks go back): two days.
    expect(rentalDays(at("2026-10-24T08:00:00Z"), at("2026-10-25T09:00:00Z"))).toBe(2);
  });
});

describe("addPercentRoundingUp", () => {
  it("rounds any fraction of a cent up", () => {
    expect(addPercentRoundingUp(12345, 5)).toBe(12963); // 12962.25
    expect(addPercentRoundingUp(101, 10)).toBe(112); // 111.1
    expect(addPercentRoundingUp(1, 1)).toBe(2); // 1.01
  });
  it("leaves exact results alone", () => {
    expect(addPercentRoundingUp(10000, 10)).toBe(11000);
    expect(addPercentRoundingUp(12340, 5)).toBe(12957);
    expect(addPercentRoundingUp(5000, 0)).toBe(5000);
  });
});

describe("optionState", () => {
  it("reads the spec's -1 / 0 / > 0 convention", () => {
    expect(optionState("gps", -1)).toEqual({ kind: "unavailable" });
    expect(optionState("gps", 0)).toEqual({ kind: "included" });
    expect(optionState("gps", 500)).toEqual({ kind: "perDay", cents: 500 });
  });
  it("treats cancellation as a flat fee", () => {
    expect(optionState("cancellation", 2500)).toEqual({ kind: "flat", cents: 2500 });
    expect(optionState("cancellation", 0)).toEqual({ kind: "included" });
  });
});

describe("priceRental", () => {
  const car: PricedCar = {
    dailyPriceCents: 4550,
    payLaterFeePercent: 8,
    options: {
      cancellation: 2000,
      gps: 500,
      homeDelivery: -1,
      babyChair: 0,
      theftProtection: 900,
      collisionDamageWaiver: -1,
      fullInsurance: 1999,
      additionalDriver: 0,
    },
  };

  it("is the daily price times the days without options", () => {
    const price = priceRental({ car, days: 3 });
    expect(price).toEqual({
      days: 3,
      dailyPriceCents: 4550,
      options: {},
      subtotalCents: 13650,
      payLaterFeePercent: 0,
      totalCents: 13650,
    });
  });

  it("adds daily options per day and cancellation once", () => {
    const price = priceRental({ car, days: 4, options: ["gps", "cancellation", "theftProtection"] });
    expect(price.options).toEqual({ cancellation: 2000, gps: 2000, theftProtection: 3600 });
    expect(price.subtotalCents).toBe(4550 * 4 + 2000 + 500 * 4 + 900 * 4);
    expect(price.totalCents).toBe(price.subtotalCents);
  });

  it("charges nothing for included options but lists them", () => {
    const price = priceRental({ car, days: 2, options: ["babyChair", "additionalDriver"] });
    expect(price.options).toEqual({ babyChair: 0, additionalDriver: 0 });
    expect(price.totalCents).toBe(9100);
  });

  it("refuses an unavailable option", () => {
    expect(() => priceRental({ car, days: 2, options: ["homeDelivery"] })).toThrow(UnavailableOptionError);
  });

  it("adds the pay-later fee on the whole subtotal, rounded up to the cent", () => {
    const price = priceRental({ car, days: 3, options: ["fullInsurance", "cancellation"], payLater: true });
    const subtotal = 4550 * 3 + 1999 * 3 + 2000; // 21647
    expect(price.subtotalCents).toBe(subtotal);
    expect(price.payLaterFeePercent).toBe(8);
    // 21647 × 1.08 = 23378.76 → 23379
    expect(price.totalCents).toBe(23379);
  });

  it("adds no fee when paying now, or when the car has none", () => {
    expect(priceRental({ car, days: 1, payLater: false }).totalCents).toBe(4550);
    expect(priceRental({ car: { ...car, payLaterFeePercent: 0 }, days: 1, payLater: true }).totalCents).toBe(4550);
  });

  it("rejects a non-positive or fractional number of days", () => {
    expect(() => priceRental({ car, days: 0 })).toThrow(RangeError);
    expect(() => priceRental({ car, days: 1.5 })).toThrow(RangeError);
  });
});

describe("priceRental fees (docs/domain.md#fees)", () => {
  const car: PricedCar = {
    dailyPriceCents: 4500,
    payLaterFeePercent: 5,
    options: {
      cancellation: -1,
      gps: -1,
      homeDelivery: -1,
      babyChair: 300,
      theftProtection: -1,
      collisionDamageWaiver: -1,
      fullInsurance: -1,
      additionalDriver: -1,
    },
  };

  it("adds both out-of-hours handovers and the one-way fee to the subtotal, each kept by name", () => {
    const price = priceRental({
      car,
      days: 4,
      options: ["babyChair"],
      fees: { outOfHoursPickUp: 2500, outOfHoursDropOff: 2500, oneWay: 6000 },
    });
    expect(price.fees).toEqual({ outOfHoursPickUp: 2500, outOfHoursDropOff: 2500, oneWay: 6000 });
    expect(price.subtotalCents).toBe(18000 + 1200 + 11000);
    expect(price.totalCents).toBe(30200);
  });

  it("charges the pay-later percentage on the fees too, rounding up", () => {
    const price = priceRental({ car, days: 1, payLater: true, fees: { outOfHoursDropOff: 2501 } });
    expect(price.subtotalCents).toBe(7001);
    expect(price.totalCents).toBe(7352);
  });

  it("leaves zero fees out of the breakdown, and a price without fees has no fees at all", () => {
    expect(priceRental({ car, days: 2, fees: { oneWay: 0 } })).not.toHaveProperty("fees");
    expect(priceRental({ car, days: 2 }).totalCents).toBe(9000);
  });

  it("refuses a fee that is not whole cents", () => {
    expect(() => priceRental({ car, days: 2, fees: { oneWay: -100 } })).toThrow(RangeError);
    expect(() => priceRental({ car, days: 2, fees: { oneWay: 12.5 } })).toThrow(RangeError);
  });
});
