import { useRootData } from "~/components/root-data";
import { useTranslation } from "~/modules/i18n/react";
import { formatBolivars } from "~/modules/i18n/format";
import { bolivarCentimos } from "~/modules/pricing/bolivars";

/**
 * A dollar amount's bolívar equivalent, "≈ 3,456.78 Bs", shown beside a total when the reader
 * reads Spanish and the admin shows estimates (docs/domain.md#bolivar-estimates). An estimate
 * only: its title says at which rate, and that payment is in dollars.
 */
export function BolivarEstimate({ cents }: { cents: number }) {
  const { t } = useTranslation("price");
  const estimate = useRootData()?.bolivarEstimate;
  if (!estimate) return null;
  const title = t("bolivarEstimate.title", { date: estimate.dateLabel, rate: estimate.rateLabel });
  return (
    <small className="bolivar-estimate" title={title} data-testid="bolivar-estimate">
      {t("bolivarEstimate.amount", { amount: formatBolivars(bolivarCentimos(cents, estimate.rate)) })}
      <span className="visually-hidden"> ({title})</span>
    </small>
  );
}
