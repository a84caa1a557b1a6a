import { rowIdParam } from "~/utils/row-id";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalogue/pagination";
import { requireBackOffice } from "~/modules/access/staff.server";
import { fleetCalendar } from "~/modules/backoffice/calendar.server";
import { holdingStatuses } from "~/modules/backoffice/dashboard";
import {
  laneCells,
  monthKey,
  monthLabel,
  monthOf,
  parseMonth,
  shiftMonth,
  weekdayLabel,
} from "~/modules/backoffice/month-grid";
import { supplierChoices } from "~/modules/booking/list-bookings.server";
import { instantToLocal, wallClockLabel } from "~/modules/time/zoned-time";
import { useTranslation } from "~/modules/i18n/react";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { privatePageMeta } from "~/modules/http/meta";
import { SupplierSelect } from "~/components/backoffice/supplier-select";

export const meta = privatePageMeta;

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The fleet calendar (docs/domain.md#fleet-calendar): `?month=YYYY-MM` (this month when absent or malformed), `supplier` for admins, `page` of cars. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const params = new URL(request.url).searchParams;
  const now = new Date();
  const month = parseMonth(params.get("month")) ?? monthOf(now, APP_TIME_ZONE);
  const supplierId = user.type === "admin" ? rowIdParam(params.get("supplier")) : null;
  const page = positive(params.get("page")) ?? 1;
  const calendar = await fleetCalendar(user, { month, supplierId, page });
  const wallClock = (instant: Date) => wallClockLabel(instant, calendar.zone);
  return json({
    title: `${context.t("adminDashboard:calendar.title")} · Rueda`,
    month: monthKey(month),
    // Words from Intl are written on the server, so the hydrated page shows the same ones.
    monthName: monthLabel(month, context.language),
    previous: monthKey(shiftMonth(month, -1)),
    next: monthKey(shiftMonth(month, 1)),
    today: instantToLocal(now, calendar.zone).slice(0, 10),
    zone: calendar.zone,
    days: calendar.days.map((d) => ({ ...d, weekdayName: weekdayLabel(d.weekday, context.language) })),
    cars: calendar.cars.map((car) => ({
      ...car,
      lanes: car.lanes.map((lane) =>
        lane.map(({ startsAt, endsAt, ...bar }) => ({ ...bar, from: wallClock(startsAt), to: wallClock(endsAt) })),
      ),
      blockLanes: car.blockLanes.map((lane) =>
        lane.map(({ startsAt, endsAt, ...bar }) => ({ ...bar, from: wallClock(startsAt), to: wallClock(endsAt) })),
      ),
    })),
    total: calendar.total,
    page,
    pages: calendar.pages,
    supplierId,
    suppliers: await supplierChoices(user),
  });
}

type Query = { month: string; supplierId: number | null };

function calendarHref(query: Query, page = 1) {
  const params = new URLSearchParams({ month: query.month });
  if (query.supplierId) params.set("supplier", String(query.supplierId));
  if (page > 1) params.set("page", String(page));
  return `/admin/calendar?${params}`;
}

