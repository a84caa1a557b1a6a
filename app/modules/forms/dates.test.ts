import { describe, expect, it } from "vitest";
import { dayField, planDayField } from "./dates";
import { messages } from "./messages";

const issues = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe("dayField", () => {
  const field = dayField("field.invalid");
  it("takes a real day from 1900 to 2100, trimmed", () => {
    expect(field.parse(" 1990-05-01 ")).toBe("1990-05-01");
  });
  it("gives the field's own message for anything else", () => {
    for (const value of ["1899-12-31", "2101-01-01", "9999-12-31", "2026-02-30", "x"])
      expect(issues(field.safeParse(value)), value).toEqual(["field.invalid"]);
    expect(issues(field.safeParse(undefined))).toEqual([messages.required]);
  });
});

describe("planDayField", () => {
  const field = planDayField("field.invalid", "2026-12-04");
  it("takes a day up to three years ahead", () => {
    expect(field.parse("2029-12-04")).toBe("2029-12-04");
  });
  it("says a later day is too far, one message", () => {
    for (const value of ["2029-12-05", "9999-12-31"])
      expect(issues(field.safeParse(value)), value).toEqual([messages.dateTooFar]);
  });
  it("gives the field's message for a day that is none, or before 2000", () => {
    for (const value of ["2026-02-30", "1999-12-31"])
      expect(issues(field.safeParse(value)), value).toEqual(["field.invalid"]);
  });
});
