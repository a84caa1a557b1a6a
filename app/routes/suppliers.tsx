import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Pagination } from "~/components/catalogue/pagination";
import { defaultPeriod } from "~/modules/availability/period";
import { noFilters } from "~/modules/catalogue/filters";
import { pageOf } from "~/modules/list/paging";
import { presentLocations } from "~/modules/catalogue/present.server";
import { getSuppliers } from "~/modules/catalogue/reference.server";
import { supplierScores } from "~/modules/review/supplier-scores.server";
import { searchHref } from "~/modules/catalogue/search-query";
import { useTranslation } from "~/modules/i18n/react";
import { SupplierScore } from "~/components/review/supplier-score";
import { SiteLink } from "~/components/site-link";
import { stylesheets } from "~/components/stylesheets";
import catalogueStyles from "~/styles/catalogue.css?url";

export const links = stylesheets(catalogueStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [suppliers, locations] = await Promise.all([getSuppliers(), presentLocations(context.language)]);
  const now = new Date();
  const { items, page, pages } = pageOf(suppliers, url.searchParams.get("page"));
  const scores = await supplierScores(items.map((s) => s.id));
  return {
    title: `${context.t("suppliers.title", { ns: "catalogue" })} · Rueda`,
    description: context.t("suppliers.lead", { ns: "catalogue" }),
    suppliers: items.map((s) => {
      // A search needs a place: the supplier's busiest one, filtered to its cars.
      const home = locations.find((l) => l.id === s.mainLocationId);
      return {
        id: s.id,
        name: s.name,
        logo: s.logo,
        slug: s.slug,
        carCount: s.carCount,
        // docs/domain.md#reviews: from the published reviews, "new" below three.
        score: scores.get(s.id) ?? { count: 0, average: null },
        searchHref: home
          ? searchHref({
              pickup: home.id,
              ...defaultPeriod(home.timeZone, now),
              filters: { ...noFilters, suppliers: [s.id] },
            })
          : null,
      };
    }),
    page,
    pages,
  };
}

export default function SuppliersPage() {
  const { t } = useTranslation("catalogue");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="page">
      <h1>{t("suppliers.title")}</h1>
      <p className="lead">{t("suppliers.lead")}</p>
      <ul className="supplier-list">
        {data.suppliers.map((s) => (
          <li key={s.id} className="card supplier-card">
            {s.logo ? <img src={s.logo} alt={t("suppliers.logo", { name: s.name })} width={60} height={30} /> : null}
            <h2>{s.name}</h2>
            <p className="muted">{t("suppliers.cars", { count: s.carCount })}</p>
            <SupplierScore score={s.score} />
            <p>
              <SiteLink to={`/suppliers/${s.slug}`}>{t("reviews:supplierPage.read", { supplier: s.name })}</SiteLink>
            </p>
            {s.searchHref ? <Link to={s.searchHref}>{t("suppliers.seeCars", { name: s.name })}</Link> : null}
          </li>
        ))}
      </ul>
      <Pagination page={data.page} pages={data.pages} hrefFor={(p) => `/suppliers?page=${p}`} />
    </div>
  );
}
