/*
 * QR codes drawn on the server, so a page shows one without script and an email carries it as
 * an image: the USDT deposit address, a booking's voucher (docs/domain.md#voucher). The library
 * is loaded with the first code, not at start (docs/operations.md#memory).
 */
const options = { margin: 1, errorCorrectionLevel: "M" } as const;

const qrcode = async () => (await import("qrcode")).default;

/** `text` as a QR code in an SVG document. */
export async function qrSvg(text: string): Promise<string> {
  return (await qrcode()).toString(text, { ...options, type: "svg" });
}

/** `text` as a QR code in a PNG image, `scale` pixels per module. */
export async function qrPng(text: string, scale = 6): Promise<Buffer> {
  return (await qrcode()).toBuffer(text, { ...options, type: "png", scale });
}
