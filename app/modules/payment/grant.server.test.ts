import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/utils/env.server";
import { GRANT_DAYS, grantMatches, grantStatus, paymentGrant } from "./grant.server";

const DAY = 24 * 3600_000;

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

  it(`expires ${GRANT_DAYS} days after it was made; its expiry cannot be moved`, () => {
    const issued = new Date("2026-11-01T12:00:00Z");
    const grant = paymentGrant(41, issued);
    expect(grantStatus(41, grant, new Date(issued.getTime() + GRANT_DAYS * DAY - 1000))).toBe("valid");
    expect(grantStatus(41, grant, new Date(issued.getTime() + GRANT_DAYS * DAY))).toBe("expired");
    expect(grantStatus(42, grant, issued)).toBe("invalid");
    // A later expiry written into the grant breaks its MAC.
    const bytes = Buffer.from(grant, "base64url");
    bytes.writeUInt32BE(bytes.readUInt32BE(0) + 3600, 0);
    expect(grantStatus(41, bytes.toString("base64url"), issued)).toBe("invalid");
  });

  it("recognises a grant of the first version (no expiry) as expired, not as a guess", () => {
    const legacy = crypto
      .createHmac("sha256", getEnv().SESSION_SECRET)
      .update("payment-grant:41")
      .digest()
      .subarray(0, 18)
      .toString("base64url");
    expect(grantStatus(41, legacy)).toBe("expired");
    expect(grantStatus(42, legacy)).toBe("invalid");
  });
});
