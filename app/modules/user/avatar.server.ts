import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { getEnv } from "~/utils/env.server";
import { AVATAR_MAX_BYTES } from "./validation";

export { AVATAR_MAX_BYTES };

export const AVATAR_SIZE = 256;
const PUBLIC_PREFIX = "/uploads/avatars/";
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

function avatarDir() {
  return path.join(getEnv().DATA_DIR, "uploads", "avatars");
}

/** Stores the image under a fresh random name (so caches never show the old one) and returns its public path. */
export async function storeAvatar(userId: number, webp: Buffer): Promise<string> {
  const dir = avatarDir();
  await fs.mkdir(dir, { recursive: true });
  const name = `${userId}-${crypto.randomBytes(8).toString("hex")}.webp`;
  await fs.writeFile(path.join(dir, name), webp);
  return `${PUBLIC_PREFIX}${name}`;
}

/** Deletes a file stored by storeAvatar; any other path is left alone. */
export async function deleteAvatarFile(publicPath: string | null) {
  if (!publicPath?.startsWith(PUBLIC_PREFIX)) return;
  const name = publicPath.slice(PUBLIC_PREFIX.length);
  if (!/^\d+-[0-9a-f]{16}\.webp$/.test(name)) return;
  await fs.rm(path.join(avatarDir(), name), { force: true });
}
