import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { listLocations } from "~/modules/api/operations/catalogue";
import { presentLocations } from "~/modules/catalogue/present.server";

const route = apiRoute(
  implement(listLocations, async ({ language }) => reply(200, { locations: await presentLocations(language) })),
);
export const loader = route.loader;
export const action = route.action;
