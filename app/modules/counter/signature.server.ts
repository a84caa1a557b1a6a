import sharp from "sharp";
import { SIGNATURE_MAX_BYTES, SIGNATURE_MAX_SIDE } from "./signature";

/**
 * The drawn signature as it is kept (docs/domain.md#pick-up): the form's PNG decoded whole and
 * written anew, opaque on white, so only its pixels survive (no metadata or trailing bytes) and
 * the agreement's PDF writer is never handed a file that merely starts like a PNG. Null when it
 * does not decode, or comes out over the cap.
 */
export async function keptSignature(png: Uint8Array): Promise<Buffer | null> {
  try {
    const image = sharp(png, { failOn: "error", limitInputPixels: SIGNATURE_MAX_SIDE * SIGNATURE_MAX_SIDE });
    const { format } = await image.metadata();
    if (format !== "png") return null;
    const kept = await image.flatten({ background: "#ffffff" }).png({ compressionLevel: 9 }).toBuffer();
    return kept.byteLength <= SIGNATURE_MAX_BYTES ? kept : null;
  } catch {
    return null;
  }
}
