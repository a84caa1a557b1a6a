import { apiRoute, implement, reply } from "~/modules/api/handler.server";
import { absoluteUrl } from "~/modules/api/media-url.server";
import { listSuppliers } from "~/modules/api/operations/catalogue";
import { getSuppliers } from "~/modules/catalogue/reference.server";
import { supplierScores } from "~/modules/review/supplier-scores.server";

const route = apiRoute(
  implement(listSuppliers, async () => {
    const suppliers = await getSuppliers();
    // The list is cached; the scores, which change with every published review, are read in one query.
    const scores = await supplierScores(suppliers.map((s) => s.id));
    return reply(200, {
      suppliers: suppliers.map((supplier) => ({
        ...supplier,
        logo: absoluteUrl(supplier.logo),
        score: scores.get(supplier.id) ?? { count: 0, average: null },
      })),
    });
  }),
);
export const loader = route.loader;
export const action = route.action;
