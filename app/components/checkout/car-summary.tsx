import { useTranslation } from "~/modules/i18n/react";
import type { PlaceHoursNote } from "~/modules/catalogue/place-hours.server";

export type CheckoutSummaryData = {
  car: { name: string; image: string | null; supplierName: string; supplierLogo: string | null };
  pickupName: string;
  dropoffName: string;
  fromLabel: string;
  toLabel: string;
  days: number;
  searchHref: string;
  /** Each place's opening hours, worded by the server; null when it set none. */
  pickupHours: PlaceHoursNote | null;
  dropoffHours: PlaceHoursNote | null;
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
          <PlaceHours note={data.pickupHours} />
        </dd>
        <dt>{t("summary.dropoff")}</dt>
        <dd>
          {data.dropoffName} · {data.toLabel}
          <PlaceHours note={data.dropoffHours} />
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

/** A place's week, what a handover outside it costs (or that there is none) and its coming closed dates. */
function PlaceHours({ note }: { note: PlaceHoursNote | null }) {
  const { t } = useTranslation("booking");
  if (!note) return null;
  return (
    <small className="place-hours">
      {t("summary.hours", { hours: note.week })}. {note.outOfHours}
      {note.closedDates ? ` ${note.closedDates}` : null}
    </small>
  );
}
