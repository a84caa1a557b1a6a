import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CARS_DRAWN, ResultList } from "~/components/catalogue/result-list";
import { BolivarNote } from "~/components/price/bolivar-estimate";
import { SortSelect } from "~/components/catalogue/sort-select";
import { useCatalogueLabels } from "~/components/catalogue/labels";
import { Pagination } from "~/components/catalogue/pagination";
import { SearchFilters } from "~/components/catalogue/search-filters";
import { SearchFields, SearchFormElement } from "~/components/catalogue/search-form";
import { hasFilters, noFilters, SORT_PARAM, sortOrders, type SortOrder } from "~/modules/catalogue/filters";
import { formatLocalDateTime, presentLocations } from "~/modules/catalogue/present.server";
import { handoverNotices, hoursLine, placeHoursNote } from "~/modules/catalogue/place-hours.server";
import { getSuppliers } from "~/modules/catalogue/reference.server";
import { resultCard } from "~/modules/catalogue/result-card.server";
import { searchCars } from "~/modules/catalogue/search.server";
import { limitsLeavingOut } from "~/modules/availability/availability.server";
import { pageQuery } from "~/modules/list/paging";
import { drawnOnServer, useServerDrawn } from "~/modules/http/server-drawn";
import {
  CARS_PER_PAGE,
  initialSearchValues,
  parseSearchParams,
  searchHref,
  type KnownLocation,
} from "~/modules/catalogue/search-query";
import { useTranslation } from "~/modules/i18n/react";
import { offeredOnlineMethods } from "~/modules/payment/config.server";
import { stylesheets } from "~/components/stylesheets";
import searchFormStyles from "~/styles/search-form.css?url";
import catalogueStyles from "~/styles/catalogue.css?url";
import catalogueNarrowStyles from "~/styles/catalogue-narrow.css?url";

export const links = stylesheets(searchFormStyles, catalogueStyles, catalogueNarrowStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.title ?? "Rueda" },
  { name: "description", content: data?.description ?? "" },
];

