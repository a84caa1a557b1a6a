import { FUEL_EIGHTHS, type FinalBill } from "./final-bill";

/**
 * The lines the return page and the final receipt print for a final bill
 * (docs/domain.md#final-bill), in one order, so both say the same thing. Pure and shared with the
 * browser, as `priceLines` is for the price.
 */
export type FinalBillLine =
  | { kind: "fuel"; eighths: number; eighthCents: number; cents: number }
  | { kind: "extraKm"; km: number; kmCents: number; cents: number }
  | { kind: "lateReturn"; days: number; dailyPriceCents: number; cents: number }
  | { kind: "damage"; note: string; cents: number }
  /** Every charge added up; "no extra charges" when 0. */
  | { kind: "extras"; cents: number }
  | { kind: "depositCovers"; cents: number }
  | { kind: "depositReturned"; cents: number }
  | { kind: "stillToPay"; cents: number };

/**
 * Charges first (only those that exist), then their total, then the deposit's settlement when a
 * deposit was taken (what it covers only when it covers something), then what is still to pay.
 */
export function finalBillLines(bill: FinalBill): FinalBillLine[] {
  const lines: FinalBillLine[] = [];
  if (bill.fuel)
    lines.push({
      kind: "fuel",
      eighths: bill.fuel.eighths,
      eighthCents: bill.fuel.eighthCents,
      cents: bill.fuel.cents,
    });
  if (bill.extraKm)
    lines.push({ kind: "extraKm", km: bill.extraKm.km, kmCents: bill.extraKm.kmCents, cents: bill.extraKm.cents });
  if (bill.lateReturn)
    lines.push({
      kind: "lateReturn",
      days: bill.lateReturn.days,
      dailyPriceCents: bill.lateReturn.dailyPriceCents,
      cents: bill.lateReturn.cents,
    });
  for (const damage of bill.damages) lines.push({ kind: "damage", note: damage.note, cents: damage.amountCents });
  lines.push({ kind: "extras", cents: bill.extrasCents });
  if (bill.deposit) {
    if (bill.depositCoversCents > 0) lines.push({ kind: "depositCovers", cents: bill.depositCoversCents });
    lines.push({ kind: "depositReturned", cents: bill.depositReturnedCents });
  }
  lines.push({ kind: "stillToPay", cents: bill.stillToPayCents });
  return lines;
}

/** What i18next's and the browser's `t` both are, as far as these texts need. */
type Translate = (key: string, values?: Record<string, unknown>) => string;
type Money = (cents: number) => string;
type Count = (n: number) => string;

/**
 * A line as a label and an amount in the reader's language ("Fuel: 3/8 of a tank × $12.00",
 * "$36.00"). `count` formats a number of kilometres in the reader's language ("1,500").
 */
export function finalBillLineText(
  t: Translate,
  money: Money,
  count: Count,
  line: FinalBillLine,
): { label: string; amount: string } {
  const amount = money(line.cents);
  switch (line.kind) {
    case "fuel":
      return {
        label: t("price:bill.fuel", { eighths: line.eighths, tank: FUEL_EIGHTHS, price: money(line.eighthCents) }),
        amount,
      };
    case "extraKm":
      return { label: t("price:bill.extraKm", { km: count(line.km), price: money(line.kmCents) }), amount };
    case "lateReturn":
      return { label: t("price:bill.lateReturn", { count: line.days, price: money(line.dailyPriceCents) }), amount };
    case "damage":
      return { label: t("price:bill.damage", { note: line.note }), amount };
    case "extras":
      return { label: t("price:bill.extras"), amount: line.cents === 0 ? t("price:bill.noExtras") : amount };
    case "depositCovers":
      return { label: t("price:bill.depositCovers"), amount };
    case "depositReturned":
      return { label: t("price:bill.depositReturned"), amount };
    case "stillToPay":
      return { label: t("price:bill.stillToPay"), amount };
  }
}
