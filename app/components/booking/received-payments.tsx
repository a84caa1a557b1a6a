import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";

export type ReceivedPaymentView = {
  id: number;
  method: string;
  reference: string | null;
  amountCents: number;
  bolivars: { amount: string; rate: string } | null;
  paidAt: string;
};

/**
 * The booking's succeeded payments as the receipt states them (docs/domain.md#payments): method,
 * the reference the payer knows (the bank reference as typed, never the internal key), the
 * amount and, for pago móvil, the bolívares paid at the stored rate.
 */
export function ReceivedPayments({ payments, zone }: { payments: ReceivedPaymentView[]; zone: string }) {
  const { t } = useTranslation("receipt");
  const { t: tb } = useTranslation("bookings");
  if (payments.length === 0) return null;
  return (
    <section className="card" aria-labelledby="payments-title">
      <h2 id="payments-title">{t("payments")}</h2>
      {payments.map((payment) => (
        <dl className="details" key={payment.id}>
          <dt>{tb("detail.paymentMethod")}</dt>
          <dd>{tb(`paymentMethods.${payment.method}`)}</dd>
          {payment.reference ? (
            <>
              <dt>{t("providerReference")}</dt>
              <dd>{payment.reference}</dd>
            </>
          ) : null}
          <dt>{t("amount")}</dt>
          <dd>{formatCents(payment.amountCents)}</dd>
          {payment.bolivars ? (
            <>
              <dt>{t("bolivars")}</dt>
              <dd>{t("bolivarsLine", payment.bolivars)}</dd>
            </>
          ) : null}
          <dt>{t("paidAt")}</dt>
          <dd>
            {payment.paidAt} ({tb("detail.timeZone", { zone })})
          </dd>
        </dl>
      ))}
    </section>
  );
}
