import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { BarChart } from "~/components/backoffice/bar-chart";
import { requireBackOffice } from "~/modules/access/staff.server";
import { axisTicks, compactDollars, percent } from "~/modules/backoffice/dashboard";
import { dashboardFigures } from "~/modules/backoffice/dashboard.server";
import { monthLabel, parseMonth } from "~/modules/backoffice/month-grid";
import { formatCents, formatNumber } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { instantToLocal, wallClockLabel } from "~/modules/time/zoned-time";
import { LapsingHolds } from "~/components/backoffice/lapsing-holds";
import { OverdueDeposits } from "~/components/backoffice/overdue-deposits";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** The dashboard (docs/domain.md#dashboard): the caller's scope at a glance. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const figures = await dashboardFigures(user);
  const day = (instant: Date) => instantToLocal(instant, APP_TIME_ZONE).slice(0, 10);
  return json({
    title: `${context.t("adminDashboard:dashboard.title")} · Rueda`,
    admin: user.type === "admin",
    zone: APP_TIME_ZONE,
    statuses: figures.statuses,
    // Month names are written on the server, so the hydrated page shows the same words.
    revenue: figures.revenue.map((m) => ({ ...m, label: monthLabel(parseMonth(m.month)!, context.language, "short") })),
    occupancy: {
      ...figures.occupancy,
      from: day(figures.occupancy.from),
      to: day(new Date(figures.occupancy.to.getTime() - 1)),
    },
    awaitingPayments: figures.awaitingPayments,
    overdueDeposits: figures.overdueDeposits.map((d) => ({
      ...d,
      returnedAt: wallClockLabel(d.returnedAt, APP_TIME_ZONE),
      dueAt: wallClockLabel(d.dueAt, APP_TIME_ZONE),
    })),
    lapsingHolds: figures.lapsingHolds.map((h) => ({
      ...h,
      heldUntil: h.heldUntil ? wallClockLabel(h.heldUntil, APP_TIME_ZONE) : "",
    })),
  });
}

function Panel({ id, title, help, children }: { id: string; title: string; help?: string; children: ReactNode }) {
  return (
    <figure className="card dashboard__panel" aria-labelledby={`${id}-title`}>
      <figcaption>
        <h2 id={`${id}-title`}>{title}</h2>
        {help ? <p className="muted">{help}</p> : null}
      </figcaption>
      {children}
    </figure>
  );
}

export default function DashboardPage() {
  const { t } = useTranslation("adminDashboard");
  const { t: tc } = useTranslation();
  const { admin, zone, statuses, revenue, occupancy, awaitingPayments, overdueDeposits, lapsingHolds } =
    useLoaderData<typeof loader>();
  const totalBookings = statuses.reduce((sum, s) => sum + s.count, 0);
  const totalRevenue = revenue.reduce((sum, m) => sum + m.cents, 0);
  const occupied = percent(occupancy.ratio);
  return (
    <section className="page stack dashboard">
      <h1>{t("dashboard.title")}</h1>
      <p className="muted">{admin ? t("dashboard.scopeAdmin") : t("dashboard.scopeStaff")}</p>

      <LapsingHolds holds={lapsingHolds} zone={zone} />
      <OverdueDeposits deposits={overdueDeposits} zone={zone} />
      <div className="dashboard__grid">
        <section className="card dashboard__panel dashboard__payments" aria-labelledby="payments-title">
          <h2 id="payments-title">{t("dashboard.payments.title")}</h2>
          <p className="dashboard__figure">{formatNumber(awaitingPayments)}</p>
          <p>
            {awaitingPayments > 0
              ? t("dashboard.payments.count", { count: awaitingPayments })
              : t("dashboard.payments.none")}
          </p>
          <p>
            <Link to="/admin/payments">{t("dashboard.payments.link")}</Link>
          </p>
        </section>

        <Panel
          id="occupancy"
          title={t("dashboard.occupancy.title")}
          help={t("dashboard.occupancy.help", { from: occupancy.from, to: occupancy.to, zone })}
        >
          <p className="dashboard__figure">{t("dashboard.occupancy.value", { percent: occupied })}</p>
          <p>
            {t("dashboard.occupancy.detail", {
              booked: formatNumber(occupancy.bookedCarDays),
              available: formatNumber(occupancy.availableCarDays),
              count: occupancy.carCount,
            })}
          </p>
          <BarChart
            id="occupancy"
            rows={[
              {
                key: "next30",
                label: t("dashboard.occupancy.row"),
                value: occupancy.ratio * 100,
                valueLabel: `${occupied} %`,
                tone: "paid",
              },
            ]}
            ticks={[0, 25, 50, 75, 100]}
            tickLabel={(n) => `${n} %`}
            categoryLabel={t("dashboard.occupancy.category")}
            axisLabel={t("dashboard.occupancy.axis")}
            valueHeader={t("dashboard.occupancy.axis")}
            tableCaption={t("dashboard.chartTable", { title: t("dashboard.occupancy.title") })}
          />
        </Panel>

        <Panel
          id="statuses"
          title={t("dashboard.status.title")}
          help={t("dashboard.status.summary", { count: totalBookings })}
        >
          <BarChart
            id="statuses"
            rows={statuses.map((s) => ({
              key: s.status,
              label: tc(`bookingStatus.${s.status}`),
              value: s.count,
              valueLabel: formatNumber(s.count),
              tone: s.status,
            }))}
            ticks={axisTicks(Math.max(...statuses.map((s) => s.count)))}
            tickLabel={formatNumber}
            categoryLabel={t("dashboard.status.category")}
            axisLabel={t("dashboard.status.axis")}
            valueHeader={t("dashboard.status.axis")}
            tableCaption={t("dashboard.chartTable", { title: t("dashboard.status.title") })}
          />
        </Panel>

        <Panel
          id="revenue"
          title={t("dashboard.revenue.title")}
          help={`${t("dashboard.revenue.help", { zone })} ${t("dashboard.revenue.summary", { total: formatCents(totalRevenue) })}`}
        >
          <BarChart
            id="revenue"
            rows={revenue.map((m) => ({
              key: m.month,
              label: m.label,
              value: m.cents,
              valueLabel: formatCents(m.cents),
            }))}
            ticks={axisTicks(Math.max(...revenue.map((m) => m.cents)), { minStep: 100 })}
            tickLabel={compactDollars}
            categoryLabel={t("dashboard.revenue.category")}
            axisLabel={t("dashboard.revenue.axis")}
            valueHeader={t("dashboard.revenue.axis")}
            tableCaption={t("dashboard.chartTable", { title: t("dashboard.revenue.title") })}
          />
        </Panel>
      </div>
    </section>
  );
}
