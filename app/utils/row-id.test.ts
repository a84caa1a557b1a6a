import { describe, expect, it } from "vitest";
import { isRowId, ROW_ID_MAX, rowIdParam } from "./row-id";

describe("isRowId", () => {
  it("is a positive integer an integer column holds", () => {
    for (const id of [1, 42, ROW_ID_MAX]) expect(isRowId(id), String(id)).toBe(true);
    for (const id of [0, -1, 1.5, ROW_ID_MAX + 1, NaN, Infinity, "1", null])
      expect(isRowId(id), String(id)).toBe(false);
  });
});

describe("rowIdParam", () => {
  it("reads a plain positive id that fits the column", () => {
    expect(rowIdParam("1")).toBe(1);
    expect(rowIdParam("42")).toBe(42);
    expect(rowIdParam("2147483647")).toBe(ROW_ID_MAX);
  });

  it("names nothing for anything else", () => {
    for (const raw of [
      undefined,
      null,
      "",
      "0",
      "-1",
      "+1",
      "042",
      "1.5",
      "4.2",
      "1.0",
      "1e3",
      "0x10",
      " 1",
      "1 ",
      "abc",
      "2147483648",
      "99999999999",
    ])
      expect(rowIdParam(raw), String(raw)).toBeNull();
  });
});
