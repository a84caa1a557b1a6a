import QRCode from "qrcode";

/*
 * QR codes drawn on the server, so a page shows one without script and an email carries it as
 * an image: the USDT deposit address, a booking's voucher (docs/domain.md#voucher).
 */
const options = { margin: 1, errorCorrectionLevel: "M" } as const;

/** `text` as a QR code in an SVG document. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...options, type: "svg" });
}

/** `text` as a QR code in a PNG image, `scale` pixels per module. */
export function qrPng(text: string, scale = 6): Promise<Buffer> {
  return QRCode.toBuffer(text, { ...options, type: "png", scale });
}
