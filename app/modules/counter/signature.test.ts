import { describe, expect, it } from "vitest";
import { parseSignature, SIGNATURE_MAX_BYTES } from "./signature";

/** A PNG's first bytes: the signature, then an IHDR chunk of `width`×`height`, then `extra` zero bytes. */
function pngHead(width: number, height: number, extra = 0) {
  const bytes = new Uint8Array(33 + extra);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return bytes;
}
const dataUrl = (bytes: Uint8Array, type = "image/png") =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;

describe("the drawn signature", () => {
  it("takes a PNG of a signature box's size", () => {
    const parsed = parseSignature(dataUrl(pngHead(1000, 300)));
    expect(parsed.ok && parsed.png.byteLength).toBe(33);
  });

  it("refuses what is not a PNG, whatever it is called", () => {
    expect(parseSignature(dataUrl(pngHead(1000, 300), "image/jpeg"))).toEqual({
      ok: false,
      reason: "signatureUnreadable",
    });
    expect(parseSignature(dataUrl(new TextEncoder().encode("<svg onload=alert(1)>")))).toMatchObject({
      reason: "signatureUnreadable",
    });
    expect(parseSignature("data:image/png;base64,%%%")).toMatchObject({ reason: "signatureUnreadable" });
    expect(parseSignature("hello")).toMatchObject({ reason: "signatureUnreadable" });
  });

  it("refuses a picture no signature box has: a line, or a giant", () => {
    expect(parseSignature(dataUrl(pngHead(1000, 1)))).toMatchObject({ reason: "signatureUnreadable" });
    expect(parseSignature(dataUrl(pngHead(100_000, 300)))).toMatchObject({ reason: "signatureUnreadable" });
  });

  it(`refuses one over ${SIGNATURE_MAX_BYTES / 1024} KB, and takes one at the limit`, () => {
    expect(parseSignature(dataUrl(pngHead(1000, 300, SIGNATURE_MAX_BYTES - 33))).ok).toBe(true);
    expect(parseSignature(dataUrl(pngHead(1000, 300, SIGNATURE_MAX_BYTES - 32)))).toEqual({
      ok: false,
      reason: "signatureTooBig",
    });
  });
});
