import { useTranslation } from "~/modules/i18n/react";

export type CheckoutSummaryData = {
  car: { name: string; image: string | null; supplierName: string; supplierLogo: string | null };
  pickupName: string;
  dropoffName: string;
  fromLabel: string;
  toLabel: string;
  days: number;
  searchHref: string;
  /** Each place's opening hours in a line worded by the server (place-hours.server.ts); null when it set none. */
  pickupHours: string | null;
  dropoffHours: string | null;
};

/** What is being rented: the car, its supplier, the places and the period. */
export function CarSummary({ data }: { data: CheckoutSummaryData }) {
  const { t } = useTranslation("booking");
  const { car } = data;
  return (
    <section className="card stack" aria-labelledby="checkout-car">
      {car.image ? <img src={car.image} alt="" width={300} height={200} decoding="async" /> : null}
      <h2 id="checkout-car">{car.name}</h2>
      <p className="car-card__supplier">
        {car.supplierLogo ? <img src={car.supplierLogo} alt="" width={60} height={30} /> : null}
        {car.supplierName}
      </p>
      <dl>
        <dt>{t("summary.pickup")}</dt>
        <dd>
          {data.pickupName} · {data.fromLabel}
          {data.pickupHours ? <small className="place-hours">{data.pickupHours}</small> : null}
        </dd>
        <dt>{t("summary.dropoff")}</dt>
        <dd>
          {data.dropoffName} · {data.toLabel}
          {data.dropoffHours ? <small className="place-hours">{data.dropoffHours}</small> : null}
        </dd>
        <dt>{t("summary.days")}</dt>
        <dd>{t("summary.dayCount", { count: data.days })}</dd>
      </dl>
      <p>
        <a href={data.searchHref}>{t("backToSearch")}</a>
      </p>
    </section>
  );
}
