import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";

type LapsingHold = { bookingId: number; reference: string; amountCents: number; heldUntil: string };

/**
 * The dashboard's warning of card deposit holds that lapse within a day (docs/domain.md#card-deposit-hold),
 * each linked to its booking; nothing when there is none.
 */
export function LapsingHolds({ holds, zone }: { holds: LapsingHold[]; zone: string }) {
  const { t } = useTranslation("adminDashboard");
  if (holds.length === 0) return null;
  return (
    <section className="card stack notice" role="alert" aria-labelledby="lapsing-holds-title">
      <h2 id="lapsing-holds-title">{t("dashboard.lapsingHolds.title")}</h2>
      <ul>
        {holds.map((h) => (
          <li key={h.bookingId}>
            <a href={`/booking?b=${h.bookingId}`}>{h.reference}</a>{" "}
            {t("dashboard.lapsingHolds.line", { amount: formatCents(h.amountCents), until: h.heldUntil, zone })}
          </li>
        ))}
      </ul>
    </section>
  );
}
