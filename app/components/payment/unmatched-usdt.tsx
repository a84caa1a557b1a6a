import { Link } from "@remix-run/react";
import { useTranslation } from "~/modules/i18n/react";

export type UnmatchedUsdtRow = {
  paymentId: number;
  bookingId: number;
  reference: string;
  driver: string;
  expected: string;
  received: string;
  sender: string;
  txId: string;
  failure: string;
  at: string;
};

/**
 * The back office's list of USDT that reached our address but paid nothing (docs/domain.md#usdt):
 * who claimed it for which booking, who sent it, how much, and why it did not match. Staff refund
 * it or settle it with the payer; nothing here credits a booking.
 */
export function UnmatchedUsdt({ rows, zone }: { rows: UnmatchedUsdtRow[]; zone: string }) {
  const { t } = useTranslation("wallet");
  return (
    <>
      <h2 id="unmatched-usdt">{t("unmatched.title")}</h2>
      <p className="muted">{t("unmatched.help")}</p>
      {rows.length === 0 ? (
        <p className="empty-state">{t("unmatched.empty")}</p>
      ) : (
        <table className="bookings-table unmatched-usdt" aria-labelledby="unmatched-usdt">
          <thead>
            <tr>
              <th scope="col">{t("unmatched.booking")}</th>
              <th scope="col">{t("unmatched.driver")}</th>
              <th scope="col">{t("unmatched.received")}</th>
              <th scope="col">{t("unmatched.due")}</th>
              <th scope="col">{t("unmatched.transaction")}</th>
              <th scope="col">{t("unmatched.reason")}</th>
              <th scope="col">{t("unmatched.at", { zone })}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.paymentId}>
                <td>
                  <Link
                    to={`/booking?b=${row.bookingId}`}
                    aria-label={t("mobilePayment:queue.viewBooking", { reference: row.reference })}
                  >
                    {row.reference}
                  </Link>
                </td>
                <td>{row.driver}</td>
                <td>{row.received}</td>
                <td>{row.expected}</td>
                <td className="stack">
                  <code>{row.txId}</code>
                  <span className="muted">{t("unmatched.from", { sender: row.sender })}</span>
                </td>
                <td>{t(`reasons.${row.failure}`)}</td>
                <td>{row.at}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
