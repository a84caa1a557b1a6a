import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { LocationList } from "~/components/catalogue/location-list";
import { LocationsMap } from "~/components/catalogue/locations-map";
import { Pagination } from "~/components/catalogue/pagination";
import { defaultPeriod } from "~/modules/availability/period";
import { pageOf } from "~/modules/list/paging";
import { presentLocations } from "~/modules/catalogue/present.server";
import { searchHref } from "~/modules/catalogue/search-query";
import { useTranslation } from "~/modules/i18n/react";
import { getEnv } from "~/utils/env.server";
import { stylesheets } from "~/components/stylesheets";
import mapStyles from "~/styles/maps.css?url";

export const links = stylesheets(mapStyles, leafletStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const all = await presentLocations(context.language);
  const now = new Date();
  // Each entry links to a ready search: default dates on that place's clock.
  const withSearch = all.map(({ timeZone, ...l }) => ({
    ...l,
    searchHref: searchHref({ pickup: l.id, ...defaultPeriod(timeZone, now) }),
  }));
  const { items, page, pages } = pageOf(withSearch, url.searchParams.get("page"));
  return {
    title: `${context.t("locations.title", { ns: "catalogue" })} · Rueda`,
    description: context.t("locations.lead", { ns: "catalogue" }),
    locations: items,
    // The map shows every place, whatever page of the list is open.
    mapLocations: withSearch,
    page,
    pages,
    tileUrl: getEnv().MAP_TILE_URL,
  };
}

export default function LocationsPage() {
  const { t } = useTranslation("catalogue");
  const data = useLoaderData<typeof loader>();
  const hrefById = new Map(data.mapLocations.map((l) => [l.id, l.searchHref]));
  return (
    <div className="page">
      <h1>{t("locations.title")}</h1>
      <p className="lead">{t("locations.lead")}</p>
      <div className="locations-layout">
        <div>
          <h2 className="visually-hidden">{t("map.listTitle")}</h2>
          <LocationList
            locations={data.locations}
            actions={(location) => (
              <Link to={hrefById.get(location.id)!}>{t("locations.searchFrom", { name: location.name })}</Link>
            )}
          />
          <Pagination page={data.page} pages={data.pages} hrefFor={(p) => `/locations?page=${p}`} />
        </div>
        <LocationsMap
          locations={data.mapLocations}
          tileUrl={data.tileUrl}
          actions={(location) => (
            <a className="button button--small" href={hrefById.get(location.id)}>
              {t("map.searchHere")}
            </a>
          )}
        />
      </div>
    </div>
  );
}
