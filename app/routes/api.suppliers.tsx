import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { absoluteUrl } from "~/modules/api/media-url.server";
import { listSuppliers } from "~/modules/api/operations/catalogue";
import { getSuppliers } from "~/modules/catalogue/reference.server";

const route = apiRoute(
  implement(listSuppliers, async () =>
    reply(200, {
      suppliers: (await getSuppliers()).map((supplier) => ({ ...supplier, logo: absoluteUrl(supplier.logo) })),
    }),
  ),
);
export const loader = route.loader;
export const action = route.action;
