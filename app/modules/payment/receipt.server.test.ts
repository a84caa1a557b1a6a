import { describe, expect, it } from "vitest";
import { pdfText } from "../../../tests/pdf-text";
import { renderReceipt, type ReceiptData } from "./receipt.server";

/*
 * The receipt PDF read back as text: every value is there in the reader's language, Greek
 * and Spanish accents survive (the embedded font has their glyphs), money per
 * docs/domain.md#formatting.
 */
const receipt: ReceiptData = {
  number: "RD-7K2M9Q-41",
  issuedAt: new Date("2026-11-20T15:00:00Z"),
  reference: "RD-7K2M9Q",
  driver: { fullName: "Νίκος Núñez", email: "nikos@example.com" },
  car: "Toyota Corolla",
  supplier: "Llanos Rent",
  pickup: {
    name: "Αεροδρόμιο Maiquetía",
    address: "Av. Bolívar",
    timeZone: "America/Caracas",
    at: new Date("2026-12-03T14:00:00Z"),
  },
  dropoff: { name: "Mérida", address: "Calle 26", timeZone: "America/Caracas", at: new Date("2026-12-06T16:00:00Z") },
  days: 3,
  breakdown: {
    days: 3,
    dailyPriceCents: 45050,
    options: { gps: 900, fullInsurance: 0, cancellation: 1500 },
    subtotalCents: 137550,
    payLaterFeePercent: 0,
    totalCents: 137550,
  },
  deposit: { cents: 25000, method: "cardHold" },
  priceCents: 137550,
  payments: [
    {
      method: "mobilePayment",
      reference: "0088001234",
      amountCents: 137550,
      bolivars: { amount: "337,685.25 Bs", rate: "245.5" },
      rate: { rate: "245.5000", date: "2026-11-20" },
      igtfCents: 0,
      paidAt: new Date("2026-11-20T14:30:00Z"),
    },
  ],
  depositLedger: { entries: [], heldCents: 0 },
};

const text = async (data: ReceiptData, language: Parameters<typeof renderReceipt>[1]) => {
  const pdf = await renderReceipt(data, language);
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return pdfText(pdf);
};

