import { Link } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

type Props = Pick<
  BookingPage,
  "booking" | "calendar" | "payHref" | "receipt" | "pickupHref" | "agreement" | "returnHref"
>;

/** The booking page's links, each shown by bookingView's rules: calendar, pay, receipt, the counter's pick-up, agreement, return. */
export function BookingLinks({ booking, calendar, payHref, receipt, pickupHref, agreement, returnHref }: Props) {
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation();
  const { t: tr } = useTranslation("receipt");
  return (
    <>
      {calendar ? (
        <p>
          <a href={`/booking/calendar?b=${booking.id}`} download>
            {t("detail.calendar")}
          </a>
        </p>
      ) : null}
      {payHref ? (
        <p>
          <Link className="button" to={payHref}>
            {tc("payment:success.payNow")}
          </Link>
        </p>
      ) : null}
      {receipt ? (
        <p>
          <a href={`/booking/receipt?b=${booking.id}`} download>
            {tr("download")}
          </a>
        </p>
      ) : null}
      {pickupHref ? (
        <p>
          <Link className="button" to={pickupHref}>
            {t("rental.pickUp")}
          </Link>
        </p>
      ) : null}
      {agreement ? (
        <p>
          <a href={`/booking/agreement?b=${booking.id}`} download>
            {t("rental.agreement")}
          </a>
        </p>
      ) : null}
      {returnHref ? (
        <p>
          <Link className="button" to={returnHref}>
            {t("rental.recordReturn")}
          </Link>
        </p>
      ) : null}
    </>
  );
}

/** The page's heading: the way back to the list, and for a grant's holder what activating the account gives. */
export function BookingHeading({ booking, backLink, granted }: Pick<BookingPage, "booking" | "backLink" | "granted">) {
  const { t } = useTranslation("bookings");
  return (
    <>
      {backLink ? (
        <p>
          <Link to="/bookings">{t("detail.back")}</Link>
        </p>
      ) : null}
      <h1>{t("detail.title", { reference: booking.reference })}</h1>
      {granted ? (
        <p className="notice" role="status">
          {t("detail.activateToManage")}
        </p>
      ) : null}
    </>
  );
}
