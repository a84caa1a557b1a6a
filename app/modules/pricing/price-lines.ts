import {
  feeKeys,
  optionKeys,
  optionState,
  priceRental,
  type Deposit,
  type FeeKey,
  type OptionKey,
  type PriceBreakdown,
  type PricedCar,
  type RateKind,
  type RateSpan,
} from "./pricing";

/**
 * The lines every page, email and receipt prints for a price (docs/domain.md#price-lines), so
 * results, checkout, the booking page, the confirmation email and the PDF receipt say the same
 * thing in the same order. Pure and shared with the browser.
 */
export type PriceLine =
  /** Days at one daily price; `rate` and `season` say which one (docs/domain.md#seasons). */
  | {
      kind: "rental";
      days: number;
      dailyPriceCents: number;
      cents: number;
      rate: RateKind;
      season: string | null;
    }
  /** An option chosen or included; `cents` 0 means included in the daily price. */
  | { kind: "option"; option: OptionKey; cents: number }
  /** An out-of-hours handover or a one-way drop-off (docs/domain.md#fees). */
  | { kind: "fee"; fee: FeeKey; cents: number }
  /** Only before a fee: without one it would repeat the total. */
  | { kind: "subtotal"; cents: number }
  | { kind: "payLaterFee"; percent: number; cents: number }
  | { kind: "total"; cents: number };

export function priceLines(breakdown: PriceBreakdown): PriceLine[] {
  const spans: RateSpan[] = breakdown.rates ?? [
    { days: breakdown.days, dailyPriceCents: breakdown.dailyPriceCents, rate: "daily", season: null },
  ];
  const lines: PriceLine[] = spans.map((span) => ({
    kind: "rental",
    days: span.days,
    dailyPriceCents: span.dailyPriceCents,
    cents: span.dailyPriceCents * span.days,
    rate: span.rate,
    season: span.season,
  }));
  for (const option of optionKeys) {
    const cents = breakdown.options[option];
    if (cents !== undefined) lines.push({ kind: "option", option, cents });
  }
  for (const fee of feeKeys) {
    const cents = breakdown.fees?.[fee];
    if (cents) lines.push({ kind: "fee", fee, cents });
  }
  const feeCents = breakdown.totalCents - breakdown.subtotalCents;
  // A fee is printed only when it exists: never "a 0 % fee" (docs/domain.md#price-lines).
  if (breakdown.payLaterFeePercent > 0 && feeCents > 0) {
    lines.push({ kind: "subtotal", cents: breakdown.subtotalCents });
    lines.push({ kind: "payLaterFee", percent: breakdown.payLaterFeePercent, cents: feeCents });
  }
  lines.push({ kind: "total", cents: breakdown.totalCents });
  return lines;
}

/** What i18next's and the browser's `t` both are, as far as these texts need. */
type Translate = (key: string, values?: Record<string, unknown>) => string;
type Money = (cents: number) => string;

/** A line as a label and an amount in the reader's language ("2 days × $28", "$56"). */
export function priceLineText(t: Translate, money: Money, line: PriceLine): { label: string; amount: string } {
  switch (line.kind) {
    case "rental": {
      const values = { count: line.days, price: money(line.dailyPriceCents) };
      // A season's days are named by the season; the others say when a longer-rental rate applied.
      const label =
        line.season !== null
          ? t("price:lines.rentalSeason", { ...values, season: line.season })
          : line.rate === "weekly"
            ? t("price:lines.rentalWeekly", values)
            : line.rate === "monthly"
              ? t("price:lines.rentalMonthly", values)
              : t("price:lines.rental", values);
      return { label, amount: money(line.cents) };
    }
    case "option":
      return {
        label: t(`catalogue:options.${line.option}`),
        amount: line.cents === 0 ? t("price:lines.included") : money(line.cents),
      };
    case "fee":
      return { label: t(`price:lines.fees.${line.fee}`), amount: money(line.cents) };
    case "subtotal":
      return { label: t("price:lines.subtotal"), amount: money(line.cents) };
    case "payLaterFee":
      return { label: t("price:lines.payLaterFee", { percent: line.percent }), amount: money(line.cents) };
    case "total":
      return { label: t("price:lines.total"), amount: money(line.cents) };
  }
}

/** "$150, held on a credit card at pick-up…": the deposit's amount and how it is taken; null when there is none. */
export function depositText(t: Translate, money: Money, deposit: Deposit | undefined | null): string | null {
  if (!deposit || deposit.cents <= 0) return null;
  return t("price:deposit.value", {
    amount: money(deposit.cents),
    method: t(`price:deposit.methods.${deposit.method}`),
  });
}

