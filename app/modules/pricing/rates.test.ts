import { describe, expect, it } from "vitest";
import { priceRental, type PricedCar } from "./pricing";
import { baseRate, rentalDateRange, rentalDates, rentalRates, type CarRates, type SeasonRule } from "./rates";

const car: CarRates = { dailyPriceCents: 4000, weeklyDailyPriceCents: 3500, monthlyDailyPriceCents: 3000 };
const plain: CarRates = { dailyPriceCents: 4000, weeklyDailyPriceCents: null, monthlyDailyPriceCents: null };
const december: SeasonRule = {
  name: "Diciembre",
  firstDay: "2026-12-01",
  lastDay: "2026-12-31",
  percent: 40,
  fixedDailyPriceCents: null,
};
const CARACAS = "America/Caracas";
const ATHENS = "Europe/Athens";
const at = (iso: string) => new Date(iso);

/** A rental's rates from its pick-up, length and zone, as the server works them out. */
const ratesOf = (input: { car: CarRates; pickUp: Date; days: number; timeZone: string; seasons: SeasonRule[] }) =>
  rentalRates({ car: input.car, dates: rentalDates(input.pickUp, input.days, input.timeZone), seasons: input.seasons });

/** The rental part of the price: what the spans add up to. */
const total = (spans: Array<{ days: number; dailyPriceCents: number }>) =>
  spans.reduce((sum, span) => sum + span.days * span.dailyPriceCents, 0);

describe("baseRate", () => {
  it("switches to the weekly price at 7 days and the monthly one at 28", () => {
    expect(baseRate(car, 6)).toEqual({ rate: "daily", dailyPriceCents: 4000 });
    expect(baseRate(car, 7)).toEqual({ rate: "weekly", dailyPriceCents: 3500 });
    expect(baseRate(car, 27)).toEqual({ rate: "weekly", dailyPriceCents: 3500 });
    expect(baseRate(car, 28)).toEqual({ rate: "monthly", dailyPriceCents: 3000 });
  });
  it("keeps the cheaper price when a longer-rental price is not cheaper", () => {
    expect(baseRate({ ...car, weeklyDailyPriceCents: 4500 }, 7)).toEqual({ rate: "daily", dailyPriceCents: 4000 });
    expect(baseRate({ ...car, monthlyDailyPriceCents: 3600 }, 30)).toEqual({ rate: "weekly", dailyPriceCents: 3500 });
    // Only a monthly price: a week is still at the daily one.
    expect(baseRate({ ...plain, monthlyDailyPriceCents: 3000 }, 7)).toEqual({ rate: "daily", dailyPriceCents: 4000 });
  });
});

