import sharp from "sharp";
import { AVATAR_MAX_BYTES } from "./validation";

export { AVATAR_MAX_BYTES };

export const AVATAR_SIZE = 256;
/** Raster formats people upload as photos; anything else (SVG, PDF, text) is refused. */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Refuses decompression bombs: a few KB of PNG can claim billions of pixels. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Decodes an upload and re-encodes it as a square WebP: whatever the file carried
 * (metadata, scripts in a polyglot, extra frames) does not survive. Null when the bytes
 * are not an accepted image.
 */
export async function processAvatar(bytes: Uint8Array): Promise<Buffer | null> {
  if (bytes.byteLength === 0 || bytes.byteLength > AVATAR_MAX_BYTES) return null;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
    const { format } = await image.metadata();
    if (!format || !acceptedFormats.has(format)) return null;
    return await image.rotate().resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" }).webp({ quality: 82 }).toBuffer();
  } catch {
    return null;
  }
}
