import { formatCents } from "~/modules/i18n/format";
import type { CarCard as SearchResultCar } from "~/modules/catalogue/search.server";
import { optionKeys, optionState } from "~/modules/pricing/pricing";
import { CarPrice } from "./car-price";
import type { CatalogueLabels } from "./labels";

/** What a result card shows: a search result plus its Book link (the price block: car-price.tsx). */
export type CarCardData = Omit<SearchResultCar, "supplierId"> & { bookHref: string };

const SEPARATOR = " · ";

/** The specs line: "5 seats · 4 doors · Air conditioning · Gearbox: Manual · …". */
export function specsText(car: CarCardData, labels: CatalogueLabels): string {
  const l = labels.card;
  return [
    l.seats(car.seats),
    l.doors(car.doors),
    car.aircon ? l.aircon : l.noAircon,
    `${l.gearboxLabel}: ${labels.gearbox[car.gearbox as keyof CatalogueLabels["gearbox"]] ?? car.gearbox}`,
    `${l.fuelLabel}: ${labels.fuel[car.fuelType as keyof CatalogueLabels["fuel"]] ?? car.fuelType}`,
    `${l.mileageLabel}: ${car.mileage < 0 ? labels.mileage.unlimited : l.kmPerDay(car.mileage)}`,
    `${l.fuelPolicyLabel}: ${labels.fuelPolicy[car.fuelPolicy as keyof CatalogueLabels["fuelPolicy"]] ?? car.fuelPolicy}`,
  ].join(SEPARATOR);
}

/** Each option as included, its price per day (cancellation: once) or unavailable. */
export function optionsText(car: CarCardData, labels: CatalogueLabels): string {
  const l = labels.card;
  return optionKeys
    .map((key) => {
      const state = optionState(key, car.options[key]);
      const value =
        state.kind === "unavailable"
          ? l.unavailable
          : state.kind === "included"
            ? l.included
            : state.kind === "perDay"
              ? l.optionPerDay(formatCents(state.cents))
              : l.optionFlat(formatCents(state.cents));
      return `${labels.options[key]}: ${value}`;
    })
    .join(SEPARATOR);
}

/**
 * One result. Lines of text rather than a element per fact: fifteen cards are most of
 * the page, and every element is server rendering and hydration work.
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
  const l = labels.card;
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
        <h3 id={titleId}>{car.name}</h3>
        <p className="car-card__supplier">
          {car.supplierLogo ? <img src={car.supplierLogo} alt="" width={60} height={30} loading="lazy" /> : null}
          {`${car.supplierName}`}
        </p>
        <p className="car-card__specs">{specsText(car, labels)}</p>
        <p className="car-card__options">
          <strong>{l.optionsLabel}</strong> {optionsText(car, labels)}
        </p>
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
