import { useRootData } from "~/components/root-data";
import { useTranslation } from "~/modules/i18n/react";
import { formatBolivars } from "~/modules/i18n/format";
import type { ShownRate } from "~/modules/payment/config.server";
import { bolivarCentimos } from "~/modules/pricing/bolivars";

/**
 * The rate an estimate is shown at, when shown at all (the reader reads Spanish and the admin shows
 * estimates): today's, or the one a booking keeps (`stored`; null when it kept none), since a
 * booking's bolívares never follow a later rate (docs/domain.md#exchange-rate).
 */
function useEstimateRate(stored: ShownRate | null | undefined): ShownRate | null {
  const today = useRootData()?.bolivarEstimate;
  if (!today) return null;
  return stored === undefined ? today : stored;
}

/**
 * A dollar amount's bolívar equivalent, "≈ 3,456.78 Bs", shown beside a total when the reader
 * reads Spanish and the admin shows estimates (docs/domain.md#bolivar-estimates). What it is
 * (an estimate, at which rate, paid in dollars) is said once, by `BolivarNote` beside them.
 */
export function BolivarEstimate({ cents, stored }: { cents: number; stored?: ShownRate | null }) {
  const { t } = useTranslation("price");
  const estimate = useEstimateRate(stored);
  if (!estimate) return null;
  return (
    <small className="bolivar-estimate" data-testid="bolivar-estimate">
      {t("bolivarEstimate.amount", { amount: formatBolivars(bolivarCentimos(cents, estimate.rate)) })}
    </small>
  );
}

/**
 * The one line that says what the estimates beside it are: visible, since a phone never shows a
 * title, and read once rather than after every amount (docs/domain.md#bolivar-estimates).
 */
export function BolivarNote({ stored }: { stored?: ShownRate | null }) {
  const { t } = useTranslation("price");
  const estimate = useEstimateRate(stored);
  if (!estimate) return null;
  return (
    <p className="bolivar-note muted" data-testid="bolivar-note">
      {t("bolivarEstimate.note", { date: estimate.dateLabel, rate: estimate.rateLabel })}
    </p>
  );
}
