import type { ComponentProps } from "react";
import { useServerDrawn } from "~/modules/http/server-drawn";
import { carHref, checkoutHref } from "~/modules/catalogue/search-query";
import { CarCard } from "./car-card";
import type { CatalogueLabels } from "./labels";

/** The key the search page's cards are kept under for the document's render (server-drawn.ts). */
export const CARS_DRAWN = "search.cars";

type Card = Omit<ComponentProps<typeof CarCard>["car"], "carHref" | "bookHref">;

/** What the list needs of the search: its cards (null in a document's data), places, dates and days. */
type ListedSearch = {
  cars: Card[] | null;
  pickupId: number;
  dropoffId: number;
  from: string;
  to: string;
  days: number;
};

/**
 * The page's cards. While the browser hydrates a document they are the server's markup as it
 * is (its data left them out: server-drawn.ts); a client navigation's data draws them anew.
 */
export function ResultList({ results, labels }: { results: ListedSearch; labels: CatalogueLabels }) {
  const cars = useServerDrawn(CARS_DRAWN, results.cars);
  if (!cars)
    return <ol key="drawn" className="car-list" dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  return (
    <ol key="live" className="car-list">
      {cars.map((car, i) => (
        <li key={car.id}>
          <CarCard
            car={{
              ...car,
              carHref: carHref(car.id, results),
              bookHref: checkoutHref({
                carId: car.id,
                pickupId: results.pickupId,
                dropoffId: results.dropoffId,
                from: results.from,
                to: results.to,
              }),
            }}
            days={results.days}
            labels={labels}
            eager={i < 2}
          />
        </li>
      ))}
    </ol>
  );
}
