import { describe, expect, it } from "vitest";
import { generateReference, REFERENCE_ALPHABET, referencePattern } from "./reference";

describe("generateReference", () => {
  it("is RD- and six symbols of the alphabet", () => {
    for (let i = 0; i < 200; i++) expect(generateReference()).toMatch(referencePattern);
  });

  it("has 32 distinct symbols without look-alikes", () => {
    expect(new Set(REFERENCE_ALPHABET).size).toBe(32);
    for (const ambiguous of ["0", "O", "1", "I"]) expect(REFERENCE_ALPHABET).not.toContain(ambiguous);
  });

  it("fits the column and rarely repeats", () => {
    const drawn = new Set(Array.from({ length: 1000 }, generateReference));
    expect(drawn.size).toBeGreaterThan(995);
    expect(generateReference().length).toBeLessThanOrEqual(16);
  });
});
