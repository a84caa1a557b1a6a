import { formatCents } from "~/modules/i18n/format";
import type { CatalogueLabels } from "./labels";

/** What the price area of a result card reads. */
export type CarCardPriceData = { dailyPriceCents: number; totalCents: number; depositCents: number };

/**
 * The price area of a result card: price per day, the total for the period, the deposit and
 * Book. One component, so the rules about what a price shows (docs/domain.md#price) live in
 * one place.
 */
export function CarCardPrice({
  car,
  days,
  labels,
  bookHref,
  describedBy,
}: {
  car: CarCardPriceData;
  days: number;
  labels: CatalogueLabels;
  bookHref: string;
  describedBy: string;
}) {
  const l = labels.card;
  return (
    <div className="car-card__price">
      <p>
        {l.pricePerDay} <strong>{formatCents(car.dailyPriceCents)}</strong>
      </p>
      <p>
        {l.total(days)} <strong className="car-card__total">{formatCents(car.totalCents)}</strong>
      </p>
      <p className="car-card__deposit">{`${l.depositLabel}: ${formatCents(car.depositCents)}`}</p>
      {/* Checkout is its own page: a full navigation carrying the car, the places and the dates. */}
      <a className="button" href={bookHref} aria-describedby={describedBy}>
        {l.book}
      </a>
    </div>
  );
}
