import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
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
      <div className="admin-heading">
        <h1>{t("list.title")}</h1>
        <Link to="/admin/places/new" className="button">
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
              <th scope="col">{t("list.name")}</th>
              <th scope="col">{t("list.kind")}</th>
              <th scope="col">{t("list.address")}</th>
              <th scope="col">{t("list.timeZone")}</th>
              <th scope="col">{t("list.cars")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((place) => (
              <tr key={place.id}>
                <td>
                  <Link to={`/admin/places/${place.id}`}>{place.name}</Link>
                </td>
                <td data-label={t("list.kind")}>{t(`kinds.${place.kind}`)}</td>
                <td data-label={t("list.address")}>{place.address}</td>
                <td data-label={t("list.timeZone")}>{place.timeZone}</td>
                <td data-label={t("list.cars")}>{place.cars}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pages={pages} hrefFor={(p) => `/admin/places?page=${p}`} />
    </section>
  );
}
