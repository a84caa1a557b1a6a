import { useTranslation } from "~/modules/i18n/react";
import type { DriverRecord } from "~/modules/review/driver-record.server";
import { ratingAspects } from "~/modules/review/review";
import { StarsRead } from "./stars-field";

/** What suppliers said of the driver (docs/domain.md#reviews): staff's eyes only. */
export function DriverRecordList({ record }: { record: DriverRecord }) {
  const { t } = useTranslation("reviews");
  if (!record.averages) return <p className="muted">{t("record.none")}</p>;
  const { averages } = record;
  return (
    <>
      <p className="muted">{t("record.count", { count: record.count })}</p>
      <dl className="stars-list">
        {ratingAspects.map((aspect) => (
          <StarsRead key={aspect} label={t(`aspects.${aspect}`)} value={averages[aspect]} />
        ))}
      </dl>
    </>
  );
}
