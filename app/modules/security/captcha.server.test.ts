import { describe, expect, it } from "vitest";
import { createCaptcha, verifyCaptcha } from "./captcha.server";

const secret = "test-secret-0123456789";
const now = 1_780_000_000_000;

describe("captcha", () => {
  const captcha = createCaptcha(secret, now, () => 0.5);

  it("asks a small sum and accepts its answer", () => {
    expect(captcha.question).toBe("5 + 5");
    expect(verifyCaptcha(secret, captcha.token, "10", now)).toBe(true);
    expect(verifyCaptcha(secret, captcha.token, " 10 ", now)).toBe(true);
  });

  it("refuses a wrong answer, another secret, a forged token or an expired one", () => {
    expect(verifyCaptcha(secret, captcha.token, "11", now)).toBe(false);
    expect(verifyCaptcha("another-secret-0123456789", captcha.token, "10", now)).toBe(false);
    expect(verifyCaptcha(secret, captcha.token.replace(/^5\.5/, "1.1"), "2", now)).toBe(false);
    expect(verifyCaptcha(secret, "garbage", "10", now)).toBe(false);
    expect(verifyCaptcha(secret, captcha.token, "10", now + 10 * 60 * 1000)).toBe(false);
    expect(verifyCaptcha(secret, undefined, "10", now)).toBe(false);
  });
});
