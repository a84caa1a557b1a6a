import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { messages } from "~/modules/forms/messages";
import {
  cardFormSchema,
  cardMessages,
  demoDecision,
  isExpiryValid,
  isValidCardNumber,
  isValidSecurityCode,
  normalizeCardNumber,
  parseExpiry,
  passesLuhn,
} from "./card";

const now = new Date("2026-11-23T15:00:00Z");

function errorsOf(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return parseWithZod(data, { schema: cardFormSchema(now) }).reply().error ?? {};
}

describe("card number", () => {
  it("drops spaces and dashes", () => {
    expect(normalizeCardNumber(" 4242 4242-4242 4242 ")).toBe("4242424242424242");
  });

  it("accepts Luhn-valid numbers of 13 to 19 digits", () => {
    expect(isValidCardNumber("4242 4242 4242 4242")).toBe(true);
    expect(isValidCardNumber("4000-0000-0000-0002")).toBe(true);
    expect(isValidCardNumber("4222222222222")).toBe(true); // 13 digits
    expect(isValidCardNumber("378282246310005")).toBe(true); // 15 digits (Amex test)
    expect(isValidCardNumber("4242424242424242428")).toBe(true); // 19 digits
  });

  it("refuses a wrong check digit, wrong lengths and other characters", () => {
    expect(isValidCardNumber("4242 4242 4242 4241")).toBe(false);
    expect(isValidCardNumber("424242424242")).toBe(false); // 12 digits
    expect(isValidCardNumber("42424242424242424242")).toBe(false); // 20 digits
    expect(isValidCardNumber("4242.4242.4242.4242")).toBe(false);
    expect(isValidCardNumber("4242 4242 4242 424a")).toBe(false);
    expect(isValidCardNumber("")).toBe(false);
  });

  it("computes Luhn the standard way", () => {
    expect(passesLuhn("79927398713")).toBe(true);
    expect(passesLuhn("79927398710")).toBe(false);
  });
});

describe("expiry", () => {
  it("reads MM/YY, MM / YY and MMYY", () => {
    expect(parseExpiry("12/28")).toEqual({ month: 12, year: 2028 });
    expect(parseExpiry(" 03 / 27 ")).toEqual({ month: 3, year: 2027 });
    expect(parseExpiry("0130")).toEqual({ month: 1, year: 2030 });
  });

  it("refuses other shapes and months outside 1–12", () => {
    for (const bad of ["13/28", "00/28", "1/28", "12/2028", "12-28", "ab/cd", ""])
      expect(parseExpiry(bad), bad).toBeNull();
  });

  it("keeps a card valid through the end of its month", () => {
    expect(isExpiryValid("11/26", now)).toBe(true);
    expect(isExpiryValid("11/26", new Date("2026-11-30T23:59:59Z"))).toBe(true);
    expect(isExpiryValid("11/26", new Date("2026-12-01T00:00:00Z"))).toBe(false);
    expect(isExpiryValid("10/26", now)).toBe(false);
    expect(isExpiryValid("12/25", now)).toBe(false);
    expect(isExpiryValid("01/27", now)).toBe(true);
  });
});

describe("security code", () => {
  it("is 3 or 4 digits", () => {
    expect(isValidSecurityCode("123")).toBe(true);
    expect(isValidSecurityCode("1234")).toBe(true);
    expect(isValidSecurityCode("12")).toBe(false);
    expect(isValidSecurityCode("12345")).toBe(false);
    expect(isValidSecurityCode("12a")).toBe(false);
  });
});

describe("demo gateway decision", () => {
  it("approves 4242 4242 4242 4242 only", () => {
    expect(demoDecision("4242 4242 4242 4242")).toBe("approved");
    expect(demoDecision("4242-4242-4242-4242")).toBe("approved");
  });

  it("declines 4000 0000 0000 0002 and every other valid card", () => {
    expect(demoDecision("4000 0000 0000 0002")).toBe("declined");
    expect(demoDecision("5555 5555 5555 4444")).toBe("declined");
  });
});

describe("card form", () => {
  const valid = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", securityCode: "123" };

  it("accepts a valid card and hands on the bare digits", () => {
    const result = parseWithZod(
      Object.entries(valid).reduce((d, [k, v]) => (d.append(k, v), d), new FormData()),
      { schema: cardFormSchema(now) },
    );
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.cardNumber).toBe("4242424242424242");
  });

  it("names each wrong field with the spec's message", () => {
    expect(errorsOf({ ...valid, cardNumber: "4242 4242 4242 4241" })).toEqual({
      cardNumber: [cardMessages.numberInvalid],
    });
    expect(errorsOf({ ...valid, expiry: "10/26" })).toEqual({ expiry: [cardMessages.expiryInvalid] });
    expect(errorsOf({ ...valid, securityCode: "12" })).toEqual({ securityCode: [cardMessages.securityCodeInvalid] });
  });

  it("asks for empty fields", () => {
    expect(errorsOf({})).toEqual({
      cardNumber: [messages.required],
      expiry: [messages.required],
      securityCode: [messages.required],
    });
  });
});
