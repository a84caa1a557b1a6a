import { formatScore } from "~/modules/catalogue/supplier-score";
import { useTranslation } from "~/modules/i18n/react";
import type { Score } from "~/modules/review/review";

/** A supplier's score from its published reviews, or "new" below three (docs/domain.md#reviews). */
export function SupplierScore({ score }: { score: Score }) {
  const { t } = useTranslation("reviews");
  return (
    <p className="supplier-score">
      {score.average === null ? (
        t("score.new")
      ) : (
        <>
          <span aria-hidden="true">★ </span>
          {t("score.label", { average: formatScore(score.average), count: score.count })}
        </>
      )}
    </p>
  );
}
