import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useRef, useState, type MouseEvent } from "react";
import leafletStyles from "leaflet/dist/leaflet.css?url";
import { ScriptButton } from "~/components/client-only";
import { LocationList } from "~/components/catalogue/location-list";
import { LocationsMap } from "~/components/catalogue/locations-map";
import { PlacesMap } from "~/components/catalogue/places-map";
import { SEARCH_FORM_ID, SearchForm, type SearchFormHandle } from "~/components/catalogue/search-form";
import { presentLocations } from "~/modules/catalogue/present.server";
import { getFeaturedCars, getSuppliers } from "~/modules/catalogue/reference.server";
import { carHref, placeChoiceNames, readHomeForm, type KnownLocation } from "~/modules/catalogue/search-query";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { getEnv } from "~/utils/env.server";
import { stylesheets } from "~/components/stylesheets";
import searchFormStyles from "~/styles/search-form.css?url";
import mapStyles from "~/styles/maps.css?url";
import homeStyles from "~/styles/home.css?url";

export const links = stylesheets(searchFormStyles, mapStyles, homeStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

/**
 * The home page answers without touching the database on most views: its lists are
 * cached reference data. The "Set as pick-up / drop-off" buttons of the list and the map
 * submit the search form back here (without JavaScript): the form comes back with what
 * was typed and the chosen place.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const [locations, suppliers, cars] = await Promise.all([
    presentLocations(context.language),
    getSuppliers(),
    getFeaturedCars(),
  ]);
  const known = new Map<number, KnownLocation>(locations.map((l) => [l.id, l]));
  return {
    title: `Rueda · ${context.t("home.title")}`,
    description: context.t("meta.homeDescription", { ns: "catalogue" }),
    values: readHomeForm(url.searchParams, known, new Date()),
    locations: locations.map(({ timeZone: _zone, ...l }) => l),
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name, logo: s.logo })),
    cars: cars.map((c) => ({
      id: c.id,
      name: c.orSimilar ? context.t("card.orSimilar", { ns: "catalogue", name: c.name }) : c.name,
      href: carHref(c.id),
      image: c.image,
      price: formatCents(c.dailyPriceCents),
      seats: c.seats,
      gearbox: c.gearbox,
      supplierName: c.supplierName,
    })),
    tileUrl: getEnv().MAP_TILE_URL,
  };
}

export default function Home() {
  const { t } = useTranslation("catalogue");
  const data = useLoaderData<typeof loader>();
  const form = useRef<SearchFormHandle>(null);
  // The Leaflet map (and its ~45 KB of script) only when the visitor asks for it.
  const [interactive, setInteractive] = useState(false);
  const { values } = data;

  const choose = (id: number, role: "pickup" | "dropoff") => form.current?.choose(role, id);
  /**
   * A submit button of the search form that comes back here rather than to /search, so
   * the dates typed before it travel with the chosen place; with JavaScript it fills the
   * form in place instead.
   */
  const chooseButton = (id: number, role: "pickup" | "dropoff") => ({
    type: "submit" as const,
    form: SEARCH_FORM_ID,
    formAction: `/#${SEARCH_FORM_ID}`,
    name: placeChoiceNames[role],
    value: String(id),
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
                <button {...chooseButton(location.id, "pickup")} className="link-button">
                  {t("map.setPickup")}
                  <span className="visually-hidden">: {location.name}</span>
                </button>
                <button {...chooseButton(location.id, "dropoff")} className="link-button">
                  {t("map.setDropoff")}
                  <span className="visually-hidden">: {location.name}</span>
                </button>
              </>
            )}
          />
          {interactive ? (
            <>
              {/* Asked for with the map's script, not in the head, where it would hold up the page's first paint. */}
              <link rel="stylesheet" href={leafletStyles} />
              <LocationsMap
                locations={data.locations}
                tileUrl={data.tileUrl}
                actions={(location) => (
                  <>
                    <button
                      type="button"
                      className="button button--small"
                      onClick={() => choose(location.id, "pickup")}
                    >
                      {t("map.setPickup")}
                    </button>
                    <button
                      type="button"
                      className="button button--small button--secondary"
                      onClick={() => choose(location.id, "dropoff")}
                    >
                      {t("map.setDropoff")}
                    </button>
                  </>
                )}
              />
            </>
          ) : (
            <PlacesMap
              locations={data.locations}
              hint={t("map.pinHint")}
              pin={(location, position) => (
                <button {...chooseButton(location.id, "pickup")} className="places-map__pin" style={position}>
                  <span className="places-map__name">
                    <span className="visually-hidden">{t("map.setPickup")}: </span>
                    {location.name}
                  </span>
                </button>
              )}
              footer={
                <ScriptButton
                  className="button button--small button--secondary places-map__upgrade"
                  onClick={() => setInteractive(true)}
                >
                  {t("map.showInteractive")}
                </ScriptButton>
              }
            />
          )}
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
              {car.image ? (
                <img src={car.image} alt="" width={300} height={200} loading="lazy" decoding="async" />
              ) : null}
              {/* The name is the link; styles/home.css stretches it over the whole card, so a tap anywhere opens the car. */}
              <h3>
                <Link to={car.href}>{car.name}</Link>
              </h3>
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
