import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ListHeading, ListTable } from "~/components/backoffice/list-table";
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
      <ListHeading title={t("list.title")} add={{ to: "/admin/suppliers/new", label: t("list.new") }} />
      <p className="muted">{t("list.lead")}</p>
      <ListTable
        rows={rows}
        rowKey={(supplier) => supplier.id}
        empty={t("list.empty")}
        columns={[
          {
            header: t("list.logo"),
            labelled: false,
            cell: (supplier) =>
              supplier.logo ? (
                <img
                  src={supplier.logo}
                  alt={t("form.logoAlt", { name: supplier.name })}
                  width={60}
                  height={30}
                  className="supplier-logo__image"
                />
              ) : null,
          },
          {
            header: t("list.name"),
            labelled: false,
            cell: (supplier) => <Link to={`/admin/suppliers/${supplier.id}`}>{supplier.name}</Link>,
          },
          { header: t("list.email"), cell: (supplier) => supplier.email },
          {
            header: t("list.status"),
            cell: (supplier) => (supplier.active ? t("status.active") : t("status.inactive")),
          },
          { header: t("list.cars"), cell: (supplier) => supplier.cars },
          { header: t("list.staff"), cell: (supplier) => supplier.staff },
        ]}
      />
      <Pagination page={page} pages={pages} hrefFor={(p) => `/admin/suppliers?page=${p}`} />
    </section>
  );
}
