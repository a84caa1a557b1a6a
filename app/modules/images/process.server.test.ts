import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MAX_BYTES, processImage } from "./process.server";

const car = { width: 300, height: 200, fit: "cover" } as const;
const logo = { width: 60, height: 30, fit: "contain" } as const;

async function picture(width: number, height: number, format: "png" | "jpeg" = "png") {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 110, b: 80 } } })
    .toFormat(format)
    .toBuffer();
}

describe("processImage", () => {
  it.each([
    ["a car picture", car, 1200, 900],
    ["a supplier logo", logo, 500, 500],
  ] as const)("re-encodes %s to its exact size as WebP", async (_, size, width, height) => {
    const result = await processImage(await picture(width, height, "jpeg"), size);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const meta = await sharp(result.webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", size.width, size.height]);
  });

  it("names why an upload is refused", async () => {
    expect(await processImage(new Uint8Array(), car)).toEqual({ ok: false, reason: "empty" });
    expect(await processImage(new Uint8Array(IMAGE_MAX_BYTES + 1), car)).toEqual({ ok: false, reason: "tooLarge" });
    expect(await processImage(new TextEncoder().encode("%PDF-1.7 not a picture"), car)).toEqual({
      ok: false,
      reason: "notImage",
    });
    expect(
      await processImage(
        new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
        car,
      ),
    ).toEqual({
      ok: false,
      reason: "notImage",
    });
    expect(await processImage((await picture(400, 400)).subarray(0, 200), car)).toEqual({
      ok: false,
      reason: "notImage",
    });
  });

  it("refuses a small file that claims a huge picture before decoding it", async () => {
    // 10,000 × 10,000 of one colour compresses to a few hundred KB of PNG: 100 megapixels.
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: "#000000" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(IMAGE_MAX_BYTES);
    expect(await processImage(bomb, car)).toEqual({ ok: false, reason: "tooManyPixels" });
  });
});
