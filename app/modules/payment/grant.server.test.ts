import { describe, expect, it } from "vitest";
import { grantMatches, paymentGrant } from "./grant.server";

describe("payment grant", () => {
  it("matches the booking it was made for, and no other", () => {
    const grant = paymentGrant(41);
    expect(grant).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(grantMatches(41, grant)).toBe(true);
    expect(grantMatches(42, grant)).toBe(false);
  });

  it("refuses missing, short, long and altered grants", () => {
    const grant = paymentGrant(41);
    expect(grantMatches(41, null)).toBe(false);
    expect(grantMatches(41, "")).toBe(false);
    expect(grantMatches(41, grant.slice(1))).toBe(false);
    expect(grantMatches(41, `${grant}A`)).toBe(false);
    const altered = (grant[0] === "A" ? "B" : "A") + grant.slice(1);
    expect(grantMatches(41, altered)).toBe(false);
  });
});
