import type { CarCard as SearchResultCar } from "~/modules/catalogue/result-card.server";
import { CarPrice } from "./car-price";
import type { CatalogueLabels } from "./labels";

/** What a result card shows: a search result plus its page and its Book link (the price block: car-price.tsx). */
export type CarCardData = Omit<SearchResultCar, "supplierId"> & {
  bookHref: string;
  /** The car page, carrying the search's places and dates. */
  carHref: string;
};

/** The facts chips read: a result's or a car page's car. */
export type CarFactsData = Pick<
  SearchResultCar,
  "seats" | "doors" | "bags" | "aircon" | "gearbox" | "fuelType" | "mileage" | "fuelPolicy"
>;

/** "Chevrolet Spark", or "Chevrolet Spark or similar" when the supplier may hand over another of its category. */
export function carTitle(car: { name: string; orSimilar: boolean }, labels: CatalogueLabels): string {
  return car.orSimilar ? labels.card.orSimilar(car.name) : car.name;
}

/**
 * The car's facts as short chips ("5 seats", "Automatic", "Unlimited km"). A chip whose value
 * needs its name to be understood carries it for screen readers ("Gearbox: Automatic").
 */
export function CarFacts({ car, labels }: { car: CarFactsData; labels: CatalogueLabels }) {
  const l = labels.card;
  /** A chip that shows a short form and says the full one to screen readers (and on hover). */
  const short = (full: string, visible: string) => (
    <>
      <span className="visually-hidden">{full}</span>
      <span aria-hidden="true" title={full}>
        {visible}
      </span>
    </>
  );
  const policy = car.fuelPolicy as keyof CatalogueLabels["fuelPolicy"];
  return (
    <ul className="car-facts car-card__specs" aria-label={l.facts}>
      <li>{l.seats(car.seats)}</li>
      <li>{l.doors(car.doors)}</li>
      <li>{l.bags(car.bags)}</li>
      <li>
        <span className="visually-hidden">{`${l.gearboxLabel}: `}</span>
        {labels.gearbox[car.gearbox as keyof CatalogueLabels["gearbox"]] ?? car.gearbox}
      </li>
      <li>{car.aircon ? short(l.aircon, l.airconShort) : short(l.noAircon, l.noAirconShort)}</li>
      <li>
        <span className="visually-hidden">{`${l.fuelLabel}: `}</span>
        {labels.fuel[car.fuelType as keyof CatalogueLabels["fuel"]] ?? car.fuelType}
      </li>
      <li>
        {car.mileage < 0
          ? short(`${l.mileageLabel}: ${labels.mileage.unlimited}`, l.unlimitedKm)
          : short(`${l.mileageLabel}: ${l.kmPerDay(car.mileage)}`, l.kmPerDay(car.mileage))}
      </li>
      <li>
        {short(
          `${l.fuelPolicyLabel}: ${labels.fuelPolicy[policy] ?? car.fuelPolicy}`,
          l.fuelPolicyShort[policy] ?? car.fuelPolicy,
        )}
      </li>
    </ul>
  );
}

/**
 * One result, compact: picture, name (a link to the car page), category and supplier, the
 * facts as chips, then the price area with Book. The options and their prices are on the car page.
 */
export function CarCard({
  car,
  days,
  labels,
  eager,
  payNow,
  pickUpLabel,
}: {
  car: CarCardData;
  days: number;
  labels: CatalogueLabels;
  eager?: boolean;
  payNow: boolean;
  pickUpLabel: string;
}) {
  const titleId = `car-${car.id}-title`;
  return (
    <article className="car-card" aria-labelledby={titleId}>
      {car.image ? (
        <img
          className="car-card__image"
          src={car.image}
          alt=""
          width={300}
          height={200}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
        />
      ) : (
        <span />
      )}
      <div className="car-card__body">
        <h3 id={titleId}>
          <a href={car.carHref}>{carTitle(car, labels)}</a>
        </h3>
        <p className="car-card__supplier">
          <span className="chip chip--category">{labels.category[car.category]}</span>
          {car.supplierLogo ? <img src={car.supplierLogo} alt="" width={60} height={30} loading="lazy" /> : null}
          <span className="car-card__supplier-name">{car.supplierName}</span>
        </p>
        <CarFacts car={car} labels={labels} />
      </div>
      <CarPrice
        car={car}
        days={days}
        payNow={payNow}
        pickUpLabel={pickUpLabel}
        bookHref={car.bookHref}
        describedBy={titleId}
      />
    </article>
  );
}
