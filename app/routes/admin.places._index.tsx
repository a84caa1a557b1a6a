import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ListHeading, ListTable } from "~/components/backoffice/list-table";
import { Pagination } from "~/components/catalogue/pagination";
import { requireAdmin } from "~/modules/access/staff.server";
import { useTranslation } from "~/modules/i18n/react";
import { listPlaces } from "~/modules/places/places.server";
import { privatePageMeta } from "~/modules/http/meta";

export const meta = privatePageMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAdmin(request, context);
  const list = await listPlaces(context.language, new URL(request.url).searchParams.get("page"));
  return { title: `${context.t("adminPlaces:list.title")} · Rueda`, ...list };
}

export default function PlacesPage() {
  const { t } = useTranslation("adminPlaces");
  const { rows, page, pages } = useLoaderData<typeof loader>();
  return (
    <section className="page stack">
      <ListHeading title={t("list.title")} add={{ to: "/admin/places/new", label: t("list.new") }} />
      <p className="muted">{t("list.lead")}</p>
      <ListTable
        rows={rows}
        rowKey={(place) => place.id}
        empty={t("list.empty")}
        columns={[
          {
            header: t("list.name"),
            labelled: false,
            cell: (place) => <Link to={`/admin/places/${place.id}`}>{place.name}</Link>,
          },
          { header: t("list.kind"), cell: (place) => t(`kinds.${place.kind}`) },
          { header: t("list.address"), cell: (place) => place.address },
          { header: t("list.timeZone"), cell: (place) => place.timeZone },
          { header: t("list.cars"), cell: (place) => place.cars },
        ]}
      />
      <Pagination page={page} pages={pages} hrefFor={(p) => `/admin/places?page=${p}`} />
    </section>
  );
}
