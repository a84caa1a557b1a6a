import { FinalBillTable } from "~/components/counter/final-bill-table";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

/** The car's hand-over, once recorded (docs/domain.md#pick-up). */
export function PickedUpNotice({ rental, pickup }: Pick<BookingPage, "rental" | "pickup">) {
  const { t } = useTranslation("bookings");
  if (!rental) return null;
  return (
    <p className="notice" role="status">
      {t("rental.pickedUp", {
        at: rental.pickedUpAt,
        zone: pickup.timeZone,
        km: formatNumber(rental.odometerKm),
        fuel: rental.fuelEighths,
      })}
    </p>
  );
}

/** The car back, its final bill and, once closed, the settlement (docs/domain.md#return, docs/domain.md#closing). */
export function ReturnSection({
  booking,
  returned,
  closed,
  dropoff,
  finalReceipt,
}: Pick<BookingPage, "booking" | "returned" | "closed" | "dropoff" | "finalReceipt">) {
  const { t } = useTranslation("bookings");
  if (!returned) return null;
  return (
    <section className="card stack" aria-labelledby="return-title">
      <h2 id="return-title">{t("rental.returnTitle")}</h2>
      <p>
        {t("rental.returned", {
          at: returned.at,
          zone: dropoff.timeZone,
          km: formatNumber(returned.odometerKm),
          fuel: returned.fuelEighths,
        })}
      </p>
      <FinalBillTable bill={returned.bill} caption={t("rental.finalBill")} />
      {finalReceipt ? (
        <p>
          <a href={`/booking/final-receipt?b=${booking.id}`} download>
            {t("rental.finalReceipt")}
          </a>
        </p>
      ) : null}
      {closed ? (
        <p className="notice" role="status">
          {[
            t("close.closed", { at: closed.at, zone: dropoff.timeZone }),
            closed.paidCents > 0 ? t("close.paid", { amount: formatCents(closed.paidCents) }) : null,
            closed.toRefundCents > 0 ? t("close.refundDue", { amount: formatCents(closed.toRefundCents) }) : null,
            closed.depositReturned ? t("close.depositBack") : null,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
      ) : null}
    </section>
  );
}
