import type { CarCard as CarDetails, ResultCard } from "~/modules/catalogue/result-card.server";
import { formatCents } from "~/modules/i18n/format";
import { formatScore, type Score } from "~/modules/catalogue/supplier-score";
import { useTranslation } from "~/modules/i18n/react";
import { BolivarEstimate } from "~/components/price/bolivar-estimate";
import type { CatalogueLabels } from "./labels";

/** What a result card shows: a search result plus its page and its Book link. */
export type CarCardData = ResultCard & {
  bookHref: string;
  /** The car page, carrying the search's places and dates. */
  carHref: string;
};

/** The facts chips read: a result's six, or a car page's eight (with its doors and fuel). */
export type CarFactsData = Pick<CarDetails, "seats" | "bags" | "aircon" | "gearbox" | "mileage" | "fuelPolicy"> &
  Partial<Pick<CarDetails, "doors" | "fuelType">>;

/** "Chevrolet Spark", or "Chevrolet Spark or similar" when the supplier may hand over another of its category. */
export function carTitle(car: { name: string; orSimilar: boolean }, labels: CatalogueLabels): string {
  return car.orSimilar ? labels.card.orSimilar(car.name) : car.name;
}

/**
 * The car's facts as short chips ("5 seats", "Automatic", "Unlimited km"), each written once in
 * words that need no label, so what is read is what is seen. A result shows six; the car page
 * also the doors and the fuel.
 */
export function CarFacts({ car, labels }: { car: CarFactsData; labels: CatalogueLabels }) {
  const l = labels.card;
  const policy = car.fuelPolicy as keyof CatalogueLabels["fuelPolicy"];
  return (
    <ul className="car-facts" aria-label={l.facts}>
      <li>{l.seats(car.seats)}</li>
      {car.doors !== undefined ? <li>{l.doors(car.doors)}</li> : null}
      <li>{l.bags(car.bags)}</li>
      <li>{labels.gearbox[car.gearbox as keyof CatalogueLabels["gearbox"]] ?? car.gearbox}</li>
      <li>{car.aircon ? l.aircon : l.noAircon}</li>
      {car.fuelType !== undefined ? (
        <li>{labels.fuel[car.fuelType as keyof CatalogueLabels["fuel"]] ?? car.fuelType}</li>
      ) : null}
      <li>{car.mileage < 0 ? l.unlimitedKm : l.kmPerDay(car.mileage)}</li>
      <li>{l.fuelPolicyShort[policy] ?? car.fuelPolicy}</li>
    </ul>
  );
}

/**
 * The supplier's score, compact ("★ 4.3 (12)"), or "New" below three reviews (docs/domain.md#reviews):
 * the card's and the car page's. Read out whole ("4.3 out of 5, 12 reviews") as one image of text.
 */
export function ScoreText({ score, labels }: { score: Score; labels: CatalogueLabels }) {
  const { average, count } = score;
  const shown = average === null ? null : formatScore(average);
  return (
    <span
      className="car-card__score"
      role="img"
      aria-label={shown === null ? labels.card.scoreNewLabel : labels.card.scoreLabel(shown, count)}
    >
      {shown === null ? labels.card.scoreNew : labels.card.score(shown, count)}
    </span>
  );
}

/**
 * One result, compact (docs/domain.md#price-lines): picture, name (a link to the car page),
 * category and supplier, six facts, the headline total with its average day, paying at pick-up's
 * total when it costs more, free cancellation, and Book. The car page has the rest.
 */
export function CarCard({
  car,
  days,
  labels,
  eager,
}: {
  car: CarCardData;
  days: number;
  labels: CatalogueLabels;
  eager?: boolean;
}) {
  const { t } = useTranslation("price");
  const titleId = `car-${car.id}`;
  const { price } = car;
  return (
    <article className="car-card" aria-labelledby={titleId}>
      {car.image ? <img src={car.image} alt="" width={300} height={200} loading={eager ? undefined : "lazy"} /> : null}
      <h3 id={titleId}>
        <a href={car.carHref}>{carTitle(car, labels)}</a>
      </h3>
      <p className="car-card__supplier">
        <span className="chip chip--category">{labels.category[car.category]}</span>
        {car.supplierLogo ? <img src={car.supplierLogo} alt="" width={60} height={30} loading="lazy" /> : null}
        <span className="car-card__supplier-name">{car.supplierName}</span>
        <ScoreText score={car.supplierScore} labels={labels} />
      </p>
      <CarFacts car={car} labels={labels} />
      <div className="car-card__price">
        {price ? (
          <>
            <p>
              {`${t("result.either", { count: days })} `}
              <strong className="car-card__total" data-way={price.way ?? "either"}>
                {formatCents(price.totalCents)}
              </strong>{" "}
              <BolivarEstimate cents={price.totalCents} />
            </p>
            <p className="car-card__day">{labels.card.perDay(formatCents(price.perDayCents))}</p>
            {price.payLaterCents !== null ? (
              <p>
                {`${t("result.payLaterShort")} `}
                <strong data-way="payLater">{formatCents(price.payLaterCents)}</strong>
              </p>
            ) : null}
            {price.freeCancellation ? (
              <p className="car-card__cancel">
                {t(
                  price.freeCancellation === "always"
                    ? "result.freeCancellationShort"
                    : "result.freeCancellationIfPayLater",
                )}
              </p>
            ) : null}
          </>
        ) : null}
        {/* Checkout is its own page: a full navigation carrying the car, the places and the dates. */}
        <a className="button" href={car.bookHref} aria-describedby={titleId}>
          {labels.card.book}
        </a>
      </div>
    </article>
  );
}
