import type { BookingStatus } from "~/modules/booking/status";
import { useTranslation } from "~/modules/i18n/react";

/** A labelled select of booking statuses, each shown with its translated label; `anyLabel` adds an empty first choice. */
export function StatusSelect({
  id,
  label,
  statuses,
  defaultValue,
  anyLabel,
}: {
  id: string;
  label: string;
  statuses: readonly BookingStatus[];
  defaultValue?: string;
  anyLabel?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="status" defaultValue={defaultValue}>
        {anyLabel ? <option value="">{anyLabel}</option> : null}
        {statuses.map((status) => (
          <option key={status} value={status}>
            {t(`bookingStatus.${status}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
