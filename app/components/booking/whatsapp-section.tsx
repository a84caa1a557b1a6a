import { useTranslation } from "~/modules/i18n/react";
import type { BookingPage } from "~/modules/counter/booking-page.server";

/** The driver's WhatsApp messages of this booking and how far each got, for staff (docs/domain.md#whatsapp). */
export function WhatsappSection({ whatsapp, historyZone }: Pick<BookingPage, "whatsapp" | "historyZone">) {
  const { t } = useTranslation("bookings");
  if (!whatsapp || whatsapp.length === 0) return null;
  return (
    <section className="card" aria-labelledby="whatsapp-title">
      <h2 id="whatsapp-title">{t("whatsapp.title")}</h2>
      <table className="history">
        <thead>
          <tr>
            <th scope="col">{t("whatsapp.message")}</th>
            <th scope="col">{t("whatsapp.to")}</th>
            <th scope="col">{t("whatsapp.status")}</th>
            <th scope="col">{t("history.when", { zone: historyZone })}</th>
          </tr>
        </thead>
        <tbody>
          {whatsapp.map((m) => (
            <tr key={m.id}>
              <td>{t(`whatsapp.templates.${m.template}`, { defaultValue: m.template })}</td>
              <td>{m.toNumber}</td>
              <td>
                {t(`whatsapp.statuses.${m.status}`)}
                {m.errorCode === null ? null : ` (${m.errorCode})`}
              </td>
              <td>{m.at}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
