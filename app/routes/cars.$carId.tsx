import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { CarFacts, carTitle, ScoreText } from "~/components/catalogue/car-card";
import { useCatalogueLabels } from "~/components/catalogue/labels";
import { CarPrice } from "~/components/catalogue/car-price";
import { BolivarNote } from "~/components/price/bolivar-estimate";
import { FieldErrors, FormErrors } from "~/components/form-errors";
import { SiteLink } from "~/components/site-link";
import { carIsBookableFor } from "~/modules/availability/availability.server";
import { carPeriodTerms, loadCarDetails } from "~/modules/catalogue/car-page.server";
import { formatLocalDateTime, presentLocations } from "~/modules/catalogue/present.server";
import {
  carHref,
  checkoutHref,
  initialSearchValues,
  parseSearchParams,
  searchHref,
  searchParamNames,
  type KnownLocation,
  type SearchErrors,
} from "~/modules/catalogue/search-query";
import { idOrNotFound } from "~/modules/http/not-found";
import { offeredOnlineMethods } from "~/modules/payment/config.server";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { optionKeys, optionState } from "~/modules/pricing/pricing";
import { ErrorPage } from "~/root";
import { stylesheets } from "~/components/stylesheets";
import catalogueStyles from "~/styles/catalogue.css?url";
import catalogueNarrowStyles from "~/styles/catalogue-narrow.css?url";

export const links = stylesheets(catalogueStyles, catalogueNarrowStyles);

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [{ title: `${data.title} · Rueda` }, { name: "description", content: data.description }]
    : [{ title: "404 · Rueda" }, { name: "robots", content: "noindex" }];

/** The fields of the dates form whose values the page reads (docs/domain.md#car-page). */
const contextParams = [searchParamNames.pickup, searchParamNames.dropoff, searchParamNames.from, searchParamNames.to];

/**
 * /cars/:carId, one car (docs/domain.md#car-page): its picture, facts, options and supplier.
 * With a search's places and dates in the query string (a result's link, or the page's own
 * form) it shows the result's price block for them — each way of paying's total, what it
 * includes, the deposit and how it is taken, until when cancelling is free — and Book; without,
 * a GET form for them.
 */
export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const carId = idOrNotFound(params.carId);
  const { language, t } = context;
  const [found, locations] = await Promise.all([loadCarDetails(carId), presentLocations(language)]);
  if (!found) throw new Response(null, { status: 404 });
  const { details: car, rating } = found;

  const places = locations.filter((l) => car.locationIds.includes(l.id)).map((l) => ({ id: l.id, name: l.name }));
  const url = new URL(request.url);
  const withContext = contextParams.some((name) => url.searchParams.has(name));
  const known = new Map<number, KnownLocation>(locations.map((l) => [l.id, l]));
  const now = new Date();
  const parsed = withContext ? parseSearchParams(url.searchParams, known, now) : null;
  const errors: SearchErrors = { ...parsed?.errors };
  const query = parsed?.query ?? null;
  // The pick-up place must be one of the car's; the list offers only those.
  if (query && !car.locationIds.includes(query.pickupId)) errors.pickup = "catalogue:errors.unknownLocation";
  const values = parsed?.values ?? initialSearchValues(now, places.length === 1 ? places[0].id : undefined);

  let quote = null;
  if (query && !errors.pickup) {
    const { period } = query;
    const trip = { pickupId: query.pickupId, dropoffId: query.dropoffId, from: period.from, to: period.to };
    const place = (id: number) => locations.find((l) => l.id === id)?.name ?? "";
    const [bookable, terms, online] = await Promise.all([
      carIsBookableFor({ carId, locationId: query.pickupId, pickUp: period.pickUp, dropOff: period.dropOff, now }),
      carPeriodTerms(rating, query),
      offeredOnlineMethods(),
    ]);
    quote = {
      bookable,
      days: period.days,
      // With the car's own terms, the result's price block (car-price.tsx): the search's rates and fees (docs/domain.md#seasons).
      terms,
      payNow: online.length > 0,
      pickUpLabel: formatLocalDateTime(period.from, language),
      summary: t("search.summary", {
        ns: "catalogue",
        place: place(query.pickupId),
        from: formatLocalDateTime(period.from, language),
        to: formatLocalDateTime(period.to, language),
      }),
      returnTo: query.dropoffId === query.pickupId ? null : place(query.dropoffId),
      bookHref: checkoutHref({ carId, ...trip }),
      resultsHref: searchHref({ pickup: trip.pickupId, dropoff: trip.dropoffId, from: trip.from, to: trip.to }),
    };
  }
  const title = car.orSimilar ? t("card.orSimilar", { ns: "catalogue", name: car.name }) : car.name;
  return {
    title,
    description: t("car.description", { ns: "catalogue", name: car.name, supplier: car.supplierName }),
    car,
    places,
    values,
    errors,
    quote,
    selfHref: carHref(carId),
  };
}

