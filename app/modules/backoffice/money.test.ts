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
  ])("reads %j as %i cents", (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  it.each([
    "",
    " ",
    "abc",
    "-5",
    "45.505",
    "45,50",
    "1,23",
    "12,3456",
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
