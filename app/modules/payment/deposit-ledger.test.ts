import { describe, expect, it } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { depositBalance, depositEntryText, refundSchema } from "./deposit-ledger";
import { parseForm } from "~/modules/forms/parse-form";

/* The deposit ledger's pure parts (docs/domain.md#deposit-ledger): its balance, its words, the refund's fields. */

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return parseForm(data, { schema: refundSchema });
};

describe("depositBalance", () => {
  it("holds what was received less what was refunded and retained", () => {
    expect(
      depositBalance([
        { kind: "received", amountCents: 10_000 },
        { kind: "retained", amountCents: 3000 },
        { kind: "refunded", amountCents: 6000 },
      ]),
    ).toEqual({ receivedCents: 10_000, refundedCents: 6000, retainedCents: 3000, heldCents: 1000 });
    expect(depositBalance([]).heldCents).toBe(0);
  });
});

describe("depositEntryText", () => {
  const entry = { method: null, reference: null, reason: null };
  it.each([
    ["en", "Refunded · Cash (dollars) · reference DEV-1", "Retained · for the final bill's extra charges"],
    [
      "es",
      "Reembolsado · Efectivo (dólares) · referencia DEV-1",
      "Retenido · por los cargos adicionales de la factura final",
    ],
    [
      "fr",
      "Remboursé · Espèces (dollars) · référence DEV-1",
      "Retenu · pour les frais supplémentaires de la facture finale",
    ],
    [
      "el",
      "Επιστράφηκε · Μετρητά (δολάρια) · αναφορά DEV-1",
      "Παρακρατήθηκε · για τις επιπλέον χρεώσεις του τελικού λογαριασμού",
    ],
  ] as const)("words an entry in %s", (language, refunded, retained) => {
    const t = getFixedT(language, ["bookings"]);
    const translate = (key: string, values?: Record<string, unknown>) => t(key, values ?? {});
    expect(depositEntryText(translate, { ...entry, kind: "refunded", method: "cash", reference: "DEV-1" })).toBe(
      refunded,
    );
    expect(depositEntryText(translate, { ...entry, kind: "retained", reason: "finalBill" })).toBe(retained);
  });
});

describe("refundSchema", () => {
  it("reads the amount typed in dollars as cents, the method and an optional reference", () => {
    const submission = form({ intent: "depositRefund", refundAmount: "69,50", refundMethod: "usdt" });
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toEqual({ intent: "depositRefund", refundAmount: 6950, refundMethod: "usdt" });
  });

  it("refuses no amount, words, 0 and an unknown method, each with its message", () => {
    for (const refundAmount of ["", "cien", "0"])
      expect(form({ intent: "depositRefund", refundAmount, refundMethod: "cash" }).status).toBe("error");
    const wrongWay = form({ intent: "depositRefund", refundAmount: "10", refundMethod: "cheque" });
    expect(wrongWay.status === "error" && wrongWay.error).toEqual({ refundMethod: ["bookings:deposit.errors.method"] });
  });
});
