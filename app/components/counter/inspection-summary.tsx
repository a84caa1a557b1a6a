import { useTranslation } from "~/modules/i18n/react";
import type { DamageMark } from "~/modules/rental/inspection";

/**
 * The pick-up's walk-around on the booking page (docs/domain.md#inspection): the damage marks, and
 * the photos as thumbnails linking to each whole picture (served only to the booking's people).
 */
export function InspectionSummary({ inspection }: { inspection: { photoIds: number[]; marks: DamageMark[] } }) {
  const { t } = useTranslation("adminDashboard");
  return (
    <section className="card stack" aria-labelledby="inspection-title">
      <h2 id="inspection-title">{t("inspection.atPickup")}</h2>
      <h3>{t("inspection.damage")}</h3>
      {inspection.marks.length ? (
        <ol>
          {inspection.marks.map((mark, index) => (
            <li key={index}>
              {[t(`inspection.areas.${mark.area}`), t(`inspection.kinds.${mark.kind}`), mark.note]
                .filter(Boolean)
                .join(" — ")}
            </li>
          ))}
        </ol>
      ) : (
        <p>{t("inspection.noMarks")}</p>
      )}
      <h3>{t("inspection.photos")}</h3>
      {inspection.photoIds.length ? (
        <ul className="inspection__photos">
          {inspection.photoIds.map((id, index) => (
            <li key={id}>
              <a href={`/booking/photo?p=${id}`} target="_blank" rel="noreferrer">
                <img
                  src={`/booking/photo?p=${id}`}
                  alt={t("inspection.photoAlt", { number: index + 1 })}
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
      )}
    </section>
  );
}
