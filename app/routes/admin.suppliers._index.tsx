import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalogue/pagination";
import { requireAdmin } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { listSuppliers } from "~/modules/suppliers/suppliers.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = requireAdmin(request, context);
  const list = await listSuppliers(user, new URL(request.url).searchParams.get("page"));
  return { title: `${context.t("adminSuppliers:list.title")} · Rueda`, ...list };
}

export default function SuppliersPage() {
  const { t } = useTranslation("adminSuppliers");
  const { rows, page, pages } = useLoaderData<typeof loader>();
  return (
    <section className="page stack">
      <div className="admin-heading">
        <h1>{t("list.title")}</h1>
        <Link to="/admin/suppliers/new" className="button">
          {t("list.new")}
        </Link>
      </div>
      <p className="muted">{t("list.lead")}</p>
      {rows.length === 0 ? (
        <p className="empty-state">{t("list.empty")}</p>
      ) : (
        <table className="bookings-table">
          <thead>
            <tr>
              <th scope="col">{t("list.logo")}</th>
              <th scope="col">{t("list.name")}</th>
              <th scope="col">{t("list.email")}</th>
              <th scope="col">{t("list.status")}</th>
              <th scope="col">{t("list.cars")}</th>
              <th scope="col">{t("list.staff")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((supplier) => (
              <tr key={supplier.id}>
                <td>
                  {supplier.logo ? (
                    <img
                      src={supplier.logo}
                      alt={t("form.logoAlt", { name: supplier.name })}
                      width={60}
                      height={30}
                      className="supplier-logo__image"
                    />
                  ) : null}
                </td>
                <td>
                  <Link to={`/admin/suppliers/${supplier.id}`}>{supplier.name}</Link>
                </td>
                <td data-label={t("list.email")}>{supplier.email}</td>
                <td data-label={t("list.status")}>{supplier.active ? t("status.active") : t("status.inactive")}</td>
                <td data-label={t("list.cars")}>{supplier.cars}</td>
                <td data-label={t("list.staff")}>{supplier.staff}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pages={pages} hrefFor={(p) => `/admin/suppliers?page=${p}`} />
    </section>
  );
}
