import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";
import { DriverRecordList } from "~/components/review/driver-record";

type Props = Pick<BookingPage, "booking" | "car" | "supplier" | "pickup" | "dropoff">;

/** The booking at a glance: status, car, supplier, places and times in each place's zone, payment. */
export function BookingSummary({ booking, car, supplier, pickup, dropoff }: Props) {
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation();
  return (
    <section className="card" aria-labelledby="summary-title">
      <h2 id="summary-title">{t("detail.summary")}</h2>
      <dl className="details">
        <dt>{t("columns.status")}</dt>
        <dd>
          {tc(`bookingStatus.${booking.status}`)}
          {booking.cancelRequest ? ` · ${t("detail.cancelRequested")}` : ""}
        </dd>
        <dt>{t("columns.car")}</dt>
        <dd>{car.name}</dd>
        <dt>{t("columns.supplier")}</dt>
        <dd>{supplier.name}</dd>
        <dt>{t("detail.pickup")}</dt>
        <dd>
          {pickup.name}, {pickup.address} — {booking.startsAt} ({t("detail.timeZone", { zone: pickup.timeZone })})
        </dd>
        <dt>{t("detail.dropoff")}</dt>
        <dd>
          {dropoff.name}, {dropoff.address} — {booking.endsAt} ({t("detail.timeZone", { zone: dropoff.timeZone })})
        </dd>
        <dt>{t("columns.days")}</dt>
        <dd>{booking.days}</dd>
        <dt>{t("detail.paymentMethod")}</dt>
        <dd>{t(`paymentMethods.${booking.paymentMethod}`)}</dd>
        <dt>{t("detail.paymentState")}</dt>
        <dd>{t(`paymentStates.${booking.status}`)}</dd>
      </dl>
    </section>
  );
}

/** The driver and the additional driver; their contact details only where bookingView allows them. */
export function DriversSection({
  booking,
  driver,
  driverRecord,
}: Pick<BookingPage, "booking" | "driver" | "driverRecord">) {
  const { t } = useTranslation("bookings");
  const extra = booking.additionalDriver;
  return (
    <section className="card" aria-labelledby="drivers-title">
      <h2 id="drivers-title">{t("detail.drivers")}</h2>
      <dl className="details">
        <dt>{t("columns.driver")}</dt>
        <dd>{[driver.fullName, driver.email, driver.phone].filter(Boolean).join(" · ")}</dd>
        <dt>{t("detail.additionalDriver")}</dt>
        <dd>
          {extra
            ? [extra.name, extra.email, extra.phone, extra.birthDate].filter(Boolean).join(" · ")
            : t("detail.none")}
        </dd>
      </dl>
      {driverRecord ? (
        <section className="stack" aria-labelledby="driver-record-title">
          <h3 id="driver-record-title">{t("reviews:record.title")}</h3>
          <DriverRecordList record={driverRecord} />
        </section>
      ) : null}
    </section>
  );
}