/** A price's lines and deposit worded for a reader, as emails carry them (their templates know no pricing). */
export function wordedPrice(
  t: Translate,
  money: Money,
  breakdown: PriceBreakdown,
): { lines: Array<{ label: string; amount: string; total: boolean }>; deposit: string | null } {
  return {
    lines: priceLines(breakdown).map((line) => ({ ...priceLineText(t, money, line), total: line.kind === "total" })),
    deposit: depositText(t, money, breakdown.deposit),
  };
}

export type PaymentWay = "payNow" | "payLater";

/**
 * What a search result costs for each way of paying the car offers (docs/domain.md#price-lines):
 * no options chosen, through `priceRental` like checkout. One entry when only one way is offered
 * (its way named) or both cost the same (no fee: `way` null, "whichever you choose").
 */
export function resultTotals(
  car: PricedCar,
  days: number,
  ways: { payNow: boolean; payLater: boolean },
  /** How the searched period's days are charged (docs/domain.md#seasons). */
  rates?: RateSpan[],
  /** The search's fees for every car of the result, e.g. a one-way drop-off (docs/domain.md#fees). */
  fees?: Partial<Record<FeeKey, number>>,
): Array<{ way: PaymentWay | null; totalCents: number; feePercent: number }> {
  const now = ways.payNow ? priceRental({ car, days, rates, fees }) : null;
  const later = ways.payLater ? priceRental({ car, days, rates, payLater: true, fees }) : null;
  if (now && later) {
    if (now.totalCents === later.totalCents) return [{ way: null, totalCents: now.totalCents, feePercent: 0 }];
    return [
      { way: "payNow", totalCents: now.totalCents, feePercent: 0 },
      { way: "payLater", totalCents: later.totalCents, feePercent: later.payLaterFeePercent },
    ];
  }
  if (now) return [{ way: "payNow", totalCents: now.totalCents, feePercent: 0 }];
  if (later) {
    const feePercent = later.totalCents > later.subtotalCents ? later.payLaterFeePercent : 0;
    return [{ way: "payLater", totalCents: later.totalCents, feePercent }];
  }
  return [];
}

/**
 * A car's prices for a search's period (docs/domain.md#price-lines): the total for each way of
 * paying the car offers and the period's average day — as the car page shows them (CarPrice) and
 * a result card's headline is drawn from them (`resultHeadline`).
 */
export function resultPrices(
  car: PricedCar & { payLaterAllowed: boolean; rates: RateSpan[]; fees: Partial<Record<FeeKey, number>> },
  days: number,
  /** An online method is configured now. */
  payNow: boolean,
) {
  const priced = {
    dailyPriceCents: car.dailyPriceCents,
    payLaterFeePercent: car.payLaterFeePercent,
    options: car.options,
  };
  return {
    totals: resultTotals(priced, days, { payNow, payLater: car.payLaterAllowed }, car.rates, car.fees),
    // The period's average day (docs/domain.md#seasons): the daily price unless a season or a longer-rental rate applies.
    perDayCents: priceRental({ car: priced, days, rates: car.rates }).dailyPriceCents,
  };
}

/** A compact result's price (`resultHeadline`). */
export type ResultHeadline = {
  /** The cheapest way's total: a real `priceRental` total, as checkout's for that way. */
  totalCents: number;
  /** Its way of paying; null when both are offered and cost the same. */
  way: PaymentWay | null;
  /** The period's average day. */
  perDayCents: number;
  /** Paying at pick-up's total, when it is offered and costs more than the headline. */
  payLaterCents: number | null;
  /**
   * Cancelling is free until pick-up for a booking paid there (docs/domain.md#cancellation):
   * "always" when paying at pick-up is the only way offered, "payLater" when it is one of two.
   */
  freeCancellation: "always" | "payLater" | null;
};

/**
 * What a result card says of its price (docs/domain.md#price-lines): the headline total of the
 * cheapest way of paying the car offers, the average day, the pay-at-pick-up total when it costs
 * more, and whether cancelling is free. The car page shows the rest (`resultPrices`); null when
 * the car offers no way of paying now.
 */
export function resultHeadline(
  car: Parameters<typeof resultPrices>[0],
  days: number,
  /** An online method is configured now. */
  payNow: boolean,
): ResultHeadline | null {
  const { totals, perDayCents } = resultPrices(car, days, payNow);
  if (totals.length === 0) return null;
  const cheapest = totals.reduce((best, each) => (each.totalCents < best.totalCents ? each : best));
  const later = totals.find((each) => each.way === "payLater" && each !== cheapest);
  return {
    totalCents: cheapest.totalCents,
    way: cheapest.way,
    perDayCents,
    payLaterCents: later ? later.totalCents : null,
    freeCancellation: car.payLaterAllowed
      ? totals.length === 1 && cheapest.way === "payLater"
        ? "always"
        : "payLater"
      : null,
  };
}

/** The options a car includes in its price (0 cents), in the canonical order. */
export function includedOptions(options: Record<OptionKey, number>): OptionKey[] {
  return optionKeys.filter((key) => optionState(key, options[key]).kind === "included");
}
