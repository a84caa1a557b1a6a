import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireBackOffice } from "~/modules/access/staff.server";
import type { CounterItem } from "~/modules/counter/counter";
import { loadCounter } from "~/modules/counter/counter.server";
import { useTranslation } from "~/modules/i18n/react";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** Today at the counter (docs/domain.md#counter): each place's pick-ups and returns of today and tomorrow, and overdue returns. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  return {
    title: `${context.t("adminDashboard:counter.title")} · Rueda`,
    places: await loadCounter(user, context.language),
  };
}

export default function CounterPage() {
  const { t } = useTranslation("adminDashboard");
  const { places } = useLoaderData<typeof loader>();
  return (
    <section className="page stack counter">
      <h1>{t("counter.title")}</h1>
      <p className="muted">{t("counter.help")}</p>
      {places.length === 0 ? <p className="empty">{t("counter.nothing")}</p> : null}
      {places.map((place) => (
        <section key={place.id} className="card stack counter__place" aria-labelledby={`place-${place.id}`}>
          <h2 id={`place-${place.id}`}>{place.name}</h2>
          {place.overdue.length > 0 ? (
            <section aria-labelledby={`overdue-${place.id}`} className="counter__overdue">
              <h3 id={`overdue-${place.id}`}>{t("counter.overdue")}</h3>
              <p className="muted">{t("counter.overdueHelp")}</p>
              <Entries items={place.overdue} due />
            </section>
          ) : null}
          {(["today", "tomorrow"] as const).map((day) => (
            <section key={day} aria-labelledby={`${day}-${place.id}`} className="stack">
              <h3 id={`${day}-${place.id}`}>{t(`counter.${day}`, { date: place[day] })}</h3>
              <h4>{t("counter.pickups")}</h4>
              {place.pickups[day].length === 0 ? (
                <p className="muted">{t(day === "today" ? "counter.noPickupsToday" : "counter.noPickupsTomorrow")}</p>
              ) : (
                <Entries items={place.pickups[day]} pickup />
              )}
              <h4>{t("counter.returns")}</h4>
              {place.returns[day].length === 0 ? (
                <p className="muted">{t(day === "today" ? "counter.noReturnsToday" : "counter.noReturnsTomorrow")}</p>
              ) : (
                <Entries items={place.returns[day]} />
              )}
            </section>
          ))}
        </section>
      ))}
    </section>
  );
}

/** The bookings of one list, each a link to its page: time, reference, driver, car and plate. */
function Entries({ items, due = false, pickup = false }: { items: CounterItem[]; due?: boolean; pickup?: boolean }) {
  const { t } = useTranslation("adminDashboard");
  return (
    <ul className="counter__list">
      {items.map((item) => (
        <li key={item.bookingId} className="counter__entry">
          <Link to={`/booking?b=${item.bookingId}`}>
            <strong>{due ? t("counter.due", { at: item.time }) : item.time}</strong> · {item.reference}
          </Link>
          <span>{item.driver}</span>
          <span>
            {item.car} · {item.plate ?? t("counter.noPlate")}
          </span>
          {/* docs/domain.md#counter: the pick-up until the car is out, then its return. */}
          {pickup && item.rental === null ? (
            <Link
              to={`/admin/counter/pickup?b=${item.bookingId}`}
              aria-label={t("counter.pickUpOf", { reference: item.reference })}
            >
              {t("counter.pickUp")}
            </Link>
          ) : null}
          {!pickup && item.rental === "out" ? (
            <Link
              to={`/admin/counter/return?b=${item.bookingId}`}
              aria-label={t("counter.returnOf", { reference: item.reference })}
            >
              {t("counter.return")}
            </Link>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
