import { describe, expect, it } from "vitest";
import { consume, consumeAll, refund, reset, rules } from "./rate-limit.server";

const subject = () => `user-${Math.random().toString(36).slice(2)}@example.com`;

describe("rate limits (in memory, no REDIS_URL)", () => {
  it("allows exactly the limit's number of attempts for one subject and leaves others alone", async () => {
    const victim = subject();
    const other = subject();
    expect(rules["sign-in-email"].points).toBe(10);
    for (let i = 0; i < 10; i++) expect(await consume("sign-in-email", victim)).toBe(true);
    expect(await consume("sign-in-email", victim)).toBe(false);
    expect(await consume("sign-in-email", other)).toBe(true);
  });

  it("lets no more than the limit through a burst of parallel attempts", async () => {
    const victim = subject();
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => consume("sign-in-email", victim)));
    expect(verdicts.filter(Boolean)).toHaveLength(10);
  });

  it("counts an attempt against every limit at once and refuses when any is exceeded", async () => {
    const email = subject();
    const ip = `ip-${subject()}`;
    for (let i = 0; i < 5; i++)
      expect(
        await consumeAll([
          ["forgot-password", email],
          ["forgot-password-ip", ip],
        ]),
      ).toBe(true);
    expect(
      await consumeAll([
        ["forgot-password", email],
        ["forgot-password-ip", ip],
      ]),
    ).toBe(false);
    // Another address from the same client still passes until the client's own limit.
    for (let i = 0; i < 14; i++)
      expect(
        await consumeAll([
          ["forgot-password", subject()],
          ["forgot-password-ip", ip],
        ]),
      ).toBe(true);
    expect(
      await consumeAll([
        ["forgot-password", subject()],
        ["forgot-password-ip", ip],
      ]),
    ).toBe(false);
  });

  it("treats subjects case-insensitively, gives points back and forgets them on reset", async () => {
    const email = subject();
    for (let i = 0; i < 10; i++) await consume("sign-in-email", email);
    expect(await consume("sign-in-email", email.toUpperCase())).toBe(false);
    await reset("sign-in-email", email.toUpperCase());
    expect(await consume("sign-in-email", email)).toBe(true);
    const ip = subject();
    for (let i = 0; i < 100; i++) await consume("sign-in-ip", ip);
    await refund("sign-in-ip", ip);
    await refund("sign-in-ip", ip);
    expect(await consume("sign-in-ip", ip)).toBe(true);
  });

  it("keeps each limit's count apart", async () => {
    const email = subject();
    for (let i = 0; i < 5; i++) expect(await consume("forgot-password", email)).toBe(true);
    expect(await consume("forgot-password", email)).toBe(false);
    expect(await consume("resend-activation", email)).toBe(true);
  });
});
