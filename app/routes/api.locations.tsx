import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { listLocations } from "~/modules/api/operations/catalogue";
import { presentLocations } from "~/modules/catalogue/present.server";
import { calendarDateIn } from "~/modules/time/calendar";

const route = apiRoute(
  implement(listLocations, async ({ language }) => {
    const now = new Date();
    const locations = (await presentLocations(language)).map(({ hours, ...place }) => {
      // Past closed dates say nothing to a client: the coming ones, on the place's calendar (docs/domain.md#opening-hours).
      const today = calendarDateIn(place.timeZone, now);
      return {
        ...place,
        openingHours: hours.week,
        closedDates: hours.closedDates.filter((date) => date >= today).sort(),
        outOfHoursFeeCents: hours.outOfHoursFeeCents,
      };
    });
    return reply(200, { locations });
  }),
);
export const loader = route.loader;
export const action = route.action;
