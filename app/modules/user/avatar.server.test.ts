import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { processImage } from "~/modules/images/process.server";
import { AVATAR_MAX_BYTES, AVATAR_SIZE, avatarShape } from "./avatar.server";

/** An upload as the avatar (null when refused), without the per-account limit the upload path adds. */
const processAvatar = async (bytes: Uint8Array) => {
  const result = await processImage(bytes, avatarShape);
  return result.ok ? result.webp : null;
};

async function picture(width: number, height: number, format: "png" | "jpeg" | "gif") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .toFormat(format)
    .toBuffer();
}

describe("processAvatar", () => {
  it.each(["png", "jpeg", "gif"] as const)("re-encodes a %s as a square WebP", async (format) => {
    const output = await processAvatar(await picture(800, 400, format));
    expect(output).not.toBeNull();
    const meta = await sharp(output!).metadata();
    expect(meta.format).toBe("webp");
    expect([meta.width, meta.height]).toEqual([AVATAR_SIZE, AVATAR_SIZE]);
  });

  it("gives the same bytes for the same upload, so a picture uploaded twice is stored once", async () => {
    const upload = await picture(500, 300, "png");
    const [first, second] = await Promise.all([processAvatar(upload), processAvatar(upload)]);
    expect(first).not.toBeNull();
    expect(second!.equals(first!)).toBe(true);
  });

  it("drops metadata the upload carried", async () => {
    const withExif = await sharp(await picture(300, 300, "jpeg"))
      .withExif({ IFD0: { Copyright: "secret owner", Artist: "Someone" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const output = await processAvatar(withExif);
    expect((await sharp(output!).metadata()).exif).toBeUndefined();
  });

  it("refuses what is not a raster image", async () => {
    expect(await processAvatar(new TextEncoder().encode("hello, I am a text file"))).toBeNull();
    expect(
      await processAvatar(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')),
    ).toBeNull();
    expect(await processAvatar(new Uint8Array())).toBeNull();
    const truncated = (await picture(400, 400, "png")).subarray(0, 200);
    expect(await processAvatar(truncated)).toBeNull();
  });

  it("refuses files over 5 MB", async () => {
    expect(await processAvatar(new Uint8Array(AVATAR_MAX_BYTES + 1))).toBeNull();
  });
});
