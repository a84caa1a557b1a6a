import { processImage } from "~/modules/images/process.server";
import { AVATAR_MAX_BYTES } from "./validation";

export { AVATAR_MAX_BYTES };

export const AVATAR_SIZE = 256;

/** An upload as a square WebP avatar (see processImage), or null when it is not an accepted image. */
export async function processAvatar(bytes: Uint8Array): Promise<Buffer | null> {
  const result = await processImage(bytes, { width: AVATAR_SIZE, height: AVATAR_SIZE, fit: "cover" });
  return result.ok ? result.webp : null;
}