/**
 * /search: one query for the page and its count (search.server.ts), everything else
 * comes from cached reference data. Missing or wrong parameters never fail the page: the form comes
 * back with its messages (a blank visit shows it ready to fill, without any).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { language } = context;
  const [locations, suppliers] = await Promise.all([presentLocations(language), getSuppliers()]);
  const known = new Map<number, KnownLocation>(locations.map((l) => [l.id, l]));
  const now = new Date();
  const blank = [...url.searchParams.keys()].every((k) => k === "l");
  const parsed = blank
    ? { values: initialSearchValues(now), errors: {}, filters: noFilters, sort: sortOrders[0], page: 1, query: null }
    : parseSearchParams(url.searchParams, known, now);
  const { query } = parsed;
  const common = {
    title: `${context.t("search.title", { ns: "catalogue" })} · Rueda`,
    description: context.t("meta.searchDescription", { ns: "catalogue" }),
    values: parsed.values,
    errors: parsed.errors,
    filters: parsed.filters,
    sort: parsed.sort,
    // Drawn into the form's two lists; a document leaves them out of its data (server-drawn.ts).
    locations: drawnOnServer(
      context,
      LOCATIONS_DRAWN,
      locations.map((l) => ({ id: l.id, name: l.name })),
    ),
    suppliers: suppliers.map((s) => ({ id: s.id, name: s.name })),
  };
  if (!query) return { ...common, results: null };

  const [found, online] = await Promise.all([searchCars(query, now), offeredOnlineMethods()]);
  const payNow = online.length > 0;
  let { cars, count } = found;
  // A page past the end shows the last page, which never offers "Next" (docs/domain.md#limits).
  const { page } = pageQuery(count.total, query.page, CARS_PER_PAGE);
  if (!count.more && page < query.page) ({ cars, count } = await searchCars({ ...query, page }, now));
  // Nothing found: say so when the suppliers' notice or length left the cars out (docs/domain.md#rental-limits).
  const leftOut =
    count.total === 0
      ? await limitsLeavingOut({
          locationId: query.pickupId,
          pickUp: query.period.pickUp,
          dropOff: query.period.dropOff,
          now,
        })
      : null;
  const { days, from, to } = query.period;
  // The chosen places' hours, and what they mean for the times searched (docs/domain.md#opening-hours).
  const pickup = locations.find((l) => l.id === query.pickupId)!;
  const dropoff = locations.find((l) => l.id === query.dropoffId)!;
  const words = { language, t: context.t, now };
  const hours = (pickup.id === dropoff.id ? [pickup] : [pickup, dropoff]).flatMap((chosen) => {
    const note = placeHoursNote(chosen, words);
    const week = note && context.t("catalogue:hours.placeWeek", { place: chosen.name, week: note.week });
    return note ? [{ text: hoursLine(week!, note), className: "place-hours" }] : [];
  });
  const handovers = handoverNotices(pickup, dropoff, query.period, words);
  return {
    ...common,
    results: {
      pickupId: query.pickupId,
      dropoffId: query.dropoffId,
      from,
      to,
      days,
      page,
      total: count.total,
      more: count.more,
      pages: count.pages,
      pickupName: pickup.name,
      dropoffName: dropoff.id === pickup.id ? null : dropoff.name,
      fromLabel: formatLocalDateTime(from, language),
      toLabel: formatLocalDateTime(to, language),
      shortPeriod: `${formatLocalDateTime(from, language, "short")} – ${formatLocalDateTime(to, language, "short")}`,
      // Each card's headline price, priced here (docs/domain.md#price-lines): the page sends
      // what a card shows, not the rates and options it is priced from.
      // A document draws them once, as HTML, and leaves them out of its data (null here):
      // the cards are plain links, never redrawn from data while the page hydrates.
      cars:
        cars.length > 0
          ? drawnOnServer(
              context,
              CARS_DRAWN,
              cars.map((car) => resultCard(car, days, payNow)),
            )
          : [],
      leftOut,
      // The places' hours, then a refusal (a warning) or the fees the searched times add; the
      // class comes along so the page's code stays a plain list (docs/architecture.md#budgets).
      hours: [
        ...hours,
        ...(handovers.refused ? [{ text: handovers.refused, className: "notice notice--warning" }] : []),
        ...handovers.fees.map((text) => ({ text, className: "notice" })),
      ],
    },
  };
}

/** The key the page's places are kept under for the document's render (server-drawn.ts); its cards': CARS_DRAWN. */
const LOCATIONS_DRAWN = "search.locations";

export default function SearchPage() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.location.pathname === "/search";
  // Kept out of the view below: a phone's filter panel stays open while its changes apply.
  const [filtersOpen, setFiltersOpen] = useState(false);
  // A new search (or page) starts from what the server read back, not from stale state.
  return (
    <SearchView
      key={location.search}
      data={data}
      busy={busy}
      filtersOpen={filtersOpen}
      onFiltersToggle={setFiltersOpen}
    />
  );
}

