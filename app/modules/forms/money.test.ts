import { describe, expect, it } from "vitest";
import { dollarsInput, parseDollars } from "./money";

describe("parseDollars", () => {
  it.each([
    ["45.50", 4550],
    ["45.5", 4550],
    ["45", 4500],
    ["0.05", 5],
    ["0", 0],
    [" 12.30 ", 1230],
    ["$45.50", 4550],
    ["$ 45", 4500],
    ["1,234.50", 123450],
    ["1,234,567", 123456700],
    ["0.29", 29],
    ["1.10", 110],
    // A decimal comma, as Venezuelan, French and Greek writers type it (docs/domain.md#typed-numbers).
    ["45,50", 4550],
    ["12,5", 1250],
    ["1,23", 123],
    ["1.234,50", 123450],
    ["1.234.567,5", 123456750],
    ["$12,50", 1250],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  it.each([
    "",
    " ",
    "abc",
    "-5",
    "45.505",
    "12,3456",
    "1.234",
    "1,234,5",
    "1.234.567",
    "1,234.567",
    "1,2,3",
    "1.234,567",
    "4 5",
    "1e3",
    "45.",
    ".5",
    "Infinity",
    "0x10",
    "99999999999999999999",
  ])("refuses %j", (input) => {
    expect(parseDollars(input)).toBeNull();
  });
});

describe("dollarsInput", () => {
  it.each([
    [4550, "45.50"],
    [4500, "45.00"],
    [5, "0.05"],
    [0, "0.00"],
    [123456, "1234.56"],
  ])("shows %i cents as %j, which reads back the same", (cents, text) => {
    expect(dollarsInput(cents)).toBe(text);
    expect(parseDollars(text)).toBe(cents);
  });
});
