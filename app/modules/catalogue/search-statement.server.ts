import { eq, sql, type AnyColumn } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { carSeasons } from "~/modules/pricing/seasons.server";
import { schema, type Database } from "~/utils/db.server";
import type { SortOrder } from "./filters";
import { foundCars, orderOf } from "./search-found.server";
import { periodDates, rentingSuppliers } from "./search-total.server";

/*
 * The search as ONE statement. It reads the pick-up place's cars from one index
 * (`car_locations_search`, which also holds the prices and the filter columns), orders those
 * that pass the filters by the real total of the period (or, when the daily price orders the
 * totals, walks them cheapest first), then keeps those the availability rule lets through, in
 * that order, and stops after `limit` of them: the page comes from that list and so does the
 * count, capped (result-count.ts) so that no search has to probe every car of a place. With the
 * cap the statement probes the bookings for a few hundred cars at most, one index entry each,
 * whatever the size of the fleet.
 *
 * It is a server-side prepared statement (postgres.js prepares each statement text once
 * per connection), built once per order with placeholders for every value, the filters'
 * included, so a request only binds values and PostgreSQL soon reuses one generic plan.
 *
 * Its parts: the filters' conditions (filters.server.ts), the suppliers and totals of the period
 * (search-total.server.ts) and the found cars in their order (search-found.server.ts).
 */

const ph = (name: string) => sql.placeholder(name);

// The page's cars are read again by id, under their own aliases, outside the CTE.
const pc = alias(schema.cars, "pc");
const ps = alias(schema.suppliers, "ps");

const cardFields = {
  id: pc.id,
  name: pc.name,
  image: pc.image,
  category: pc.category,
  bags: pc.bags,
  orSimilar: pc.orSimilar,
  dailyPriceCents: pc.dailyPriceCents,
  weeklyDailyPriceCents: pc.weeklyDailyPriceCents,
  monthlyDailyPriceCents: pc.monthlyDailyPriceCents,
  depositCents: pc.depositCents,
  depositMethod: pc.depositMethod,
  seats: pc.seats,
  doors: pc.doors,
  aircon: pc.aircon,
  fuelType: pc.fuelType,
  gearbox: pc.gearbox,
  mileage: pc.mileage,
  fuelPolicy: pc.fuelPolicy,
  payLaterFeePercent: pc.payLaterFeePercent,
  payLaterAllowed: ps.payLater,
  cancellation: pc.cancellationCents,
  gps: pc.gpsCents,
  homeDelivery: pc.homeDeliveryCents,
  babyChair: pc.babyChairCents,
  theftProtection: pc.theftProtectionCents,
  collisionDamageWaiver: pc.collisionDamageWaiverCents,
  fullInsurance: pc.fullInsuranceCents,
  additionalDriver: pc.additionalDriverCents,
  collisionDamageWaiverExcess: pc.collisionDamageWaiverExcessCents,
  theftProtectionExcess: pc.theftProtectionExcessCents,
  fullInsuranceExcess: pc.fullInsuranceExcessCents,
  supplierId: pc.supplierId,
  supplierName: ps.name,
  supplierLogo: ps.logo,
  oneWayFeeCents: ps.oneWayFeeCents,
  // The supplier's score as stored (docs/domain.md#reviews), read with its row: no query of its own.
  supplierReviewCount: ps.reviewCount,
  supplierReviewSum: ps.reviewSum,
};

export type CardRow = { [K in keyof typeof cardFields]: (typeof cardFields)[K]["_"]["data"] };

/*
 * A page's car comes back as one JSON array rather than 25 columns: the driver parses it in one
 * go, where mapping 25 columns of 20 rows into objects took about 5% of a search's server time.
 */
const cardColumns = Object.entries(cardFields) as Array<[keyof CardRow, AnyColumn]>;
const cardTuple = sql<unknown[] | null>`json_build_array(${sql.join(
  cardColumns.map(([, column]) => column),
  sql`, `,
)})`;

export function rowFrom(values: unknown[]): CardRow {
  const row: Record<string, unknown> = {};
  cardColumns.forEach(([key], i) => (row[key] = values[i]));
  return row as CardRow;
}

/** A page car's seasons in the period: read with the page's cars, so their rates need no query of their own. */
const pageCarSeasons = carSeasons(pc.id, pc.supplierId, periodDates);

function buildQuery(db: Database, sort: SortOrder) {
  const sup = rentingSuppliers(db);
  const found = db.$with("found").as(foundCars(db, sort, sup));
  const counted = db.$with("counted").as(db.select({ found: sql<number>`count(*)::int`.as("found") }).from(found));
  const page = db.$with("page").as(
    db
      .select({
        fid: found.fid,
        ftotal: found.ftotal,
        fseats: found.fseats,
        fsname: found.fsname,
        fsid: found.fsid,
        frating: found.frating,
      })
      .from(found)
      .orderBy(...orderOf(sort, found))
      .limit(ph("size"))
      .offset(ph("offset")),
  );
  // Driven by the one-row count, so a page past the end still says how many cars there are.
  return db
    .with(sup, found, counted, page)
    .select({ found: counted.found, car: cardTuple, seasons: pageCarSeasons })
    .from(counted)
    .leftJoin(page, sql`true`)
    .leftJoin(pc, eq(pc.id, page.fid))
    .leftJoin(ps, eq(ps.id, pc.supplierId))
    .orderBy(...orderOf(sort, page))
    .prepare("search");
}

type Query = ReturnType<typeof buildQuery>;
/** Per database handle (tests reopen it), per order. */
const preparedQueries = new WeakMap<Database, Map<string, Query>>();

export function queryFor(db: Database, sort: SortOrder): Query {
  let bySort = preparedQueries.get(db);
  if (!bySort) preparedQueries.set(db, (bySort = new Map()));
  // "total" and "perDay" are one order, hence one statement.
  const key = sort === "perDay" ? "total" : sort;
  let query = bySort.get(key);
  if (!query) bySort.set(key, (query = buildQuery(db, sort)));
  return query;
}
