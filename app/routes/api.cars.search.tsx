import { apiRoute, implement, reply, validationError } from "~/modules/api/handler.server";
import { absoluteUrl } from "~/modules/api/media-url.server";
import { searchCars } from "~/modules/api/operations/catalogue";
import { presentLocations } from "~/modules/catalogue/present.server";
import { CARS_PER_PAGE, parseSearchParams, type KnownLocation } from "~/modules/catalogue/search-query";
import { searchCars as search } from "~/modules/catalogue/search.server";
import { limitsLeavingOut } from "~/modules/availability/availability.server";
import { priceRental } from "~/modules/pricing/pricing";

const route = apiRoute(
  implement(searchCars, async ({ request, language, query: { pageSize = CARS_PER_PAGE } }) => {
    const locations = await presentLocations(language);
    const known = new Map<number, KnownLocation>(locations.map((l) => [l.id, l]));
    // The page's own reader of the query string (repeated filters included), with its messages.
    const parsed = parseSearchParams(new URL(request.url).searchParams, known, new Date());
    if (!parsed.query) throw validationError(parsed.errors as Record<string, string>);
    let query = { ...parsed.query, pageSize };
    let { cars, count } = await search(query);
    // A page past the end gives the last page, as in every list of the API (list/paging.ts).
    const last = Math.max(1, count.pages);
    if (query.page > last) {
      query = { ...query, page: last };
      ({ cars, count } = await search(query));
    }
    const { days, from, to, pickUp, dropOff } = query.period;
    const leftOut =
      count.total === 0
        ? await limitsLeavingOut({ locationId: query.pickupId, pickUp, dropOff, now: new Date() })
        : null;
    return reply(200, {
      cars: cars.map(({ rates, fees, ...car }) => ({
        ...car,
        image: absoluteUrl(car.image),
        supplierLogo: absoluteUrl(car.supplierLogo),
        // The page's total (car-price.tsx), checkout's too: the same rates and fees through priceRental.
        totalCents: priceRental({ car, days, rates, fees }).totalCents,
        fees,
      })),
      total: count.total,
      more: count.more,
      page: query.page,
      pages: count.pages,
      pageSize,
      days,
      pickupLocationId: query.pickupId,
      dropoffLocationId: query.dropoffId,
      from,
      to,
      leftOut,
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
