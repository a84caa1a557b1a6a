import { describe, expect, it } from "vitest";
import { retryDelayMs, retryPolicy } from "./queues";

describe("retry schedule", () => {
  const HOUR = 3600_000;
  const delays = Array.from({ length: retryPolicy.attempts - 1 }, (_, i) => retryDelayMs(i + 1));

  it("keeps an email trying for more than six hours before giving up", () => {
    expect(delays.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThan(6 * HOUR);
  });

  it("doubles from two seconds and never waits more than the cap", () => {
    expect(delays.slice(0, 4)).toEqual([2000, 4000, 8000, 16_000]);
    for (const delay of delays) expect(delay).toBeLessThanOrEqual(retryPolicy.maxDelayMs);
    expect(retryPolicy.maxDelayMs).toBeLessThanOrEqual(30 * 60_000);
    expect(delays.at(-1)).toBe(retryPolicy.maxDelayMs);
  });

  it("follows a policy given to it", () => {
    const policy = { attempts: 5, firstDelayMs: 100, maxDelayMs: 250 };
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, policy))).toEqual([100, 200, 250, 250]);
  });
});
