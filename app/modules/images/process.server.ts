import sharp from "sharp";

/** Raster formats people upload as photos; anything else (SVG, PDF, text) is refused. */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Refuses decompression bombs: a few KB of PNG can claim billions of pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Every upload (avatar, car picture, supplier logo): a 5 MB photo is plenty. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Why an upload was refused; each has its own message (docs/domain.md#images). */
export type ImageRefusal = "empty" | "tooLarge" | "notImage" | "tooManyPixels";
export type ProcessedImage = { ok: true; webp: Buffer; width: number; height: number } | { ok: false; reason: ImageRefusal };

/**
 * Decodes an upload by its content (never its name or declared type) and re-encodes it as a
 * WebP of exactly `width`×`height`: whatever the file carried (metadata, scripts in a polyglot,
 * extra frames) does not survive. `cover` crops to fill (photos), `contain` pads with white
 * (logos, whose edges must not be cut).
 */
export async function processImage(bytes: Uint8Array, size: { width: number; height: number; fit: "cover" | "contain" }): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) return { ok: false, reason: "empty" };
  if (bytes.byteLength > IMAGE_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  try {
    const image = sharp(bytes, { limitInputPixels: false, failOn: "error" });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (!format || !acceptedFormats.has(format)) return { ok: false, reason: "notImage" };
    if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: "tooManyPixels" };
    const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(size.width, size.height, { fit: size.fit, background: "#ffffff" })
      .webp({ quality: 82 })
      .toBuffer();
    return { ok: true, webp, width: size.width, height: size.height };
  } catch {
    return { ok: false, reason: "notImage" };
  }
}
