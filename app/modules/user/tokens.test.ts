import { describe, expect, it } from "vitest";
import { looksLikeToken, tokenExpiresAt, tokenStatus } from "./tokens";

const now = new Date("2026-06-01T12:00:00Z");

describe("token lifetimes", () => {
  it("gives activation links a day and reset links an hour", () => {
    expect(tokenExpiresAt("activation", now).toISOString()).toBe("2026-06-02T12:00:00.000Z");
    expect(tokenExpiresAt("reset", now).toISOString()).toBe("2026-06-01T13:00:00.000Z");
  });
});

describe("tokenStatus", () => {
  const expiresAt = tokenExpiresAt("reset", now);
  it("is valid until the expiry instant, expired from it", () => {
    expect(tokenStatus({ expiresAt, usedAt: null }, new Date(expiresAt.getTime() - 1))).toBe("valid");
    expect(tokenStatus({ expiresAt, usedAt: null }, expiresAt)).toBe("expired");
  });
  it("reports a used token as used even before it expires", () => {
    expect(tokenStatus({ expiresAt, usedAt: now }, now)).toBe("used");
  });
});

describe("looksLikeToken", () => {
  it("accepts 43 base64url characters only", () => {
    expect(looksLikeToken("a".repeat(43))).toBe(true);
    expect(looksLikeToken("A-_".repeat(14) + "z")).toBe(true);
    expect(looksLikeToken("a".repeat(42))).toBe(false);
    expect(looksLikeToken("a".repeat(44))).toBe(false);
    expect(looksLikeToken("a".repeat(42) + "=")).toBe(false);
    expect(looksLikeToken(undefined)).toBe(false);
  });
});
