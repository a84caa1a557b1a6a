import { describe, expect, it } from "vitest";
import { computeFinalBill } from "./final-bill";
import { acceptanceReturn } from "./final-bill.fixture";
import { finalBillLines, finalBillLineText } from "./final-bill-lines";

const base = acceptanceReturn.input;

describe("finalBillLines (docs/domain.md#final-bill)", () => {
  it("lists each charge, their total and the deposit's settlement", () => {
    expect(finalBillLines(acceptanceReturn.bill)).toEqual([
      { kind: "fuel", eighths: 3, eighthCents: 500, cents: 1500 },
      { kind: "extraKm", km: 150, kmCents: 25, cents: 3750 },
      { kind: "lateReturn", days: 1, dailyPriceCents: 2800, cents: 2800 },
      { kind: "extras", cents: 8050 },
      { kind: "depositCovers", cents: 8050 },
      { kind: "depositReturned", cents: 6950 },
      { kind: "stillToPay", cents: 0 },
    ]);
  });

  it("lists damage in the order staff entered it and no deposit lines without a deposit", () => {
    const bill = computeFinalBill({
      ...base,
      price: { ...base.price, deposit: undefined },
      returnedAt: base.plannedDropOffAt,
      odometerInKm: 12_100,
      fuelInEighths: 8,
      damages: [
        { amountCents: 4000, note: "Scratch on the left door" },
        { amountCents: 2500, note: "Burn on the back seat" },
      ],
    });
    expect(finalBillLines(bill)).toEqual([
      { kind: "damage", note: "Scratch on the left door", cents: 4000 },
      { kind: "damage", note: "Burn on the back seat", cents: 2500 },
      { kind: "extras", cents: 6500 },
      { kind: "stillToPay", cents: 6500 },
    ]);
  });

  it("says the whole deposit goes back when nothing is charged", () => {
    const bill = computeFinalBill({
      ...base,
      returnedAt: base.plannedDropOffAt,
      odometerInKm: 12_000,
      fuelInEighths: 8,
    });
    expect(finalBillLines(bill)).toEqual([
      { kind: "extras", cents: 0 },
      { kind: "depositReturned", cents: 15000 },
      { kind: "stillToPay", cents: 0 },
    ]);
  });
});

describe("finalBillLineText", () => {
  const t = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;
  const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
  const count = (n: number) => n.toLocaleString("en-US");
  const texts = finalBillLines(acceptanceReturn.bill).map((line) => finalBillLineText(t, money, count, line));

  it("words each line with its amount", () => {
    expect(texts).toEqual([
      { label: 'price:bill.fuel{"eighths":3,"tank":8,"price":"$5.00"}', amount: "$15.00" },
      { label: 'price:bill.extraKm{"km":"150","price":"$0.25"}', amount: "$37.50" },
      { label: 'price:bill.lateReturn{"count":1,"price":"$28.00"}', amount: "$28.00" },
      { label: "price:bill.extras", amount: "$80.50" },
      { label: "price:bill.depositCovers", amount: "$80.50" },
      { label: "price:bill.depositReturned", amount: "$69.50" },
      { label: "price:bill.stillToPay", amount: "$0.00" },
    ]);
  });

  it("says there are no extra charges rather than $0.00, and quotes a damage's note", () => {
    expect(finalBillLineText(t, money, count, { kind: "extras", cents: 0 })).toEqual({
      label: "price:bill.extras",
      amount: "price:bill.noExtras",
    });
    expect(finalBillLineText(t, money, count, { kind: "damage", note: "Dent", cents: 1234 })).toEqual({
      label: 'price:bill.damage{"note":"Dent"}',
      amount: "$12.34",
    });
    expect(finalBillLineText(t, money, count, { kind: "extraKm", km: 1500, kmCents: 30, cents: 45000 }).label).toBe(
      'price:bill.extraKm{"km":"1,500","price":"$0.30"}',
    );
  });
});