describe("rentalRates", () => {
  // 10:00 in Caracas (UTC−4).
  const caracas = (date: string) => at(`${date}T14:00:00Z`);

  it("charges every day at the daily price outside any season", () => {
    const spans = ratesOf({
      car: plain,
      pickUp: caracas("2026-11-10"),
      days: 3,
      timeZone: CARACAS,
      seasons: [december],
    });
    expect(spans).toEqual([{ days: 3, dailyPriceCents: 4000, rate: "daily", season: null }]);
    expect(total(spans)).toBe(12_000);
  });

  it("charges the season's days +40 % across the season's start", () => {
    // 28, 29, 30 November at $40, 1 and 2 December at $56.
    const spans = ratesOf({
      car: plain,
      pickUp: caracas("2026-11-28"),
      days: 5,
      timeZone: CARACAS,
      seasons: [december],
    });
    expect(spans).toEqual([
      { days: 3, dailyPriceCents: 4000, rate: "daily", season: null },
      { days: 2, dailyPriceCents: 5600, rate: "daily", season: "Diciembre" },
    ]);
    expect(total(spans)).toBe(23_200);
  });

  it("charges the base price again after the season's last day", () => {
    // 30, 31 December in the season, 1 and 2 January not.
    const spans = ratesOf({
      car: plain,
      pickUp: caracas("2026-12-30"),
      days: 4,
      timeZone: CARACAS,
      seasons: [december],
    });
    expect(spans).toEqual([
      { days: 2, dailyPriceCents: 5600, rate: "daily", season: "Diciembre" },
      { days: 2, dailyPriceCents: 4000, rate: "daily", season: null },
    ]);
    expect(total(spans)).toBe(19_200);
  });

  it("dates the days in the pick-up place's zone, not UTC", () => {
    // 30 November 22:00 in Caracas is already 1 December in UTC: still a November day.
    const spans = ratesOf({
      car: plain,
      pickUp: at("2026-12-01T02:00:00Z"),
      days: 1,
      timeZone: CARACAS,
      seasons: [december],
    });
    expect(total(spans)).toBe(4000);
  });

  it("switches to the weekly price at 7 days and the monthly one at 28", () => {
    const price = (days: number) =>
      total(ratesOf({ car, pickUp: caracas("2026-03-02"), days, timeZone: CARACAS, seasons: [december] }));
    expect(price(6)).toBe(24_000);
    expect(price(7)).toBe(24_500);
    expect(price(27)).toBe(94_500);
    expect(price(28)).toBe(84_000);
    expect(ratesOf({ car, pickUp: caracas("2026-03-02"), days: 28, timeZone: CARACAS, seasons: [] })).toEqual([
      { days: 28, dailyPriceCents: 3000, rate: "monthly", season: null },
    ]);
  });

  it("adds the season's percent to the weekly price of a week across the season's start", () => {
    // 3 November days at $35 (weekly), 4 December days at $35 + 40 % = $49.
    const spans = ratesOf({ car, pickUp: caracas("2026-11-28"), days: 7, timeZone: CARACAS, seasons: [december] });
    expect(spans).toEqual([
      { days: 3, dailyPriceCents: 3500, rate: "weekly", season: null },
      { days: 4, dailyPriceCents: 4900, rate: "weekly", season: "Diciembre" },
    ]);
    expect(total(spans)).toBe(30_100);
  });

  it("charges a season's fixed price for the car instead of its percent", () => {
    const fixed = { ...december, fixedDailyPriceCents: 6000 };
    // 29 and 30 November at $40, 1 December at the season's $60.
    const spans = ratesOf({ car, pickUp: caracas("2026-11-29"), days: 3, timeZone: CARACAS, seasons: [fixed] });
    expect(total(spans)).toBe(14_000);
  });

  it("rounds a discount up to the cent", () => {
    const low = { ...december, percent: -15 };
    const spans = ratesOf({
      car: { ...plain, dailyPriceCents: 3333 },
      pickUp: caracas("2026-12-10"),
      days: 2,
      timeZone: CARACAS,
      seasons: [low],
    });
    // 3333 × 0.85 = 2833.05 → 2834.
    expect(spans).toEqual([{ days: 2, dailyPriceCents: 2834, rate: "daily", season: "Diciembre" }]);
  });

  it("prices two seasons of one rental each at their own rate", () => {
    const carnaval = {
      name: "Carnaval",
      firstDay: "2027-02-08",
      lastDay: "2027-02-09",
      percent: 25,
      fixedDailyPriceCents: null,
    };
    const after = {
      name: "Cuaresma",
      firstDay: "2027-02-10",
      lastDay: "2027-02-20",
      percent: -10,
      fixedDailyPriceCents: null,
    };
    const spans = ratesOf({
      car: plain,
      pickUp: caracas("2027-02-07"),
      days: 4,
      timeZone: CARACAS,
      seasons: [carnaval, after],
    });
    // 7 Feb $40, 8–9 Feb $50, 10 Feb $36.
    expect(total(spans)).toBe(4000 + 2 * 5000 + 3600);
  });

  describe("across a DST change (Europe/Athens)", () => {
    const oneDay = (date: string): SeasonRule => ({
      name: "Fiesta",
      firstDay: date,
      lastDay: date,
      percent: 50,
      fixedDailyPriceCents: null,
    });

    it("skips the date the clocks go forward past when a day starts late in the evening", () => {
      // Pick-up Saturday 27 March 2027 23:30 (UTC+2); 24 h later it is Monday 29 March 00:30 (UTC+3):
      // the rental's days are 27, 29 and 30 March, and Sunday 28 March's season charges none of them.
      const spans = ratesOf({
        car: plain,
        pickUp: at("2027-03-27T21:30:00Z"),
        days: 3,
        timeZone: ATHENS,
        seasons: [oneDay("2027-03-28")],
      });
      expect(total(spans)).toBe(12_000);
    });

    it("charges the season once for the day that starts on it in spring", () => {
      // Sunday 28 March 01:30 (UTC+2), then Monday 29 March 02:30 (UTC+3).
      const spans = ratesOf({
        car: plain,
        pickUp: at("2027-03-27T23:30:00Z"),
        days: 2,
        timeZone: ATHENS,
        seasons: [oneDay("2027-03-28")],
      });
      expect(total(spans)).toBe(6000 + 4000);
    });

    it("charges the season twice when two days start on it as the clocks go back", () => {
      // Sunday 31 October 00:30 (UTC+3); 24 h later it is Sunday 31 October 23:30 (UTC+2).
      const spans = ratesOf({
        car: plain,
        pickUp: at("2027-10-30T21:30:00Z"),
        days: 3,
        timeZone: ATHENS,
        seasons: [oneDay("2027-10-31")],
      });
      expect(spans).toEqual([
        { days: 2, dailyPriceCents: 6000, rate: "daily", season: "Fiesta" },
        { days: 1, dailyPriceCents: 4000, rate: "daily", season: null },
      ]);
      expect(total(spans)).toBe(16_000);
    });
  });
});

