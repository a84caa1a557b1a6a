import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { requireBackOffice } from "~/modules/access/staff.server";
import { carListHref, hasCarFilters, readCarListQuery } from "~/modules/fleet/car-list";
import { availabilities } from "~/modules/fleet/car-form";
import { supplierChoices } from "~/modules/fleet/car-choices.server";
import { listCars } from "~/modules/fleet/list-cars.server";
import { fuelTypes, gearboxes } from "~/modules/catalogue/car-enums";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

/** The fleet: the caller's cars (all for an admin), searched and filtered by a GET form, 30 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireBackOffice(request, context);
  const admin = user.type === "admin";
  const query = readCarListQuery(new URL(request.url).searchParams, { admin });
  const [list, suppliers] = await Promise.all([listCars(user, query), supplierChoices(user)]);
  return json({
    title: `${context.t("adminCars:list.title")} · Rueda`,
    admin,
    query,
    suppliers,
    filtered: hasCarFilters(query),
    ...list,
  });
}

export default function CarsPage() {
  const { t } = useTranslation("adminCars");
  const { admin, query, suppliers, filtered, rows, total, page, pages } = useLoaderData<typeof loader>();
  const all = t("admin:common.all");
  return (
    <section className="page stack">
      <div className="fleet__header">
        <h1>{t("list.title")}</h1>
        <Link to="/admin/cars/new" className="button">
          {t("list.add")}
        </Link>
      </div>

      {/* Keyed by the query, so "Clear filters" and back/forward show the fields the list obeys. */}
      <Form method="get" className="fleet-filters" aria-label={t("list.filters")} key={carListHref(query, 1)}>
        <div className="field">
          <label htmlFor="fleet-q">{t("list.search")}</label>
          <input id="fleet-q" name="q" type="search" defaultValue={query.text} maxLength={120} />
        </div>
        {admin ? (
          <Select
            id="fleet-supplier"
            name="supplier"
            label={t("list.supplier")}
            value={query.supplier ? String(query.supplier) : ""}
            options={[{ value: "", label: all }, ...suppliers.map((s) => ({ value: String(s.id), label: s.name }))]}
          />
        ) : null}
        <Select
          id="fleet-availability"
          name="availability"
          label={t("list.availability")}
          value={query.availability ?? ""}
          options={[
            { value: "", label: all },
            ...availabilities.map((value) => ({ value, label: t(`availability.${value}`) })),
          ]}
        />
        <Select
          id="fleet-fuel"
          name="fuel"
          label={t("list.fuel")}
          value={query.fuelType ?? ""}
          options={[
            { value: "", label: all },
            ...fuelTypes.map((value) => ({ value, label: t(`catalogue:fuel.${value}`) })),
          ]}
        />
        <Select
          id="fleet-gearbox"
          name="gearbox"
          label={t("list.gearbox")}
          value={query.gearbox ?? ""}
          options={[
            { value: "", label: all },
            ...gearboxes.map((value) => ({ value, label: t(`catalogue:gearbox.${value}`) })),
          ]}
        />
        <div className="actions">
          <button type="submit" className="button">
            {t("list.apply")}
          </button>
          {filtered ? <Link to="/admin/cars">{t("admin:common.clear")}</Link> : null}
        </div>
      </Form>

      {rows.length === 0 ? (
        filtered ? (
          <p className="empty-state">{t("admin:common.noMatch")}</p>
        ) : (
          <div className="empty-state stack">
            <p>{t("list.empty")}</p>
            <p>
              <Link to="/admin/cars/new">{t("list.emptyAction")}</Link>
            </p>
          </div>
        )
      ) : (
        <>
          <p className="muted">{t("list.count", { count: total })}</p>
          <table className="fleet-table">
            <thead>
              <tr>
                <th scope="col">{t("list.name")}</th>
                {admin ? <th scope="col">{t("list.supplier")}</th> : null}
                <th scope="col">{t("list.dailyPrice")}</th>
                <th scope="col">{t("list.availability")}</th>
                <th scope="col">{t("list.fuel")}</th>
                <th scope="col">{t("list.gearbox")}</th>
                <th scope="col">{t("list.places")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((car) => (
                <tr key={car.id}>
                  <td className="fleet-table__car">
                    {car.image ? <img src={car.image} alt="" width={75} height={50} loading="lazy" /> : null}
                    <Link to={`/admin/cars/${car.id}`}>{car.name}</Link>
                  </td>
                  {admin ? <td data-label={t("list.supplier")}>{car.supplierName}</td> : null}
                  <td data-label={t("list.dailyPrice")}>{formatCents(car.dailyPriceCents)}</td>
                  <td data-label={t("list.availability")}>{t(`availability.${car.availability}`)}</td>
                  <td data-label={t("list.fuel")}>{t(`catalogue:fuel.${car.fuelType}`)}</td>
                  <td data-label={t("list.gearbox")}>{t(`catalogue:gearbox.${car.gearbox}`)}</td>
                  <td data-label={t("list.places")}>{car.places}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages > 1 ? (
            <nav className="fleet-pages actions" aria-label={t("list.pages")}>
              {page > 1 ? <Link to={carListHref(query, page - 1)}>{t("admin:common.previous")}</Link> : null}
              <span>{t("admin:common.pageOf", { page, pages })}</span>
              {page < pages ? <Link to={carListHref(query, page + 1)}>{t("admin:common.next")}</Link> : null}
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}

function Select({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
