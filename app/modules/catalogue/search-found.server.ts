import { and, asc, desc, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { bookablePlace as cl, bookableSupplier as s, carIsBookable } from "~/modules/availability/availability.server";
import { MONTHLY_DAYS, WEEKLY_DAYS } from "~/modules/pricing/rates";
import type { Database } from "~/utils/db.server";
import type { SortOrder } from "./filters";
import { filterConditions } from "./filters.server";
import { rentingSuppliers, totalOf } from "./search-total.server";

/*
 * The found cars of the search's statement (search-statement.server.ts): the first `limit`
 * bookable cars of the pick-up place in the chosen order, sorted by their total or walked
 * cheapest first in `car_locations_search`, each asked the availability rule in that order.
 */

const ph = (name: string) => sql.placeholder(name);

/**
 * The walk's limit (cap + 1) as a one-row subquery, which the planner cannot read. The first
 * executions of a prepared statement on a connection get custom plans, which see the values;
 * with a known limit near the guessed number of bookable cars, a plan probed and sorted the
 * place's whole fleet instead of walking the index and stopping. Unknown, the limit is planned
 * as a small part of the rows, as in a generic plan, so every plan walks and stops
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md#addendum-2026-11-26-the-rental-rules-and-the-walk).
 * drizzle types `limit` as a number or a placeholder; it writes any SQL it is given.
 */
const walkLimit = sql`(select ${ph("limit")}::bigint)` as unknown as Placeholder;

/**
 * The columns every order's list carries: the car and the values it is ordered by. Their names
 * are unique in the statement, since drizzle writes a CTE's aliased columns unqualified.
 */
type FoundColumns = Record<"fid" | "ftotal" | "fseats" | "fsname" | "fsid" | "frating", unknown>;

/**
 * The chosen order (docs/domain.md#search-order) over a list's columns; the car id breaks ties.
 * `ftotal` is the real total of the searched period, so it orders the price per day as well.
 */
export function orderOf(sort: SortOrder, t: FoundColumns): SQL[] {
  const col = (c: unknown) => c as AnyColumn;
  if (sort === "seats") return [desc(col(t.fseats)), asc(col(t.ftotal)), asc(col(t.fid))];
  if (sort === "supplier") return [asc(col(t.fsname)), asc(col(t.fsid)), asc(col(t.ftotal)), asc(col(t.fid))];
  // The best-scored suppliers first, "new" ones (no score) after every scored one (docs/domain.md#reviews).
  if (sort === "rating") return [sql`${col(t.frating)} desc nulls last`, asc(col(t.ftotal)), asc(col(t.fid))];
  return [asc(col(t.ftotal)), asc(col(t.fid))];
}

/** `OFFSET 0`, written out: drizzle leaves a zero offset out of the statement. */
const offsetZero = sql`0` as unknown as Placeholder;

/**
 * The availability predicate for the list's car `cl`, asked of its supplier `s` as a lateral
 * subquery (docs/domain.md#availability). A join with the suppliers would let PostgreSQL reorder
 * the plan: the generic plan of the prepared statement, reused after its fifth run on a
 * connection, guessed a few dozen cars per place, joined them with their suppliers before the
 * probes and sorted again, so every car of the place was probed (1,894 where 234 were needed:
 * 10 ms against 3.7 ms). A lateral subquery that OFFSET 0 keeps whole is asked once per row,
 * in the list's order, and the LIMIT above stops it
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md#addendum-2026-11-27-the-probe-in-order).
 */
function bookableHere(db: Database) {
  return db
    .select({ ok: sql<number>`1`.as("ok") })
    .from(s)
    .where(
      and(
        sql`${s.id} = cl.supplier_id`,
        carIsBookable({
          locationId: ph("location"),
          pickUp: ph("pickUp"),
          dropOff: ph("dropOff"),
          days: ph("days"),
          now: ph("now"),
        }),
      ),
    )
    .offset(offsetZero)
    .as("ok");
}

/**
 * The first `limit` bookable cars in the chosen order (docs/domain.md#search-order). The order is
 * by the real total of the period, which seasons, longer-rental rates and one-way fees make
 * differ from the daily price's order, so no index walks it. The place's cars that pass the cheap
 * tests (the filters, read with the prices from `car_locations_search`, and their supplier in
 * `sup`) are sorted by their total first, a quick sort of at most the place's fleet; then the
 * availability predicate probes them in that order and stops at `limit`, so the bookings are
 * still read for a few hundred cars at most
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md#addendum-2026-11-26-ordered-by-the-real-total).
 */
function foundQuery(db: Database, sort: SortOrder, sup: ReturnType<typeof rentingSuppliers>) {
  // The rental's base rate (docs/domain.md#long-rental-rates): least() skips the absent prices.
  const rate = sql`(case when ${ph("days")}::int >= ${MONTHLY_DAYS}
      then least(${cl.dailyPriceCents}, ${cl.weeklyDailyPriceCents}, ${cl.monthlyDailyPriceCents})
      when ${ph("days")}::int >= ${WEEKLY_DAYS} then least(${cl.dailyPriceCents}, ${cl.weeklyDailyPriceCents})
      else ${cl.dailyPriceCents} end)::bigint`;
  const candidates = db
    .select({
      car_id: cl.carId,
      supplier_id: cl.supplierId,
      seats: cl.seats,
      uname: sup.uname,
      ufee: sup.ufee,
      up1: sup.up1,
      un1: sup.un1,
      up2: sup.up2,
      un2: sup.un2,
      umany: sup.umany,
      urating: sup.urating,
      rate: sql<number>`${rate}`.as("rate"),
    })
    .from(cl)
    .innerJoin(sup, sql`${sup.uid} = ${cl.supplierId}`)
    .where(and(sql`${cl.locationId} = ${ph("location")}::int and ${cl.bookable}`, ...filterConditions));
  // Sorted inside (ORDER BY its own output names), so the predicate below probes the cheapest
  // first and stops. Named `cl` with the place row's columns the predicate reads (all its cars
  // are at the place and bookable), so no car is read twice.
  const bare = (name: string) => sql.raw(name);
  const sorted = db
    .select({
      car_id: sql<number>`c.car_id`.as("car_id"),
      location_id: sql<number>`${ph("location")}::int`.as("location_id"),
      bookable: sql<boolean>`true`.as("bookable"),
      supplier_id: sql<number>`c.supplier_id`.as("supplier_id"),
      rtotal: sql<number>`${totalOf()}`.as("rtotal"),
      rseats: sql<number>`c.seats`.as("rseats"),
      rsname: sql<string>`c.uname`.as("rsname"),
      rrating: sql<number | null>`c.urating`.as("rrating"),
    })
    .from(sql`(${candidates}) c`)
    .orderBy(
      ...orderOf(sort, {
        fid: bare("car_id"),
        ftotal: bare("rtotal"),
        fseats: bare("rseats"),
        fsname: bare("rsname"),
        fsid: bare("supplier_id"),
        frating: bare("rrating"),
      }),
    )
    .as("cl");
  return db
    .select({
      fid: sql<number>`${sorted.car_id}`.as("fid"),
      ftotal: sql<number>`${sorted.rtotal}`.as("ftotal"),
      fseats: sql<number>`${sorted.rseats}`.as("fseats"),
      fsname: sql<string>`${sorted.rsname}`.as("fsname"),
      fsid: sql<number>`${sorted.supplier_id}`.as("fsid"),
      frating: sql<number | null>`${sorted.rrating}`.as("frating"),
    })
    .from(sorted)
    .crossJoinLateral(bookableHere(db))
    .orderBy(
      ...orderOf(sort, {
        fid: sorted.car_id,
        ftotal: sorted.rtotal,
        fseats: sorted.rseats,
        fsname: sorted.rsname,
        fsid: sorted.supplier_id,
        frating: sorted.rrating,
      }),
    )
    .limit(walkLimit);
}

/**
 * The searches the daily price still orders by total: fewer than 7 days (the base rate is the
 * daily price), no season of a renting supplier in the period and no one-way fee. Then every
 * total is the daily price × the days, and the place's cars are walked cheapest first in
 * `car_locations_search`, stopping at `limit` bookable ones, as before seasons existed.
 */
function dailyPriceOrders(sup: ReturnType<typeof rentingSuppliers>): SQL {
  return sql`(${ph("days")}::int < ${WEEKLY_DAYS}
    and not exists (select 1 from ${sup} where ${sup.up1} is not null or ${sup.ufee} > 0))`;
}

/** The walk of the searches `dailyPriceOrders`: cheapest first, the car id breaking ties. */
function walkQuery(db: Database, sup: ReturnType<typeof rentingSuppliers>) {
  return db
    .select({
      fid: sql<number>`${cl.carId}`.as("fid"),
      ftotal: sql<number>`${ph("days")}::int * ${cl.dailyPriceCents}::bigint`.as("ftotal"),
      fseats: sql<number>`${cl.seats}`.as("fseats"),
      fsname: sql<string>`''`.as("fsname"),
      fsid: sql<number>`${cl.supplierId}`.as("fsid"),
      // Walked only for the orders by total, which do not read it.
      frating: sql<number | null>`null::int`.as("frating"),
    })
    .from(cl)
    .crossJoinLateral(bookableHere(db))
    .where(
      and(
        dailyPriceOrders(sup),
        sql`${cl.locationId} = ${ph("location")}::int and ${cl.bookable}`,
        ...filterConditions,
      ),
    )
    .orderBy(asc(cl.dailyPriceCents), asc(cl.carId))
    .limit(walkLimit);
}

/**
 * The found cars. By total (or per day), a search the daily price orders walks the index and the
 * others sort (`foundQuery`): two branches, each behind a test of the search's values alone, which
 * PostgreSQL evaluates once and skips the other branch for. Other orders always sort.
 */
export function foundCars(db: Database, sort: SortOrder, sup: ReturnType<typeof rentingSuppliers>) {
  const sorted = foundQuery(db, sort, sup);
  if (sort !== "total" && sort !== "perDay") return sorted;
  const walked = walkQuery(db, sup).as("walked");
  const other = sorted.as("other");
  return db
    .select({
      fid: walked.fid,
      ftotal: walked.ftotal,
      fseats: walked.fseats,
      fsname: walked.fsname,
      fsid: walked.fsid,
      frating: walked.frating,
    })
    .from(walked)
    .unionAll(
      db
        .select({
          fid: other.fid,
          ftotal: other.ftotal,
          fseats: other.fseats,
          fsname: other.fsname,
          fsid: other.fsid,
          frating: other.frating,
        })
        .from(other)
        .where(sql`not ${dailyPriceOrders(sup)}`),
    );
}