describe("rentalDates and rentalDateRange", () => {
  it("date each day in the place's zone, 24 hours apart from the pick-up", () => {
    const dates = rentalDates(at("2026-11-28T14:00:00Z"), 5, CARACAS);
    expect(dates).toEqual(["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01", "2026-12-02"]);
    expect(rentalDateRange(dates)).toEqual({ first: "2026-11-28", last: "2026-12-02" });
    // 00:30 in Athens on the day summer time ends (31 Oct 2027): 24 hours later it is 23:30 that same day.
    const athens = rentalDates(at("2027-10-30T21:30:00Z"), 2, ATHENS);
    expect(athens).toEqual(["2027-10-31", "2027-10-31"]);
    expect(rentalDateRange(athens)).toEqual({ first: "2027-10-31", last: "2027-10-31" });
  });
});

describe("priceRental with rates", () => {
  const priced: PricedCar = {
    dailyPriceCents: 4000,
    payLaterFeePercent: 10,
    options: {
      cancellation: 1500,
      gps: 500,
      homeDelivery: -1,
      babyChair: -1,
      theftProtection: -1,
      collisionDamageWaiver: -1,
      fullInsurance: -1,
      additionalDriver: -1,
    },
  };
  const rates = [
    { days: 3, dailyPriceCents: 4000, rate: "daily" as const, season: null },
    { days: 2, dailyPriceCents: 5600, rate: "daily" as const, season: "Diciembre" },
  ];

  it("sums the spans, then the options and the pay-later fee as before", () => {
    const breakdown = priceRental({ car: priced, days: 5, rates, options: ["gps", "cancellation"], payLater: true });
    // 23 200 + gps 5 × 500 + cancellation 1 500 = 27 200; +10 % = 29 920.
    expect(breakdown.subtotalCents).toBe(27_200);
    expect(breakdown.totalCents).toBe(29_920);
    expect(breakdown.rates).toEqual(rates);
    expect(breakdown.dailyPriceCents).toBe(4640);
  });

  it("refuses spans that do not cover the rental's days", () => {
    expect(() => priceRental({ car: priced, days: 6, rates })).toThrow(RangeError);
  });

  it("keeps a breakdown without rates when none are given", () => {
    expect(priceRental({ car: priced, days: 2 })).not.toHaveProperty("rates");
  });
});

describe("priceRental with a season, a longer-rental rate and every fee (docs/domain.md#fees)", () => {
  const priced: PricedCar = {
    dailyPriceCents: 5000,
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
  const weekly: CarRates = { dailyPriceCents: 5000, weeklyDailyPriceCents: 4000, monthlyDailyPriceCents: null };
  // 10:00 in Caracas on 28 November: 8 days, 3 in November at the weekly price and 5 in December at it +40 %.
  const rates = ratesOf({
    car: weekly,
    pickUp: at("2026-11-28T14:00:00Z"),
    days: 8,
    timeZone: CARACAS,
    seasons: [december],
  });
  const fees = { outOfHoursPickUp: 2500, oneWay: 6000, youngDriver: 8 * 1000 };

  it("adds the young driver fee as its own line beside the others, on the seasonal weekly days", () => {
    expect(rates).toEqual([
      { days: 3, dailyPriceCents: 4000, rate: "weekly", season: null },
      { days: 5, dailyPriceCents: 5600, rate: "weekly", season: "Diciembre" },
    ]);
    const breakdown = priceRental({ car: priced, days: 8, rates, fees });
    expect(breakdown.fees).toEqual({ outOfHoursPickUp: 2500, oneWay: 6000, youngDriver: 8000 });
    // 12 000 + 28 000 + 2 500 + 6 000 + 8 000.
    expect(breakdown.subtotalCents).toBe(56_500);
    expect(breakdown.totalCents).toBe(56_500);
  });

  it("charges the pay-later percentage on the young driver fee too, with an option per day", () => {
    const breakdown = priceRental({ car: priced, days: 8, rates, fees, options: ["babyChair"], payLater: true });
    // 56 500 + baby chair 8 × 300 = 58 900; +5 % = 61 845.
    expect(breakdown.subtotalCents).toBe(58_900);
    expect(breakdown.totalCents).toBe(61_845);
  });

  it("prices a young driver alone on a plain rental, and leaves a fee of 0 out", () => {
    expect(priceRental({ car: priced, days: 3, fees: { youngDriver: 3 * 1250 } }).totalCents).toBe(18_750);
    const older = priceRental({ car: priced, days: 3, fees: { ...fees, youngDriver: 0 } });
    expect(older.fees).toEqual({ outOfHoursPickUp: 2500, oneWay: 6000 });
    expect(older.totalCents).toBe(23_500);
  });
});