export default function CarPage() {
  const { car, places, values, errors, quote, selfHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation("catalogue");
  const labels = useCatalogueLabels();
  const l = labels.card;
  const offered = optionKeys
    .map((key) => ({ key, state: optionState(key, car.options[key]) }))
    .filter(({ state }) => state.kind !== "unavailable");

  return (
    <article className="page car-page" aria-labelledby="car-title">
      {quote ? (
        <p className="car-page__back">
          <Link to={quote.resultsHref}>{t("car.backToResults")}</Link>
        </p>
      ) : null}
      <h1 id="car-title">{carTitle(car, labels)}</h1>
      <div className="car-page__layout">
        <div className="car-page__main">
          {car.image ? (
            <img className="car-page__image" src={car.image} alt="" width={300} height={200} decoding="async" />
          ) : null}
          <p className="car-card__supplier">
            <span className="chip chip--category">{labels.category[car.category]}</span>
            {car.supplierLogo ? <img src={car.supplierLogo} alt="" width={60} height={30} /> : null}
            <span>{t("car.supplier", { name: car.supplierName })}</span>
            <ScoreText score={car.supplierScore} labels={labels} />
          </p>
          <p>
            <SiteLink to={`/suppliers/${car.supplierSlug}`}>
              {t("reviews:supplierPage.read", { supplier: car.supplierName })}
            </SiteLink>
          </p>
          {car.orSimilar ? <p className="muted">{t("car.orSimilarNote")}</p> : null}
          <CarFacts car={car} labels={labels} />

          {offered.length ? (
            <section aria-labelledby="car-options">
              <h2 id="car-options">{t("car.options")}</h2>
              <p className="muted">{t("car.optionsLead")}</p>
              <dl className="car-page__list">
                {offered.map(({ key, state }) => (
                  <div key={key}>
                    <dt>{labels.options[key]}</dt>
                    <dd>
                      {state.kind === "included"
                        ? l.included
                        : state.kind === "perDay"
                          ? l.optionPerDay(formatCents(state.cents))
                          : state.kind === "flat"
                            ? l.optionFlat(formatCents(state.cents))
                            : null}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}

          <section aria-labelledby="car-conditions">
            <h2 id="car-conditions">{t("car.conditions")}</h2>
            <ul className="car-page__conditions">
              <li>{`${l.depositLabel}: ${formatCents(car.depositCents)}`}</li>
              <li>{t("car.minimumAge", { age: car.minimumAge })}</li>
            </ul>
            <h3>{t("car.places")}</h3>
            <ul className="car-page__conditions">
              {places.map((p) => (
                <li key={p.id}>{p.name}</li>
              ))}
            </ul>
          </section>
        </div>

        <aside className="card car-page__price" aria-labelledby="car-price">
          <h2 id="car-price">{t("car.price")}</h2>
          {quote && quote.bookable ? (
            <>
              <p className="muted">
                {quote.summary}
                {quote.returnTo ? ` · ${t("search.returnTo", { place: quote.returnTo })}` : null}
              </p>
              <CarPrice
                car={{ ...car, ...quote.terms }}
                days={quote.days}
                payNow={quote.payNow}
                pickUpLabel={quote.pickUpLabel}
                bookHref={quote.bookHref}
                describedBy="car-title"
              />
              <BolivarNote />
            </>
          ) : (
            <>
              <p>
                {l.pricePerDay} <strong>{formatCents(car.dailyPriceCents)}</strong>
              </p>
              {quote ? (
                <div className="notice" role="status">
                  <p>{t("car.notAvailable")}</p>
                  <p>
                    <Link to={quote.resultsHref}>{t("car.otherCars")}</Link>
                  </p>
                </div>
              ) : null}
              <DatesForm action={selfHref} values={values} errors={errors} places={places} />
            </>
          )}
        </aside>
      </div>
    </article>
  );
}

/** Where and when, to price the car and book it: a GET form to this page, so it works without JavaScript. */
function DatesForm({
  action,
  values,
  errors,
  places,
}: {
  action: string;
  values: { pickup: string; from: string; to: string };
  errors: SearchErrors;
  places: Array<{ id: number; name: string }>;
}) {
  const { t } = useTranslation("catalogue");
  const labels = { pickup: t("form.pickup"), from: t("form.from"), to: t("form.to") };
  const fieldErrors: Record<string, string[]> = Object.fromEntries(
    Object.entries(errors).flatMap(([name, error]) => (error ? [[name, [error]]] : [])),
  );
  const described = (name: "pickup" | "from" | "to") => (errors[name] ? `car-${name}-error` : undefined);
  return (
    <Form method="get" action={action} className="stack car-page__dates" aria-labelledby="car-dates-title" noValidate>
      <h3 id="car-dates-title">{t("car.datesTitle")}</h3>
      <p className="muted">{t("car.datesLead")}</p>
      <FormErrors form={{ allErrors: fieldErrors }} labels={labels} />
      <input type="hidden" name={searchParamNames.same} value="1" />
      <div className="field">
        <label htmlFor="car-pickup">{labels.pickup}</label>
        <select
          id="car-pickup"
          name={searchParamNames.pickup}
          defaultValue={values.pickup}
          aria-invalid={errors.pickup ? true : undefined}
          aria-describedby={described("pickup")}
        >
          <option value="">{t("form.choose")}</option>
          {places.map((p) => (
            <option key={p.id} value={String(p.id)}>
              {p.name}
            </option>
          ))}
        </select>
        <FieldErrors id="car-pickup-error" errors={fieldErrors.pickup} label={labels.pickup} />
      </div>
      {(["from", "to"] as const).map((name) => (
        <div className="field" key={name}>
          <label htmlFor={`car-${name}`}>{labels[name]}</label>
          <input
            id={`car-${name}`}
            name={searchParamNames[name]}
            type="datetime-local"
            defaultValue={values[name]}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={described(name)}
          />
          <FieldErrors id={`car-${name}-error`} errors={fieldErrors[name]} label={labels[name]} />
        </div>
      ))}
      <button type="submit" className="button">
        {t("car.seePrice")}
      </button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <ErrorPage error={useRouteError()} />;
}
