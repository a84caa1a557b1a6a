import sharp from "sharp";

/** Raster formats people upload as photos; anything else (SVG, PDF, text) is refused. */
const acceptedFormats = new Set(["jpeg", "png", "webp", "gif", "avif", "heif", "tiff"]);
/** Refuses decompression bombs: a few KB of PNG can claim billions of pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Every upload (avatar, car picture, supplier logo): a 5 MB photo is plenty. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/*
 * Decodes at once in this process (docs/security.md#uploads). A 40 MP picture is about 160 MB
 * once decoded (RGBA), so a handful of concurrent uploads could exhaust a small machine's
 * memory: beyond this many, an upload waits for a slot, and one that waits too long is refused
 * as "busy". Reading the header (format, dimensions) needs no slot.
 */
export const MAX_CONCURRENT_DECODES = 2;
export const DECODE_WAIT_MS = 20_000;

let decoding = 0;
const waiting: Array<() => void> = [];

/** A decode slot, or false when none frees up within `waitMs`. */
function acquireSlot(waitMs: number): Promise<boolean> {
  if (decoding < MAX_CONCURRENT_DECODES) {
    decoding++;
    return Promise.resolve(true);
  }
  return new Promise((resolve) => {
    // The releasing decode hands its slot over: `decoding` stays as it is.
    const grant = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      waiting.splice(waiting.indexOf(grant), 1);
      resolve(false);
    }, waitMs);
    waiting.push(grant);
  });
}

function releaseSlot() {
  const next = waiting.shift();
  if (next) next();
  else decoding--;
}

/** Why an upload was refused; each has its own message (docs/domain.md#images). */
export type ImageRefusal = "empty" | "tooLarge" | "notImage" | "tooManyPixels" | "busy";
export type ProcessedImage =
  { ok: true; webp: Buffer; width: number; height: number } | { ok: false; reason: ImageRefusal };

/**
 * Decodes an upload by its content (never its name or declared type) and re-encodes it as a
 * WebP of exactly `width`×`height`: whatever the file carried (metadata, scripts in a polyglot,
 * extra frames) does not survive. `cover` crops to fill (photos), `contain` pads with white
 * (logos, whose edges must not be cut).
 */
export async function processImage(
  bytes: Uint8Array,
  size: { width: number; height: number; fit: "cover" | "contain" },
  waitMs = DECODE_WAIT_MS,
): Promise<ProcessedImage> {
  if (bytes.byteLength === 0) return { ok: false, reason: "empty" };
  if (bytes.byteLength > IMAGE_MAX_BYTES) return { ok: false, reason: "tooLarge" };
  try {
    const image = sharp(bytes, { limitInputPixels: false, failOn: "error" });
    const { format, width = 0, height = 0 } = await image.metadata();
    if (!format || !acceptedFormats.has(format)) return { ok: false, reason: "notImage" };
    if (width * height > MAX_INPUT_PIXELS) return { ok: false, reason: "tooManyPixels" };
    if (!(await acquireSlot(waitMs))) return { ok: false, reason: "busy" };
    try {
      const webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize(size.width, size.height, { fit: size.fit, background: "#ffffff" })
        .webp({ quality: 82 })
        .toBuffer();
      return { ok: true, webp, width: size.width, height: size.height };
    } finally {
      releaseSlot();
    }
  } catch {
    return { ok: false, reason: "notImage" };
  }
}
