import { describe, expect, it } from "vitest";
import { formatVenezuelanPhone, normalizeVenezuelanPhone, whatsappNumber } from "./phone";

describe("normalizeVenezuelanPhone", () => {
  it.each([
    ["04141234567", "04141234567"],
    ["0414-1234567", "04141234567"],
    ["0414 123 45 67", "04141234567"],
    ["+58 414 1234567", "04141234567"],
    ["+58-424-123-4567", "04241234567"],
    ["584161234567", "04161234567"],
    ["(0412) 1234567", "04121234567"],
    ["04221234567", "04221234567"],
    ["04261234567", "04261234567"],
  ])("%s → %s", (input, expected) => expect(normalizeVenezuelanPhone(input)).toBe(expected));

  it.each([
    "02121234567",
    "0415123456",
    "041412345678",
    "+1 414 1234567",
    "0414123456a",
    "",
    "4141234567",
    "+580414123456",
  ])("refuses %j", (input) => expect(normalizeVenezuelanPhone(input)).toBeNull());

  it("displays as 0414-1234567", () => expect(formatVenezuelanPhone("04141234567")).toBe("0414-1234567"));
});

describe("whatsappNumber", () => {
  it.each([
    ["0414-1234567", "+584141234567"],
    ["+58 424 123 4567", "+584241234567"],
    ["584161234567", "+584161234567"],
    ["+34 612 345 678", "+34612345678"],
    ["+1 (305) 555-0123", "+13055550123"],
  ])("%s → %s", (input, expected) => expect(whatsappNumber(input)).toBe(expected));

  it.each(["02121234567", "612345678", "+58 212 1234567", "+0123456789", "", "hola"])("refuses %j", (input) =>
    expect(whatsappNumber(input)).toBeNull(),
  );
});
