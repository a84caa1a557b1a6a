import { apiRoute, implement, reply, validationError } from "~/modules/api/handler.server";
import { absoluteUrl } from "~/modules/api/media-url.server";
import { searchCars } from "~/modules/api/operations/catalogue";
import { presentLocations } from "~/modules/catalogue/present.server";
import { CARS_PER_PAGE, parseSearchParams } from "~/modules/catalogue/search-query";
import { searchCars as search } from "~/modules/catalogue/search.server";
import { limitsLeavingOut } from "~/modules/availability/availability.server";
import { priceRental } from "~/modules/pricing/pricing";
import { hoursRefusalMessage, rentalHandovers } from "~/modules/availability/opening-hours";
import { hoursRefusalBody } from "~/modules/api/hours";

const route = apiRoute(
  implement(searchCars, async ({ request, language, t, query: { pageSize = CARS_PER_PAGE } }) => {
    const locations = await presentLocations(language);
    const known = new Map(locations.map((l) => [l.id, l]));
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
    // The searched times at the places' hours, as /search warns (docs/domain.md#opening-hours).
    const pickup = known.get(query.pickupId)!;
    const dropoff = known.get(query.dropoffId)!;
    const handovers = rentalHandovers(pickup, dropoff, pickUp, dropOff);
    let outsideHours = null;
    if (!handovers.ok) {
      const { refusal } = handovers;
      const place = refusal.handover === "pickUp" ? pickup : dropoff;
      const { key, values } = hoursRefusalMessage(refusal, place.name, language);
      outsideHours = { ...hoursRefusalBody(refusal), message: t(key, values) };
    }
    return reply(200, {
      // Each car's supplierScore is read with the page's cars, in the search's one statement (docs/domain.md#reviews).
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
      outsideHours,
      outOfHoursFees: handovers.ok ? handovers.fees : { pickUp: 0, dropOff: 0 },
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
