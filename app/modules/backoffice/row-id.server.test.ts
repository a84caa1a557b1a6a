import { describe, expect, it } from "vitest";
import { rowIdParam } from "./row-id.server";

describe("rowIdParam", () => {
  it("reads a positive integer an integer column can hold", () => {
    expect(rowIdParam("1")).toBe(1);
    expect(rowIdParam("2147483647")).toBe(2_147_483_647);
  });

  it("names nothing for anything else", () => {
    for (const raw of [undefined, "", "0", "-1", "1.5", "1e3", " 1", "abc", "2147483648", "99999999999"])
      expect(rowIdParam(raw), String(raw)).toBeNull();
  });
});
