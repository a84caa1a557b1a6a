import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";

export type PaymentSummaryData = {
  reference: string;
  carName: string;
  status: string;
  balanceCents: number;
  /** Whole minutes the car is still held for (a `void` booking), else null. */
  holdMinutesLeft: number | null;
};

/** What every payment page shows first: which booking, what is due, and how long the car is held. */
export function PaymentSummary({ data }: { data: PaymentSummaryData }) {
  const { t } = useTranslation("payment");
  return (
    <dl className="details card">
      <dt>{t("summary.reference")}</dt>
      <dd>{data.reference}</dd>
      <dt>{t("summary.car")}</dt>
      <dd>{data.carName}</dd>
      <dt>{t("summary.status")}</dt>
      <dd>{t(`common:bookingStatus.${data.status}`)}</dd>
      <dt>{t("summary.due")}</dt>
      <dd>
        <strong data-testid="amount-due">{formatCents(data.balanceCents)}</strong>
      </dd>
      {data.holdMinutesLeft !== null ? (
        <>
          <dt>{t("summary.hold")}</dt>
          <dd>{t("summary.holdLeft", { count: data.holdMinutesLeft })}</dd>
        </>
      ) : null}
    </dl>
  );
}
