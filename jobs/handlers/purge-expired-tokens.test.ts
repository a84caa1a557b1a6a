import { describe, expect, it } from "vitest";
import { purgeCutoff, TOKEN_RETENTION_MS } from "./purge-expired-tokens";

describe("purgeCutoff", () => {
  it("keeps a week of expired tokens", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(now.getTime() - purgeCutoff(now).getTime()).toBe(TOKEN_RETENTION_MS);
    expect(TOKEN_RETENTION_MS).toBe(7 * 24 * 3600_000);
  });
});