function SearchView({
  data,
  busy,
  filtersOpen,
  onFiltersToggle,
}: {
  data: ReturnType<typeof useLoaderData<typeof loader>>;
  busy: boolean;
  filtersOpen: boolean;
  onFiltersToggle: (open: boolean) => void;
}) {
  const { t } = useTranslation("catalogue");
  const labels = useCatalogueLabels();
  const locations = useServerDrawn(LOCATIONS_DRAWN, data.locations);
  const { results } = data;
  const hrefFor = (page: number, filters = data.filters, sort: SortOrder = data.sort) =>
    results
      ? searchHref({
          pickup: results.pickupId,
          dropoff: results.dropoffId,
          from: results.from,
          to: results.to,
          filters,
          sort,
          page,
        })
      : "/search";

  return (
    <div className={results && results.total > 0 ? "page search-page search-page--results" : "page search-page"}>
      <h1>{t("search.title")}</h1>
      {/* One GET form holds the places and dates, the filters and the order (SearchFormElement). */}
      <SearchFormElement>
        {/* On a phone the form folds into a summary of place and dates once there are results to show (styles/catalogue-narrow.css). */}
        <details className="card search-bar collapsible" open={!results || results.total === 0}>
          <summary className="search-bar__summary">
            {results ? (
              <>
                <span className="search-bar__place">{results.pickupName}</span>
                <span className="search-bar__period">{results.shortPeriod}</span>
              </>
            ) : (
              <span className="search-bar__place">{t("search.placeAndDates")}</span>
            )}
            <span className="search-bar__change">{t("search.change")}</span>
          </summary>
          <SearchFields values={data.values} errors={data.errors} locations={locations} />
        </details>
        <div className="search-layout">
          <SearchFilters
            labels={labels}
            filters={data.filters}
            suppliers={data.suppliers}
            clearHref={results && hasFilters(data.filters) ? hrefFor(1, noFilters) : null}
            resultCount={results ? { total: results.total, more: results.more } : null}
            open={filtersOpen}
            onToggle={onFiltersToggle}
          />
          <section className="results" aria-labelledby="results-title" aria-busy={busy}>
            {results ? (
              <>
                <div className="results__bar">
                  <header className="results__header" aria-live="polite">
                    <h2 id="results-title">
                      {t(results.more ? "search.resultsMore" : "search.results", { count: results.total })}
                    </h2>
                    <p>
                      {t("search.summary", { place: results.pickupName, from: results.fromLabel, to: results.toLabel })}{" "}
                      · {t("search.days", { count: results.days })}
                      {results.dropoffName ? ` · ${t("search.returnTo", { place: results.dropoffName })}` : null}
                    </p>
                    {results.hours.map(({ text, className }) => (
                      <p key={text} className={className}>
                        {text}
                      </p>
                    ))}
                  </header>
                  {/* Part of the search form: the order travels with the places, dates and filters. */}
                  {results.total > 0 ? (
                    <SortSelect labels={labels} sort={data.sort} />
                  ) : (
                    <input type="hidden" name={SORT_PARAM} value={data.sort} />
                  )}
                </div>
                {results.cars?.length !== 0 ? <BolivarNote /> : null}
                {results.total === 0 ? (
                  <div className="notice empty-state">
                    <h3>{t("search.emptyTitle")}</h3>
                    {results.leftOut?.minimumNoticeHours != null ? (
                      <p>{t("search.leftOutNotice", { count: results.leftOut.minimumNoticeHours })}</p>
                    ) : null}
                    {results.leftOut?.minimumDays != null ? (
                      <p>{t("search.leftOutDays", { count: results.leftOut.minimumDays })}</p>
                    ) : null}
                    <p>{t("search.emptyBody")}</p>
                    <ul>
                      {hasFilters(data.filters) ? (
                        <li>
                          <Link to={hrefFor(1, noFilters)}>{t("search.emptyFilters")}</Link>
                        </li>
                      ) : null}
                      <li>
                        <a href="#search-pickup">{t("search.emptyDates")}</a>
                      </li>
                      <li>
                        <Link to="/locations">{t("search.emptyLocations")}</Link>
                      </li>
                    </ul>
                  </div>
                ) : results.cars?.length === 0 ? (
                  <div className="notice empty-state">
                    <p>{t("search.pageEmpty")}</p>
                    <p>
                      <Link to={hrefFor(1)}>{t("search.firstPage")}</Link>
                    </p>
                  </div>
                ) : (
                  <ResultList results={results} labels={labels} />
                )}
                <Pagination page={results.page} pages={results.pages} more={results.more} hrefFor={hrefFor} />
              </>
            ) : (
              <p id="results-title" className="notice">
                {t("search.start")}
              </p>
            )}
          </section>
        </div>
      </SearchFormElement>
    </div>
  );
}
