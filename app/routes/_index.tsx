import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { LocationList } from "~/components/catalogue/location-list";
import { LocationsMap } from "~/components/catalogue/locations-map";
import { SearchForm, type SearchFormHandle } from "~/components/catalogue/search-form";
import { normalizeLocal } from "~/modules/availability/zoned-time";
import { presentLocations } from "~/modules/catalogue/present.server";
import { getFeaturedCars, getSuppliers } from "~/modules/catalogue/reference.server";
import { initialSearchValues, type SearchFormValues } from "~/modules/catalogue/search-query";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { getEnv } from "~/utils/env.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: leafletStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

/**
 * The home page answers without touching the database on most views: its lists are
 * cached reference data. A marker's or list entry's "set as pick-up" link (without
 * JavaScript) comes back here with the form's values in the query string.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [locations, suppliers, cars] = await Promise.all([presentLocations(context.language), getSuppliers(), getFeaturedCars()]);
  const known = (raw: string | null) => (raw && locations.some((l) => String(l.id) === raw) ? raw : "");
  const pickup = known(url.searchParams.get("pickup"));
  const zone = locations.find((l) => String(l.id) === pickup)?.timeZone;
  const defaults = initialSearchValues(new Date(), undefined, zone);
  const dropoff = known(url.searchParams.get("dropoff"));
  const values: SearchFormValues = {
    pickup,
    dropoff,
    same: url.searchParams.has("same") || !dropoff,
    from: normalizeLocal(url.searchParams.get("from") ?? "") ?? defaults.from,
    to: normalizeLocal(url.searchParams.get("to") ?? "") ?? defaults.to,
  };
  return {
    title: `Rueda · ${context.t("home.title")}`,
    description: context.t("meta.homeDescription", { ns: "catalogue" }),
    values,
    locations: locations.map(({ timeZone: _zone, ...l }) => l),
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name, logo: s.logo })),
    cars: cars.map((c) => ({ id: c.id, name: c.name, image: c.image, price: formatCents(c.dailyPriceCents), seats: c.seats, gearbox: c.gearbox, supplierName: c.supplierName })),
    tileUrl: getEnv().MAP_TILE_URL,
  };
}

function homeHref(values: SearchFormValues): string {
  const params = new URLSearchParams();
  if (values.pickup) params.set("pickup", values.pickup);
  if (!values.same && values.dropoff) params.set("dropoff", values.dropoff);
  if (values.same) params.set("same", "1");
  params.set("from", values.from);
  params.set("to", values.to);
  return `/?${params}#search-form`;
}

export default function Home() {
  const { t } = useTranslation("catalogue");
  const data = useLoaderData<typeof loader>();
  const form = useRef<SearchFormHandle>(null);
  const { values } = data;

  const choose = (id: number, role: "pickup" | "dropoff") => form.current?.choose(role, id);
  // Without JavaScript the links come back here with the choice in the query string.
  const chooseLink = (id: number, role: "pickup" | "dropoff") => ({
    href: homeHref(role === "pickup" ? { ...values, pickup: String(id) } : { ...values, dropoff: String(id), same: false }),
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      choose(id, role);
    },
  });

  return (
    <>
      <section className="hero">
        <div className="hero__inner hero__inner--search">
          <div>
            <h1>{t("home.title", { ns: "common" })}</h1>
            <p className="lead">{t("home.lead", { ns: "common" })}</p>
          </div>
          <div className="card search-cover">
            <SearchForm ref={form} values={values} locations={data.locations} heading={t("form.title")} />
          </div>
        </div>
      </section>

      <section className="page home-section" aria-labelledby="home-locations">
        <h2 id="home-locations">{t("home.mapTitle")}</h2>
        <div className="locations-layout">
          <LocationList
            locations={data.locations}
            actions={(location) => (
              <>
                <a {...chooseLink(location.id, "pickup")}>
                  {t("map.setPickup")}
                  <span className="visually-hidden">: {location.name}</span>
                </a>
                <a {...chooseLink(location.id, "dropoff")}>
                  {t("map.setDropoff")}
                  <span className="visually-hidden">: {location.name}</span>
                </a>
              </>
            )}
          />
          <LocationsMap
            locations={data.locations}
            tileUrl={data.tileUrl}
            actions={(location) => (
              <>
                <button type="button" className="button button--small" onClick={() => choose(location.id, "pickup")}>
                  {t("map.setPickup")}
                </button>
                <button type="button" className="button button--small button--secondary" onClick={() => choose(location.id, "dropoff")}>
                  {t("map.setDropoff")}
                </button>
              </>
            )}
          />
        </div>
      </section>

      <section className="page home-section" aria-labelledby="home-brands">
        <h2 id="home-brands">{t("home.brandsTitle")}</h2>
        <ul className="brand-strip">
          {data.suppliers.map((s) => (
            <li key={s.id}>
              <Link to="/suppliers">
                {s.logo ? <img src={s.logo} alt="" width={60} height={30} loading="lazy" /> : null}
                <span>{s.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="page home-section" aria-labelledby="home-cars">
        <h2 id="home-cars">{t("home.carsTitle")}</h2>
        <p className="muted">{t("home.carsLead")}</p>
        <ul className="featured-cars">
          {data.cars.map((car) => (
            <li key={car.id} className="card featured-car">
              {car.image ? <img src={car.image} alt="" width={300} height={200} loading="lazy" decoding="async" /> : null}
              <h3>{car.name}</h3>
              <p className="muted">
                {car.supplierName} · {t("home.seats", { count: car.seats })} · {t(`gearbox.${car.gearbox}`)}
              </p>
              <p className="featured-car__price">{t("home.fromPerDay", { price: car.price })}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