export default function FleetCalendarPage() {
  const { t } = useTranslation("adminDashboard");
  const { t: tc } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const { month, monthName, previous, next, today, zone, days, cars, total, page, pages, supplierId, suppliers } = data;
  const weekend = (weekday: number) => weekday === 0 || weekday === 6;
  const describeBar = (bar: (typeof cars)[number]["lanes"][number][number]) =>
    t("calendar.bar", {
      reference: bar.reference,
      status: tc(`bookingStatus.${bar.status}`),
      driver: bar.driver,
      from: bar.from,
      to: bar.to,
    });
  const describeBlock = (bar: (typeof cars)[number]["blockLanes"][number][number]) =>
    t("adminCars:blocks.calendarBar", {
      reason: t(`adminCars:blocks.reasons.${bar.reason}`),
      from: bar.from,
      to: bar.to,
    });
  return (
    <section className="page stack fleet-calendar">
      <h1>{t("calendar.title")}</h1>
      <p className="muted">{t("calendar.help", { zone })}</p>

      <Form method="get" className="fleet-calendar__filters">
        <div className="field">
          <label htmlFor="calendar-month">{t("calendar.month")}</label>
          <input
            id="calendar-month"
            type="month"
            name="month"
            defaultValue={month}
            min="2000-01"
            max="2100-12"
            required
          />
        </div>
        {suppliers.length > 0 ? (
          <SupplierSelect
            id="calendar-supplier"
            label={t("calendar.supplier")}
            anyLabel={t("calendar.anySupplier")}
            value={supplierId}
            suppliers={suppliers}
          />
        ) : null}
        <button type="submit" className="button">
          {t("calendar.show")}
        </button>
      </Form>

      <nav className="fleet-calendar__months" aria-label={t("calendar.months")}>
        <Link to={calendarHref({ month: previous, supplierId })} rel="prev">
          ← {t("calendar.previous")}
        </Link>
        <h2>{monthName}</h2>
        <Link to={calendarHref({ month: next, supplierId })} rel="next">
          {t("calendar.next")} →
        </Link>
      </nav>

      <ul className="fleet-calendar__legend" aria-label={t("calendar.legend")}>
        {holdingStatuses.map((status) => (
          <li key={status}>
            <span className={`swatch tone-${status}`} aria-hidden="true" /> {tc(`bookingStatus.${status}`)}
          </li>
        ))}
        <li>
          <span className="swatch tone-block" aria-hidden="true" /> {t("adminCars:blocks.outOfService")}
        </li>
      </ul>

      {cars.length === 0 ? (
        <p className="empty">{t("calendar.empty")}</p>
      ) : (
        <>
          <p className="muted">{t("calendar.cars", { count: total })}</p>
          {/* Scrolls sideways on a phone, the car column staying in view; focusable so a keyboard can scroll it. */}
          <div className="fleet-calendar__scroll" role="region" aria-labelledby="calendar-caption" tabIndex={0}>
            <table className="fleet-calendar__table" style={{ width: `calc(9.5rem + ${days.length} * 2.6rem)` }}>
              <caption id="calendar-caption" className="visually-hidden">
                {t("calendar.caption", { month: monthName })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="fleet-calendar__car">
                    {t("calendar.car")}
                  </th>
                  {days.map((d) => (
                    <th
                      scope="col"
                      key={d.day}
                      className={
                        [weekend(d.weekday) ? "is-weekend" : "", d.date === today ? "is-today" : ""].join(" ").trim() ||
                        undefined
                      }
                    >
                      <abbr title={d.date}>
                        <span className="fleet-calendar__weekday">{d.weekdayName}</span> {d.day}
                      </abbr>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {cars.map((car) => {
                  const rows = car.lanes.length + car.blockLanes.length;
                  const head = (
                    <th scope="row" rowSpan={rows} className="fleet-calendar__car">
                      <span className="fleet-calendar__car-name">{car.name}</span>
                      <span className="fleet-calendar__supplier">{car.supplier}</span>
                      {car.availability === "unavailable" ? (
                        <span className="badge">{t("calendar.unavailable")}</span>
                      ) : null}
                    </th>
                  );
                  const dayCell = (day: number) => (
                    <td key={`d${day}`} className={weekend(days[day - 1].weekday) ? "is-weekend" : undefined} />
                  );
                  return [
                    ...car.lanes.map((lane, laneIndex) => (
                      <tr key={`${car.id}-${laneIndex}`} className={laneIndex === 0 ? "is-first-lane" : undefined}>
                        {laneIndex === 0 ? head : null}
                        {laneCells(lane, days.length).map((cell) =>
                          cell.kind === "day" ? (
                            dayCell(cell.day)
                          ) : (
                            <td key={`b${cell.bar.id}`} colSpan={cell.span} className="fleet-calendar__cell">
                              <Link
                                to={`/booking?b=${cell.bar.id}`}
                                className={`fleet-calendar__bar tone-${cell.bar.status}${cell.bar.continuesBefore ? " continues-before" : ""}${cell.bar.continuesAfter ? " continues-after" : ""}`}
                                title={describeBar(cell.bar)}
                              >
                                <span className="visually-hidden">
                                  {describeBar(cell.bar)}
                                  {cell.bar.continuesBefore ? ` (${t("calendar.continuesBefore")})` : ""}
                                  {cell.bar.continuesAfter ? ` (${t("calendar.continuesAfter")})` : ""}
                                </span>
                                <span aria-hidden="true">
                                  {cell.bar.continuesBefore ? "◀ " : ""}
                                  {cell.bar.reference} · {tc(`bookingStatus.${cell.bar.status}`)}
                                  {cell.bar.continuesAfter ? " ▶" : ""}
                                </span>
                              </Link>
                            </td>
                          ),
                        )}
                      </tr>
                    )),
                    ...car.blockLanes.map((lane, laneIndex) => (
                      <tr
                        key={`${car.id}-block-${laneIndex}`}
                        className={car.lanes.length + laneIndex === 0 ? "is-first-lane" : undefined}
                      >
                        {car.lanes.length + laneIndex === 0 ? head : null}
                        {laneCells(lane, days.length).map((cell) =>
                          cell.kind === "day" ? (
                            dayCell(cell.day)
                          ) : (
                            <td key={`k${cell.bar.id}`} colSpan={cell.span} className="fleet-calendar__cell">
                              <Link
                                to={`/admin/cars/${car.id}#blocks`}
                                className={`fleet-calendar__bar tone-block${cell.bar.continuesBefore ? " continues-before" : ""}${cell.bar.continuesAfter ? " continues-after" : ""}`}
                                title={describeBlock(cell.bar)}
                              >
                                <span className="visually-hidden">{describeBlock(cell.bar)}</span>
                                <span aria-hidden="true">
                                  {cell.bar.continuesBefore ? "◀ " : ""}
                                  {t("adminCars:blocks.outOfService")} ·{" "}
                                  {t(`adminCars:blocks.reasons.${cell.bar.reason}`)}
                                  {cell.bar.continuesAfter ? " ▶" : ""}
                                </span>
                              </Link>
                            </td>
                          ),
                        )}
                      </tr>
                    )),
                  ];
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pagination page={page} pages={pages} hrefFor={(p) => calendarHref({ month, supplierId }, p)} />
    </section>
  );
}
