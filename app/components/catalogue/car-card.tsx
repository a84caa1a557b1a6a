import { useMemo } from "react";
import type { Translate } from "~/modules/i18n/translate";
import { formatCents } from "~/modules/i18n/format";
import { useTranslation } from "~/modules/i18n/react";
import { optionKeys, optionState, type OptionKey } from "~/modules/pricing/pricing";

/** What a result card shows; option values follow the spec's -1 / 0 / price convention. */
export type CarCardData = {
  id: number;
  name: string;
  image: string | null;
  dailyPriceCents: number;
  depositCents: number;
  seats: number;
  doors: number;
  aircon: boolean;
  fuelType: string;
  gearbox: string;
  mileage: number;
  fuelPolicy: string;
  options: Record<OptionKey, number>;
  supplierName: string;
  supplierLogo: string | null;
  totalCents: number;
  bookHref: string;
};

/** A translation with one value to fill in, translated once and filled per use. */
function template(t: Translate, key: string, name: string): (value: string | number) => string {
  const mark = "\u0001";
  const parts = t(key, { [name]: mark }).split(mark);
  return (value) => parts.join(String(value));
}

/** Pluralised translations, memoised per count. */
function counted(t: Translate, key: string): (count: number) => string {
  const seen = new Map<number, string>();
  return (count) => {
    let text = seen.get(count);
    if (text === undefined) seen.set(count, (text = t(key, { count })));
    return text;
  };
}

/**
 * Every label a page of cards needs, translated once per page rather than once per card:
 * fifteen cards of twenty-odd labels made i18next the main cost of the search page.
 */
export function useCarCardLabels() {
  const { t, i18n } = useTranslation("catalogue");
  return useMemo(() => {
    const keyed = (prefix: string, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, t(`${prefix}.${k}`)]));
    return {
      supplier: t("card.supplier"),
      seats: counted(t, "card.seats"),
      doors: counted(t, "card.doors"),
      aircon: t("card.aircon"),
      noAircon: t("card.noAircon"),
      gearboxLabel: t("card.gearbox"),
      fuelLabel: t("card.fuel"),
      mileageLabel: t("card.mileage"),
      fuelPolicyLabel: t("card.fuelPolicy"),
      depositLabel: t("card.deposit"),
      optionsLabel: t("card.options"),
      gearbox: keyed("gearbox", ["manual", "automatic"]),
      fuel: keyed("fuel", ["diesel", "gasoline", "electric", "hybrid", "plugInHybrid", "unknown"]),
      fuelPolicy: keyed("fuelPolicy", ["likeForlike", "freeTank"]),
      unlimited: t("mileage.unlimited"),
      kmPerDay: template(t, "mileage.perDay", "km"),
      options: keyed("options", optionKeys),
      included: t("card.included"),
      unavailable: t("card.unavailable"),
      optionPerDay: template(t, "card.optionPerDay", "price"),
      optionFlat: template(t, "card.optionFlat", "price"),
      pricePerDay: t("card.pricePerDay"),
      total: counted(t, "card.total"),
      book: t("card.book"),
    };
    // The language is what changes the labels; `t` is stable for it.
  }, [i18n.language]);
}

export type CarCardLabels = ReturnType<typeof useCarCardLabels>;

export function CarCard({ car, days, labels, eager }: { car: CarCardData; days: number; labels: CarCardLabels; eager?: boolean }) {
  const titleId = `car-${car.id}-title`;
  return (
    <article className="car-card" aria-labelledby={titleId}>
      <div className="car-card__media">
        {car.image ? <img src={car.image} alt="" width={300} height={200} loading={eager ? "eager" : "lazy"} decoding="async" /> : null}
      </div>
      <div className="car-card__body">
        <h3 id={titleId}>{car.name}</h3>
        <p className="car-card__supplier">
          {car.supplierLogo ? <img src={car.supplierLogo} alt="" width={60} height={30} loading="lazy" /> : null}
          <span>
            <span className="visually-hidden">{labels.supplier}: </span>
            {car.supplierName}
          </span>
        </p>
        <ul className="car-card__specs">
          <li>{labels.seats(car.seats)}</li>
          <li>{labels.doors(car.doors)}</li>
          <li>{car.aircon ? labels.aircon : labels.noAircon}</li>
          <li>{`${labels.gearboxLabel}: ${labels.gearbox[car.gearbox]}`}</li>
          <li>{`${labels.fuelLabel}: ${labels.fuel[car.fuelType]}`}</li>
          <li>{`${labels.mileageLabel}: ${car.mileage < 0 ? labels.unlimited : labels.kmPerDay(car.mileage)}`}</li>
          <li>{`${labels.fuelPolicyLabel}: ${labels.fuelPolicy[car.fuelPolicy]}`}</li>
          <li>{`${labels.depositLabel}: ${formatCents(car.depositCents)}`}</li>
        </ul>
        <div className="car-card__options">
          <p className="car-card__label">{labels.optionsLabel}</p>
          <dl>
            {optionKeys.map((key) => (
              <div key={key}>
                <dt>{labels.options[key]}</dt>
                <dd>{optionText(labels, key, car.options[key])}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
      <div className="car-card__price">
        <p>
          <span className="car-card__label">{labels.pricePerDay}</span> <strong>{formatCents(car.dailyPriceCents)}</strong>
        </p>
        <p>
          <span className="car-card__label">{labels.total(days)}</span> <strong className="car-card__total">{formatCents(car.totalCents)}</strong>
        </p>
        {/* Checkout is its own page: a full navigation carrying the car, the places and the dates. */}
        <a className="button" href={car.bookHref} aria-describedby={titleId}>
          {labels.book}
        </a>
      </div>
    </article>
  );
}

function optionText(labels: CarCardLabels, key: OptionKey, cents: number): string {
  const state = optionState(key, cents);
  switch (state.kind) {
    case "unavailable":
      return labels.unavailable;
    case "included":
      return labels.included;
    case "perDay":
      return labels.optionPerDay(formatCents(state.cents));
    case "flat":
      return labels.optionFlat(formatCents(state.cents));
  }
}
