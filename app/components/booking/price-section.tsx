import { PriceLines } from "~/components/price/price-lines";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

/** The price lines, then what is paid, the balance and any credit: for staff always, for the driver once something is paid. */
export function PriceSection({ booking, staff }: Pick<BookingPage, "booking" | "staff">) {
  const { t } = useTranslation("bookings");
  return (
    <section className="card" aria-labelledby="price-title">
      <h2 id="price-title">{t("detail.price")}</h2>
      {/* The checkout's, the email's and the receipt's lines (docs/domain.md#price-lines). */}
      <PriceLines
        breakdown={booking.breakdown}
        deposit={booking.deposit}
        totalTestId="booking-total"
        storedRate={booking.bolivarRate}
      />
      {booking.paidCents > 0 || staff ? (
        <table>
          <tbody>
            <tr>
              <th scope="row">{t("detail.paid")}</th>
              <td>{formatCents(booking.paidCents)}</td>
            </tr>
            <tr>
              <th scope="row">{t("detail.balance")}</th>
              <td>
                {booking.priceCents > booking.paidCents ? (
                  <strong>{formatCents(booking.priceCents - booking.paidCents)}</strong>
                ) : (
                  formatCents(0)
                )}
              </td>
            </tr>
            {booking.creditCents > 0 ? (
              <tr>
                <th scope="row">{t("detail.credit")}</th>
                <td>
                  <strong data-testid="booking-credit">{formatCents(booking.creditCents)}</strong>
                  <div className="muted">{t("detail.creditHelp")}</div>
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
