import { describe, expect, it } from "vitest";
import { consume, isLimited, reset, rules } from "./rate-limit.server";

const subject = () => `user-${Math.random().toString(36).slice(2)}@example.com`;

describe("rate limits (in memory, no REDIS_URL)", () => {
  it("limits one email after 10 counted sign-in failures and leaves others alone", async () => {
    const victim = subject();
    const other = subject();
    expect(rules["sign-in-email"].points).toBe(10);
    for (let i = 0; i < 10; i++) {
      expect(await isLimited("sign-in-email", victim)).toBe(false);
      expect(await consume("sign-in-email", victim)).toBe(true);
    }
    expect(await isLimited("sign-in-email", victim)).toBe(true);
    expect(await consume("sign-in-email", victim)).toBe(false);
    expect(await isLimited("sign-in-email", other)).toBe(false);
  });

  it("treats subjects case-insensitively and forgets them on reset", async () => {
    const email = subject();
    for (let i = 0; i < 10; i++) await consume("sign-in-email", email);
    expect(await isLimited("sign-in-email", email.toUpperCase())).toBe(true);
    await reset("sign-in-email", email.toUpperCase());
    expect(await isLimited("sign-in-email", email)).toBe(false);
  });

  it("keeps each limit's count apart", async () => {
    const email = subject();
    for (let i = 0; i < 5; i++) expect(await consume("forgot-password", email)).toBe(true);
    expect(await consume("forgot-password", email)).toBe(false);
    expect(await isLimited("resend-activation", email)).toBe(false);
  });
});
