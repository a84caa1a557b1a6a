import fs from "node:fs";
import { createRequire } from "node:module";
import type { Language } from "~/modules/i18n/languages";

/*
 * The house PDF (A4) the receipt and the rental agreement share: fonts, page and layout helpers
 * (docs/domain.md#payments, docs/domain.md#rental-agreement).
 */

const require = createRequire(import.meta.url);
/*
 * DejaVu Sans (an npm package, embedded as a subset): the PDF standard fonts cover
 * Latin-1 only, so Greek would come out as garbage; DejaVu has Latin, its accents and Greek.
 * Read once: every document embeds from the same bytes.
 */
const fontFile = (name: string) => fs.readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const loadFonts = () => (fonts ??= { regular: fontFile("DejaVuSans.ttf"), bold: fontFile("DejaVuSans-Bold.ttf") });

export const PAGE = { margin: 50, width: 595.28 };
const LABEL_WIDTH = 165;
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;

type Font = "regular" | "bold";

/** A new A4 document in `language` with the house fonts and its layout helpers; `finish` ends it and gives its bytes. */
export async function pdfDocument(language: Language, info: { Title: string; CreationDate: Date }) {
  // Loaded with the first document, not at start (docs/operations.md#memory).
  const { default: PDFDocument } = await import("pdfkit");
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({ size: "A4", margin: PAGE.margin, lang: language, info: { ...info, Author: "Rueda" } });
  doc.registerFont("regular", regular);
  doc.registerFont("bold", bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  const heading = (text: string) => {
    doc.moveDown(1).font("bold").fontSize(13).text(text, left, doc.y, { width: CONTENT_WIDTH });
    doc.moveDown(0.3).font("regular").fontSize(10);
  };
  /** A label and its value side by side; the next row starts below the taller of the two. */
  const row = (label: string, value: string, valueFont: Font = "regular") => {
    const top = doc.y;
    doc.font("regular").text(label, left, top, { width: LABEL_WIDTH - 10 });
    const labelBottom = doc.y;
    doc.font(valueFont).text(value, left + LABEL_WIDTH, top, { width: CONTENT_WIDTH - LABEL_WIDTH });
    doc.font("regular").text("", left, Math.max(labelBottom, doc.y) + 3);
  };
  /** A priced line: description on the left, amount right-aligned. */
  const amountWidth = 120;
  const line = (label: string, amount: string, font: Font = "regular") => {
    const top = doc.y;
    doc.font(font).text(label, left, top, { width: CONTENT_WIDTH - amountWidth - 10 });
    const labelBottom = doc.y;
    doc.text(amount, left + CONTENT_WIDTH - amountWidth, top, { width: amountWidth, align: "right" });
    doc.font("regular").text("", left, Math.max(labelBottom, doc.y) + 3);
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + CONTENT_WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
    doc.text("", left, doc.y + 4);
  };
  const finish = () => {
    doc.end();
    return finished;
  };
  return { doc, left, heading, row, line, rule, finish };
}
