import type { ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, startRedis, stopRedis } from "../redis-server";

/*
 * docs/security.md#rate-limits: with REDIS_URL a client's count is one for every web process. A
 * fresh process's first attempt was counted in its own memory (its Redis connection was still
 * opening), so each process lost one attempt of the client's count: the e2e burst of visitor
 * checkouts booked a 4th car on a server just started. The Redis is the test's own.
 */
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startRedis(port);
  url = `redis://127.0.0.1:${port}`;
});
afterEach(() => {
  vi.unstubAllEnvs();
});
afterAll(async () => {
  await stopRedis(server);
});

/** The rate-limit module as a web process that has just started loads it, with `redisUrl`. */
async function freshProcess(redisUrl: string) {
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("rueda.rate-limiters")];
  vi.stubEnv("REDIS_URL", redisUrl);
  return import("~/modules/security/rate-limit.server");
}

describe("rate limits shared through Redis", () => {
  it("count a fresh process's first attempts in Redis, so two processes together allow the limit, not more", async () => {
    const ip = `203.0.113.${Date.now() % 250}-${Math.random().toString(36).slice(2)}`;
    const first = await freshProcess(url);
    for (let i = 0; i < 3; i++)
      expect(await first.consume("forgot-password", ip), `first process, ${i + 1}`).toBe(true);
    const second = await freshProcess(url);
    expect(await second.consume("forgot-password", ip)).toBe(true);
    expect(await second.consume("forgot-password", ip)).toBe(true);
    // The 6th of a limit of 5, whichever process is asked.
    expect(await second.consume("forgot-password", ip)).toBe(false);
    const probe = new Redis(url);
    expect(await probe.get(`rl:forgot-password:${ip}`)).toBe("6");
    probe.disconnect();
  });

  it("do not hang on a Redis that does not answer: the process counts in memory meanwhile", async () => {
    const closed = await freePort();
    const fresh = await freshProcess(`redis://127.0.0.1:${closed}`);
    const started = Date.now();
    expect(await fresh.consume("forgot-password", "198.51.100.9")).toBe(true);
    // At most the first connection's wait (2 s), once: later counts do not wait again.
    expect(Date.now() - started).toBeLessThan(5_000);
    const next = Date.now();
    expect(await fresh.consume("forgot-password", "198.51.100.9")).toBe(true);
    expect(Date.now() - next).toBeLessThan(500);
  });
});
