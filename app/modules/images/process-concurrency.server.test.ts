import { afterEach, describe, expect, it, vi } from "vitest";

/*
 * docs/security.md#uploads: at most MAX_CONCURRENT_DECODES uploads are decoded at once in a
 * process, whatever arrives; the rest wait for a slot, and one that waits too long is "busy".
 * sharp is replaced by a fake whose decodes finish only when the test says, so what runs at the
 * same time can be counted.
 */
const decodes: Array<() => void> = [];
let running = 0;
let mostAtOnce = 0;

vi.mock("sharp", () => ({
  default: () => ({
    metadata: async () => ({ format: "jpeg", width: 7000, height: 5000 }),
    rotate() {
      return this;
    },
    resize() {
      return this;
    },
    webp() {
      return this;
    },
    toBuffer: () =>
      new Promise<Buffer>((resolve) => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        decodes.push(() => {
          running--;
          resolve(Buffer.from("webp"));
        });
      }),
  }),
}));

const { MAX_CONCURRENT_DECODES, processImage } = await import("./process.server");
const size = { width: 256, height: 256, fit: "cover" as const };
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  decodes.length = 0;
  running = 0;
  mostAtOnce = 0;
});

describe("image decodes are capped per process", () => {
  it("eight concurrent 35 MP uploads decode at most MAX_CONCURRENT_DECODES at a time, and all finish", async () => {
    const uploads = Array.from({ length: 8 }, () => processImage(new Uint8Array(10), size));
    for (let finished = 0; finished < 8; finished++) {
      await settle();
      expect(running).toBeLessThanOrEqual(MAX_CONCURRENT_DECODES);
      decodes.shift()!();
    }
    expect((await Promise.all(uploads)).every((result) => result.ok)).toBe(true);
    expect(mostAtOnce).toBe(MAX_CONCURRENT_DECODES);
  });

  it("an upload that cannot get a slot in time is refused as busy, and the slots stay usable", async () => {
    const holders = Array.from({ length: MAX_CONCURRENT_DECODES }, () => processImage(new Uint8Array(10), size));
    await settle();
    expect(await processImage(new Uint8Array(10), size, 20)).toEqual({ ok: false, reason: "busy" });
    for (const finish of decodes.splice(0)) finish();
    await Promise.all(holders);
    const after = processImage(new Uint8Array(10), size, 20);
    await settle();
    decodes.shift()!();
    expect((await after).ok).toBe(true);
  });
});
