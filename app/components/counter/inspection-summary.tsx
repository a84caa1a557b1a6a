import { useTranslation } from "~/modules/i18n/react";
import type { DamageMark, InspectionPhase } from "~/modules/counter/inspection";

/** Damage marks as a numbered list ("Left side — Dent — Rear door"), or "No damage marked.". */
export function MarkList({ marks }: { marks: DamageMark[] }) {
  const { t } = useTranslation("adminDashboard");
  return marks.length ? (
    <ol>
      {marks.map((mark, index) => (
        <li key={index}>
          {[t(`inspection.areas.${mark.area}`), t(`inspection.kinds.${mark.kind}`), mark.note]
            .filter(Boolean)
            .join(" — ")}
        </li>
      ))}
    </ol>
  ) : (
    <p>{t("inspection.noMarks")}</p>
  );
}

/**
 * One walk-around on the booking page (docs/domain.md#inspection), the pick-up's (`out`) or the
 * return's (`in`): the damage marks, and the photos as thumbnails linking to each whole picture
 * (served only to the booking's people).
 */
export function InspectionSummary({
  phase,
  inspection,
}: {
  phase: InspectionPhase;
  inspection: { photoIds: number[]; marks: DamageMark[] };
}) {
  const { t } = useTranslation("adminDashboard");
  const titleId = `inspection-title-${phase}`;
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(phase === "out" ? "inspection.atPickup" : "inspection.atReturn")}</h2>
      <h3>{t(phase === "out" ? "inspection.damage" : "inspection.newDamage")}</h3>
      <MarkList marks={inspection.marks} />
      <h3>{t("inspection.photos")}</h3>
      <PhotoList phase={phase} photoIds={inspection.photoIds} />
    </section>
  );
}

/** An inspection's photos as thumbnails, each linking to the whole picture (served only to the booking's people). */
export function PhotoList({ phase, photoIds }: { phase: InspectionPhase; photoIds: number[] }) {
  const { t } = useTranslation("adminDashboard");
  return photoIds.length ? (
    <ul className="inspection__photos">
      {photoIds.map((id, index) => (
        <li key={id}>
          <a href={`/booking/photo?p=${id}`} target="_blank" rel="noreferrer">
            <img
              src={`/booking/photo?p=${id}`}
              alt={t(phase === "out" ? "inspection.photoAlt" : "inspection.photoAltReturn", { number: index + 1 })}
              width={160}
              height={120}
              loading="lazy"
            />
          </a>
        </li>
      ))}
    </ul>
  ) : (
    <p>{t("inspection.noPhotos")}</p>
  );
}
