import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The text a reader would copy out of a PDF, every page, runs joined by single spaces: what
 * receipt tests assert on (a glyph the embedded font lacks would not come back as its letter).
 */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.destroy();
  return pages.join(" ").replace(/\s+/g, " ");
}
