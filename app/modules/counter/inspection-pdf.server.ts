import { formatNumber } from "~/modules/i18n/format";
import { CONTENT_WIDTH, type pdfDocument } from "~/modules/payment/pdf.server";
import { outline, type DamageMark } from "./inspection";
import type { InspectionView } from "./inspection.server";

/*
 * One walk-around printed in a PDF (docs/domain.md#inspection): the rental agreement prints the
 * pick-up's, the final receipt the return's, the same way.
 */

type Pdf = Awaited<ReturnType<typeof pdfDocument>>;

/** The outline's drawn size on the page, in points. */
const OUTLINE_SIZE = 110;

/**
 * The number of photos, then the marks numbered beside the car outline with the tapped ones
 * drawn, or `labels.none` when nothing was marked. `t` reads the marks' areas and kinds.
 */
export function printInspection(
  { doc, left, row }: Pick<Pdf, "doc" | "left" | "row">,
  t: (key: string) => string,
  inspection: InspectionView,
  labels: { photos: string; damage: string; none: string },
) {
  row(labels.photos, formatNumber(inspection.photoIds.length));
  if (inspection.marks.length === 0) {
    row(labels.damage, labels.none);
    return;
  }
  // The drawing beside the list must not run off the page.
  if (doc.y + OUTLINE_SIZE > doc.page.maxY()) doc.addPage();
  const top = doc.y;
  inspection.marks.forEach((mark, index) =>
    doc.text(
      `${index + 1}. ${[
        t(`adminDashboard:inspection.areas.${mark.area}`),
        t(`adminDashboard:inspection.kinds.${mark.kind}`),
        mark.note,
      ]
        .filter(Boolean)
        .join(" — ")}`,
      left,
      doc.y,
      { width: CONTENT_WIDTH - OUTLINE_SIZE - 20 },
    ),
  );
  const listBottom = doc.y;
  drawOutline(doc, left + CONTENT_WIDTH - OUTLINE_SIZE, top, inspection.marks);
  doc.text("", left, Math.max(listBottom, top + OUTLINE_SIZE) + 3);
}

/** The car outline (inspection.ts's, scaled) with the tapped marks numbered as in the list beside it. */
function drawOutline(doc: Pdf["doc"], x: number, y: number, marks: DamageMark[]) {
  const scale = OUTLINE_SIZE / 1000;
  const at = (value: number) => value * scale;
  const { body, wheels } = outline;
  doc.save().lineWidth(0.8).strokeColor("#555555");
  doc.roundedRect(x + at(body.x), y + at(body.y), at(body.width), at(body.height), at(body.radius)).stroke();
  for (const wheel of wheels) doc.rect(x + at(wheel.x), y + at(wheel.y), at(wheel.width), at(wheel.height)).stroke();
  for (const line of [
    outline.windscreen.top,
    outline.windscreen.bottom,
    outline.rearWindow.top,
    outline.rearWindow.bottom,
  ])
    doc
      .moveTo(x + at(body.x), y + at(line))
      .lineTo(x + at(body.x + body.width), y + at(line))
      .stroke();
  marks.forEach((mark, index) => {
    if (mark.x === null || mark.y === null) return;
    const cx = x + at(mark.x);
    const cy = y + at(mark.y);
    doc.circle(cx, cy, 5).fillAndStroke("#c0392b", "#c0392b");
    doc
      .fillColor("#ffffff")
      .fontSize(6)
      .text(String(index + 1), cx - 5, cy - 3, { width: 10, align: "center", lineBreak: false });
  });
  doc.restore().fillColor("#000000").fontSize(10);
}