describe("renderReceipt", () => {
  it("writes the whole receipt in Greek, Greek letters included", async () => {
    const out = await text(receipt, "el");
    for (const expected of [
      "Rueda",
      "Απόδειξη πληρωμής",
      "Αριθμός απόδειξης RD-7K2M9Q-41",
      "Ημερομηνία έκδοσης 20 Νοε 2026",
      "Κωδικός κράτησης RD-7K2M9Q",
      "Οδηγός Νίκος Núñez nikos@example.com",
      "Όχημα Toyota Corolla",
      "Εταιρεία Llanos Rent",
      "Παραλαβή Αεροδρόμιο Maiquetía, Av. Bolívar 3 Δεκ 2026, 10:00 (ζώνη ώρας America/Caracas)",
      "Επιστροφή Mérida, Calle 26 6 Δεκ 2026, 12:00 (ζώνη ώρας America/Caracas)",
      "Ημέρες 3",
      "3 ημέρες × $450.50 $1,351.50",
      "GPS $9",
      "Πλήρης ασφάλιση Περιλαμβάνεται",
      "Σύνολο $1,375.50",
      "Εγγύηση $250, δέσμευση σε πιστωτική κάρτα κατά την παραλαβή",
      "Οι φόροι περιλαμβάνονται",
      "Τρόπος πληρωμής Pago móvil",
      "Αναφορά πληρωμής 0088001234",
      "Καταβλήθηκε σε μπολίβαρ 337,685.25 Bs προς 245.5 Bs ανά δολάριο",
      "Ποσό που καταβλήθηκε $1,375.50",
    ]) {
      expect(out).toContain(expected);
    }
    // No fee, so neither a fee line nor a subtotal repeating the total (docs/domain.md#price-lines).
    expect(out).not.toContain("Επιβάρυνση πληρωμής αργότερα");
    expect(out).not.toContain("Μερικό σύνολο");
  });

  it("writes it in Spanish with the pay-later fee and every succeeded payment", async () => {
    const out = await text(
      {
        ...receipt,
        breakdown: { ...receipt.breakdown, payLaterFeePercent: 10, totalCents: 151305 },
        priceCents: 151305,
        payments: [
          {
            method: "cardPayment",
            reference: "…a1B2c3D4",
            amountCents: 100000,
            bolivars: null,
            rate: null,
            igtfCents: 0,
            paidAt: new Date("2026-11-20T14:30:00Z"),
          },
          {
            method: "walletPayment",
            reference: "ab".repeat(32),
            amountCents: 51305,
            bolivars: null,
            rate: null,
            igtfCents: 0,
            paidAt: new Date("2026-11-21T09:00:00Z"),
          },
        ],
      },
      "es",
    );
    for (const expected of [
      "Recibo de pago",
      "Número de recibo RD-7K2M9Q-41",
      "Fecha de emisión 20 nov 2026",
      "Referencia de la reserva RD-7K2M9Q",
      "Conductor Νίκος Núñez nikos@example.com",
      "Vehículo Toyota Corolla",
      "Proveedor Llanos Rent",
      "Recogida Αεροδρόμιο Maiquetía, Av. Bolívar 3 dic 2026, 10:00 (zona horaria America/Caracas)",
      "Devolución Mérida, Calle 26 6 dic 2026, 12:00 (zona horaria America/Caracas)",
      "3 días × $450.50 $1,351.50",
      "Cancelación $15",
      "Seguro a todo riesgo Incluido",
      "Subtotal $1,375.50",
      "Recargo por pagar después (10 %) $137.55",
      "Total $1,513.05",
      "Forma de pago Tarjeta",
      "Referencia del pago …a1B2c3D4",
      "Monto $1,000",
      "Forma de pago USDT (TRC20)",
      "Monto $513.05",
      "Monto pagado $1,513.05",
      "Depósito de garantía $250, retenido en una tarjeta de crédito",
    ]) {
      expect(out).toContain(expected);
    }
    // The 64-character transaction id may wrap, but every character is there.
    expect(out.replace(/ /g, "")).toContain("ab".repeat(32));
    expect(out).not.toContain("Pagado en bolívares");
  });

  // docs/domain.md#deposit-ledger: the deposit's movements apart from the payments, in the reader's language.
  it.each([
    ["en", "Refunded · Pago móvil · reference 0102-55 $100", "Still held $0"],
    ["es", "Reembolsado · Pago móvil · referencia 0102-55 $100", "Aún retenido $0"],
    ["fr", "Remboursé · Pago móvil · référence 0102-55 $100", "Encore détenu $0"],
    ["el", "Επιστράφηκε · Pago móvil · αναφορά 0102-55 $100", "Κρατείται ακόμη $0"],
  ] as const)("lists the deposit ledger (%s)", async (language, refunded, held) => {
    const entry = { method: null, reference: null, reason: null };
    const withLedger: ReceiptData = {
      ...receipt,
      depositLedger: {
        entries: [
          { ...entry, kind: "received", amountCents: 10_000, method: "cash" },
          { ...entry, kind: "refunded", amountCents: 10_000, method: "mobilePayment", reference: "0102-55" },
        ],
        heldCents: 0,
      },
    };
    const out = await text(withLedger, language);
    expect(out).toContain(refunded);
    expect(out).toContain(held);
  });

  // A one-day rental reads "1 day", not "1 days", in every language (an i18next count plural).
  it.each([
    ["en", "1 day × $450.50 $450.50"],
    ["es", "1 día × $450.50 $450.50"],
    ["fr", "1 jour × $450.50 $450.50"],
    ["el", "1 ημέρα × $450.50 $450.50"],
  ] as const)("writes a one-day breakdown in the singular (%s)", async (language, line) => {
    const oneDay: ReceiptData = {
      ...receipt,
      days: 1,
      breakdown: { ...receipt.breakdown, days: 1, subtotalCents: 47450, totalCents: 47450 },
      priceCents: 47450,
    };
    const out = await text(oneDay, language);
    expect(out).toContain(line);
  });
});
