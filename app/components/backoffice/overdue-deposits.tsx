import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";

type OverdueDeposit = {
  bookingId: number;
  reference: string;
  supplier: string;
  returnedAt: string;
  dueAt: string;
  heldCents: number;
};

/**
 * The dashboard's "deposits overdue to return" (docs/domain.md#deposit-ledger): deposits still held
 * past their supplier's days after the return, each linked to its booking, where staff refund it.
 */
export function OverdueDeposits({ deposits, zone }: { deposits: OverdueDeposit[]; zone: string }) {
  const { t } = useTranslation("adminDashboard");
  const { t: tb } = useTranslation("bookings");
  return (
    <section className="card stack" aria-labelledby="overdue-deposits-title">
      <h2 id="overdue-deposits-title">{t("dashboard.overdueDeposits.title")}</h2>
      <p className="muted">{t("dashboard.overdueDeposits.help")}</p>
      {deposits.length === 0 ? (
        <p>{t("dashboard.overdueDeposits.none")}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{t("dashboard.overdueDeposits.booking")}</th>
              <th scope="col">{t("dashboard.overdueDeposits.supplier")}</th>
              <th scope="col">{t("dashboard.overdueDeposits.returned")}</th>
              <th scope="col">{t("dashboard.overdueDeposits.due")}</th>
              <th scope="col">{t("dashboard.overdueDeposits.held")}</th>
            </tr>
          </thead>
          <tbody>
            {deposits.map((d) => (
              <tr key={d.bookingId}>
                <th scope="row">
                  <a href={`/booking?b=${d.bookingId}#deposit`}>{d.reference}</a>
                </th>
                <td>{d.supplier}</td>
                <td>
                  {d.returnedAt} ({tb("detail.timeZone", { zone })})
                </td>
                <td>{d.dueAt}</td>
                <td>{formatCents(d.heldCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
