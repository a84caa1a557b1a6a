import { formatNumber } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

/** The status changes with the car's pick-up, return, close and damage claim, in time order (docs/domain.md#booking-history). */
export function HistorySection({ history, historyZone }: Pick<BookingPage, "history" | "historyZone">) {
  const { t } = useTranslation("bookings");
  const { t: tc } = useTranslation();
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title">{t("history.title")}</h2>
      {history.length === 0 ? (
        <p className="muted">{t("history.empty")}</p>
      ) : (
        <table className="history">
          <thead>
            <tr>
              <th scope="col">{t("history.when", { zone: historyZone })}</th>
              <th scope="col">{t("history.who")}</th>
              <th scope="col">{t("history.from")}</th>
              <th scope="col">{t("history.to")}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((h) =>
              h.kind === "status" ? (
                <tr key={h.id}>
                  <td>{h.at}</td>
                  <td>{h.actor ?? t("history.system")}</td>
                  <td>{tc(`bookingStatus.${h.fromStatus}`)}</td>
                  <td>{tc(`bookingStatus.${h.toStatus}`)}</td>
                </tr>
              ) : (
                <tr key={h.kind}>
                  <td>{h.at}</td>
                  <td>{h.actor ?? t("history.system")}</td>
                  <td colSpan={2}>
                    {h.kind === "pickedUp" || h.kind === "returned"
                      ? t(`history.${h.kind}`, { km: formatNumber(h.odometerKm), fuel: h.fuelEighths })
                      : t(`history.${h.kind}`)}
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
