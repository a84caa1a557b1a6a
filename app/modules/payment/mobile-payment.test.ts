import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  centimosToDecimal,
  formatBolivarDecimal,
  formatRif,
  mobilePaymentSchema,
  mobileProviderReference,
  normalizeReference,
  normalizeRif,
  paymentDateProblem,
  referenceKey,
  rifCheckDigit,
} from "./mobile-payment";

describe("references", () => {
  it("accepts 4 to 20 digits", () => {
    expect(normalizeReference(" 001234 ")).toBe("001234");
    expect(normalizeReference("1234")).toBe("1234");
    expect(normalizeReference("1".repeat(20))).toBe("1".repeat(20));
    for (const bad of ["123", "1".repeat(21), "12a45", "12-345", ""]) expect(normalizeReference(bad)).toBeNull();
  });

  it("compares without leading zeros", () => {
    expect(referenceKey("001234")).toBe("1234");
    expect(referenceKey("0000")).toBe("0");
    expect(mobileProviderReference("0134", "001234", "2026-11-20")).toBe(
      mobileProviderReference("0134", "1234", "2026-11-20"),
    );
    expect(mobileProviderReference("0134", "001234", "2026-11-20")).toBe("pm:0134:1234:2026-11-20");
    expect(mobileProviderReference("0102", "1234", "2026-11-20")).not.toBe(
      mobileProviderReference("0134", "1234", "2026-11-20"),
    );
  });
});

describe("RIF", () => {
  it.each([
    ["G-20000110-0", "G", "20000110", 0],
    ["J-00002950-4", "J", "00002950", 4],
    ["J-12345678-4", "J", "12345678", 4],
  ])("%s has check digit %i", (_, letter, digits, check) => expect(rifCheckDigit(letter, digits)).toBe(check));

  it("normalises the format and checks the digit", () => {
    expect(normalizeRif("j123456784")).toBe("J-12345678-4");
    expect(normalizeRif("J-12345678-4")).toBe("J-12345678-4");
    expect(normalizeRif("g-20000110-0")).toBe("G-20000110-0");
    expect(normalizeRif("J-12345678-5")).toBeNull();
    expect(normalizeRif("X-12345678-4")).toBeNull();
    expect(normalizeRif("J-1234567-4")).toBeNull();
  });

  it("displays a stored RIF with dashes", () => {
    expect(formatRif("J123456784")).toBe("J-12345678-4");
    expect(formatRif("not a rif")).toBe("not a rif");
  });
});

describe("bolívares as stored", () => {
  it("is stored as a decimal string and displayed with the money rules", () => {
    expect(centimosToDecimal(123450n)).toBe("1234.50");
    expect(centimosToDecimal(5n)).toBe("0.05");
    expect(formatBolivarDecimal("30306.98")).toBe("30,306.98 Bs");
    expect(formatBolivarDecimal("12.5")).toBeNull();
  });
});

describe("paymentDateProblem", () => {
  // 2026-11-21 02:00 UTC is still 20 November in Caracas (UTC−4).
  const now = new Date("2026-11-21T02:00:00Z");
  const bookingCreatedAt = new Date("2026-11-18T03:30:00Z"); // 17 November in Caracas

  it("accepts the days from the booking to today in Caracas", () => {
    expect(paymentDateProblem("2026-11-20", { now, bookingCreatedAt })).toBeNull();
    expect(paymentDateProblem("2026-11-17", { now, bookingCreatedAt })).toBeNull();
  });

  it("accepts today in UTC too, which is already tomorrow in Caracas from 20:00 there", () => {
    expect(paymentDateProblem("2026-11-21", { now, bookingCreatedAt })).toBeNull();
    const evening = new Date("2026-11-21T00:00:00Z"); // 20:00 on 20 November in Caracas
    expect(paymentDateProblem("2026-11-21", { now: evening, bookingCreatedAt })).toBeNull();
    const before = new Date("2026-11-20T23:59:59Z"); // 19:59 in Caracas, 20 November in UTC too
    expect(paymentDateProblem("2026-11-21", { now: before, bookingCreatedAt })).toBe("future");
  });

  it("refuses a future day, an earlier day and a non-date", () => {
    expect(paymentDateProblem("2026-11-22", { now, bookingCreatedAt })).toBe("future");
    expect(paymentDateProblem("2026-11-16", { now, bookingCreatedAt })).toBe("beforeBooking");
    expect(paymentDateProblem("2026-02-30", { now, bookingCreatedAt })).toBe("invalid");
    expect(paymentDateProblem("20/11/2026", { now, bookingCreatedAt })).toBe("invalid");
  });
});

describe("mobilePaymentSchema", () => {
  const form = (values: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries(values)) data.set(k, v);
    return parseWithZod(data, { schema: mobilePaymentSchema });
  };
  const errorsOf = (values: Record<string, string>) => {
    const result = form(values);
    return result.status === "error" ? result.error : null;
  };

  it("normalises a valid submission", () => {
    const result = form({ bank: "0134", phone: "+58 414 123 4567", reference: "001234", date: "2026-11-20" });
    expect(result.status).toBe("success");
    if (result.status === "success")
      expect(result.value).toEqual({ bank: "0134", phone: "04141234567", reference: "001234", date: "2026-11-20" });
  });

  it("reports each field with its message key", () => {
    expect(errorsOf({ bank: "x", phone: "0212123", reference: "12", date: "nope" })).toEqual({
      bank: ["mobilePayment:errors.bank"],
      phone: ["validation.invalidPhone"],
      reference: ["mobilePayment:errors.reference"],
      date: ["mobilePayment:errors.date"],
    });
  });

  it("reports empty fields as required", () => {
    expect(errorsOf({})).toEqual({
      bank: ["validation.required"],
      phone: ["validation.required"],
      reference: ["validation.required"],
      date: ["validation.required"],
    });
  });
});
