/*
 * The driver's drawn signature (docs/domain.md#pick-up): with JavaScript the pick-up form sends
 * the signature pad's drawing as a PNG data URL in a hidden field. Pure and shared by the
 * browser and the server, so both refuse the same things: anything but a PNG, a PNG over
 * SIGNATURE_MAX_BYTES, and one whose size is no signature box's. The server then decodes it
 * whole (signature.server.ts), which this header check cannot replace.
 */

/**
 * The largest signature kept: a drawn name is some 5 to 40 KB. 128 KB keeps the form (its
 * base64, percent-encoded) under the 256 KB a plain form post may send (docs/security.md#request-bodies).
 */
export const SIGNATURE_MAX_BYTES = 128 * 1024;
/** A signature box's pixels, either side: the pad is at least a phone's width and at most twice a wide page's. */
export const SIGNATURE_MIN_SIDE = 40;
export const SIGNATURE_MAX_SIDE = 2400;

export type SignatureRefusal = "signatureUnreadable" | "signatureTooBig";

const PREFIX = "data:image/png;base64,";
/** The 8 bytes every PNG starts with. */
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const uint32 = (bytes: Uint8Array, at: number) =>
  ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;

/**
 * The PNG a `data:image/png;base64,…` URL carries, checked by its content: the PNG signature,
 * then the IHDR chunk first (as the format requires) with a width and height a signature box
 * has. The size is judged from the text's length before anything is decoded.
 */
export function parseSignature(
  dataUrl: string,
): { ok: true; png: Uint8Array } | { ok: false; reason: SignatureRefusal } {
  if (!dataUrl.startsWith(PREFIX)) return { ok: false, reason: "signatureUnreadable" };
  const base64 = dataUrl.slice(PREFIX.length);
  if (Math.floor((base64.length * 3) / 4) - 2 > SIGNATURE_MAX_BYTES) return { ok: false, reason: "signatureTooBig" };
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0)
    return { ok: false, reason: "signatureUnreadable" };
  const binary = atob(base64);
  if (binary.length > SIGNATURE_MAX_BYTES) return { ok: false, reason: "signatureTooBig" };
  const png = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const header = png.length >= 24 && PNG_MAGIC.every((byte, i) => png[i] === byte);
  const ihdr = header && String.fromCharCode(...png.subarray(12, 16)) === "IHDR";
  if (!ihdr) return { ok: false, reason: "signatureUnreadable" };
  const sane = (side: number) => side >= SIGNATURE_MIN_SIDE && side <= SIGNATURE_MAX_SIDE;
  if (!sane(uint32(png, 16)) || !sane(uint32(png, 20))) return { ok: false, reason: "signatureUnreadable" };
  return { ok: true, png };
}
