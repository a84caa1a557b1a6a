import { and, asc, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookablePlace as cl, bookableSupplier as s, carIsBookable } from "~/modules/availability/availability.server";
import type { Excess } from "~/modules/pricing/cover";
import { rentalHandovers } from "~/modules/availability/opening-hours";
import { rentalFees, type DepositMethod, type FeeKey, type OptionKey, type RateSpan } from "~/modules/pricing/pricing";
import { MONTHLY_DAYS, rentalDateRange, rentalDates, rentalRates, WEEKLY_DAYS } from "~/modules/pricing/rates";
import { carSeasons, seasonRules, seasonTouches } from "~/modules/pricing/seasons.server";
import { getDb, schema, type Database } from "~/utils/db.server";
import type { CarCategory, FuelPolicy, FuelType, Gearbox } from "./car-enums";
import { effectiveFilters, type SearchFilters, type SortOrder } from "./filters";
import { getLocations } from "./reference.server";
import { countCap, resultCount, type ResultCount } from "./result-count";
import { CARS_PER_PAGE, type SearchQuery } from "./search-query";

/**
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
 */

export type CarCard = {
  id: number;
  name: string;
  image: string | null;
  category: CarCategory;
  bags: number;
  orSimilar: boolean;
  dailyPriceCents: number;
  depositCents: number;
  depositMethod: DepositMethod;
  seats: number;
  doors: number;
  aircon: boolean;
  fuelType: FuelType;
  gearbox: Gearbox;
  mileage: number;
  fuelPolicy: FuelPolicy;
  payLaterFeePercent: number;
  /** The supplier lets drivers pay at the counter (docs/domain.md#payments). */
  payLaterAllowed: boolean;
  options: Record<OptionKey, number>;
  excess: Excess;
  supplierId: number;
  supplierName: string;
  supplierLogo: string | null;
  /** How the searched period's days are charged (docs/domain.md#seasons): its total, as checkout's. */
  rates: RateSpan[];
  /** The fees checkout would add for the search's places (docs/domain.md#fees): one-way, out of hours. */
  fees: Partial<Record<FeeKey, number>>;
};

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
};

type Row = { [K in keyof typeof cardFields]: (typeof cardFields)[K]["_"]["data"] };

/*
 * A page's car comes back as one JSON array rather than 25 columns: the driver parses it in one
 * go, where mapping 25 columns of 20 rows into objects took about 5% of a search's server time.
 */
const cardColumns = Object.entries(cardFields) as Array<[keyof Row, AnyColumn]>;
const cardTuple = sql<unknown[] | null>`json_build_array(${sql.join(
  cardColumns.map(([, column]) => column),
  sql`, `,
)})`;

function rowFrom(values: unknown[]): Row {
  const row: Record<string, unknown> = {};
  cardColumns.forEach(([key], i) => (row[key] = values[i]));
  return row as Row;
}

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

/** Values are bound as PostgreSQL array literals (safe: each was whitelisted); none is null, the filter off. */
const arrayLiteral = (values: ReadonlyArray<string | number>) => (values.length ? `{${values.join(",")}}` : null);

/**
 * Every filter as one condition that a null (or false) value turns off, so that one statement
 * per order serves every combination of filters. With a statement per combination, a search
 * planned its statement far more often than it reused one (about half the executions under
 * random filters, ~4 ms of planning each: a quarter of PostgreSQL's time per search), since a
 * connection plans a statement the first five times it runs it
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md#addendum-2026-11-27-evening-one-statement-for-every-filter).
 * The filter columns live in `car_locations_search`, so these are tests on the rows walked, not
 * index conditions: a value that turns one off costs a comparison, not another plan.
 */
const filterConditions: SQL[] = [
  sql`(${ph("suppliers")}::int[] is null or cl.supplier_id = any(${ph("suppliers")}::int[]))`,
  sql`(not ${ph("aircon")}::boolean or cl.aircon)`,
  sql`(not ${ph("doors4")}::boolean or cl.doors >= 4)`,
  sql`(not ${ph("seats5")}::boolean or cl.seats >= 5)`,
  sql`(${ph("fuel")}::fuel_type[] is null or cl.fuel_type = any(${ph("fuel")}::fuel_type[]))`,
  sql`(${ph("gearbox")}::gearbox[] is null or cl.gearbox = any(${ph("gearbox")}::gearbox[]))`,
  // One kind of the two: the other would restrict nothing.
  sql`(${ph("unlimited")}::boolean is null or (cl.mileage < 0) = ${ph("unlimited")}::boolean)`,
  sql`(${ph("policy")}::fuel_policy[] is null or cl.fuel_policy = any(${ph("policy")}::fuel_policy[]))`,
  sql`(${ph("deposit")}::int is null or cl.deposit_cents <= ${ph("deposit")}::int)`,
  sql`(${ph("category")}::car_category[] is null or cl.category = any(${ph("category")}::car_category[]))`,
  sql`(${ph("bags")}::int is null or cl.bags >= ${ph("bags")}::int)`,
];

/** The values of `filterConditions`' placeholders for these filters. */
function filterValues(filters: SearchFilters): Record<string, unknown> {
  return {
    suppliers: arrayLiteral(filters.suppliers),
    aircon: filters.specs.includes("aircon"),
    doors4: filters.specs.includes("doors4"),
    seats5: filters.specs.includes("seats5"),
    fuel: arrayLiteral(filters.fuel),
    gearbox: arrayLiteral(filters.gearbox),
    unlimited: filters.mileage.length === 1 ? filters.mileage[0] === "unlimited" : null,
    policy: arrayLiteral(filters.fuelPolicy),
    deposit: filters.deposit === null ? null : filters.deposit * 100,
    category: arrayLiteral(filters.category),
    bags: filters.bags,
  };
}

/**
 * The columns every order's list carries: the car and the values it is ordered by. Their names
 * are unique in the statement, since drizzle writes a CTE's aliased columns unqualified.
 */
type FoundColumns = Record<"fid" | "ftotal" | "fseats" | "fsname" | "fsid", unknown>;

/**
 * The chosen order (docs/domain.md#search-order) over a list's columns; the car id breaks ties.
 * `ftotal` is the real total of the searched period, so it orders the price per day as well.
 */
function orderOf(sort: SortOrder, t: FoundColumns): SQL[] {
  const col = (c: unknown) => c as AnyColumn;
  if (sort === "seats") return [desc(col(t.fseats)), asc(col(t.ftotal)), asc(col(t.fid))];
  if (sort === "supplier") return [asc(col(t.fsname)), asc(col(t.fsid)), asc(col(t.ftotal)), asc(col(t.fid))];
  return [asc(col(t.ftotal)), asc(col(t.fid))];
}

/** The season `se` has one of the calendar dates of the period. */
const periodDates = { first: ph("firstDay"), last: ph("lastDay") };
const seasonTouchesPeriod = seasonTouches(periodDates);

/** How many of the period's days fall in the season `se`: day i is dated as `rentalRates` dates it. */
const daysInSeason = sql`(select count(*) from generate_series(0, ${ph("days")}::int - 1) i
  where ((${ph("pickUp")}::timestamptz + i * interval '24 hours') at time zone ${ph("zone")}::text)::date
    between se.first_day and se.last_day)`;

/**
 * The suppliers that may rent this period (active, and its minimum days and notice met:
 * docs/domain.md#rental-limits), each with what its cars' totals need: its one-way fee when the
 * drop-off is elsewhere, and the period's days in its seasons (docs/domain.md#seasons) summed per
 * percent — its two lowest percents with their days (almost every period meets one season of a
 * supplier, or none) and whether it meets more. Day i is the date, on the pick-up place's clock,
 * of pickUp + i × 24 h, as `rentalRates` dates it. A handful of rows, read once per search.
 */
function rentingSuppliers(db: Database) {
  const spans = sql`(select se.supplier_id as ssup, se.percent as spct, sum(${daysInSeason})::int as sdays
    from ${schema.seasons} se where ${seasonTouchesPeriod}
    group by se.supplier_id, se.percent) sp`;
  const slots = db
    .select({
      fsup: sql<number>`sp.ssup`.as("fsup"),
      p1: sql<number>`(array_agg(sp.spct order by sp.spct))[1]`.as("p1"),
      n1: sql<number>`(array_agg(sp.sdays order by sp.spct))[1]`.as("n1"),
      p2: sql<number | null>`(array_agg(sp.spct order by sp.spct))[2]`.as("p2"),
      n2: sql<number | null>`(array_agg(sp.sdays order by sp.spct))[2]`.as("n2"),
      fmany: sql<boolean>`count(*) > 2`.as("fmany"),
    })
    .from(spans)
    .where(sql`sp.sdays > 0`)
    .groupBy(sql`sp.ssup`)
    .as("sf");
  return db.$with("sup").as(
    db
      .select({
        uid: sql<number>`${s.id}`.as("uid"),
        uname: sql<string>`${s.name}`.as("uname"),
        ufee: sql<number>`case when ${ph("oneWay")}::boolean then coalesce(${s.oneWayFeeCents}, 0) else 0 end::bigint`.as(
          "ufee",
        ),
        up1: sql<number | null>`${slots.p1}`.as("up1"),
        un1: sql<number | null>`${slots.n1}`.as("un1"),
        up2: sql<number | null>`${slots.p2}`.as("up2"),
        un2: sql<number | null>`${slots.n2}`.as("un2"),
        umany: sql<boolean>`coalesce(${slots.fmany}, false)`.as("umany"),
      })
      .from(s)
      .leftJoin(slots, sql`sf.fsup = ${s.id}`)
      // The predicate's supplier part, so that only possible cars are sorted; the predicate decides.
      .where(
        sql`${s.active} and ${s.status} = 'active' and ${s.minimumDays} <= ${ph("days")}::int
          and ${s.minimumNoticeHours} <= floor(extract(epoch from ${ph("pickUp")}::timestamptz - ${ph("now")}::timestamptz) / 3600)::int`,
      ),
  );
}

/** `cents + percent`, rounded up to the cent as `addPercentRoundingUp` does (cents ≥ 0, percent ≥ −90). */
const plusPercent = (cents: SQL, percent: SQL) => sql`((${cents}) * (100 + ${percent}) + 99) / 100`;

/**
 * The real total of the searched period for the car `c` (its base rate `c.rate`) of the supplier
 * `u` (`sup`) without options (docs/domain.md#search-order): every day at the base rate, then what
 * each season's days add (its percent, or the car's own fixed price), then the one-way fee. The
 * same sum `rentalRates` and `priceRental` make for the card, to the cent. A car with a fixed
 * season price, or a supplier meeting more than two percents in the period (a long rental), is
 * summed season by season; the others from the supplier's two slots.
 */
function totalOf(): SQL {
  const seasonBySeason = sql`(select coalesce(sum(${daysInSeason} * (coalesce(scp.daily_price_cents, ${plusPercent(
    sql`c.rate`,
    sql`se.percent`,
  )}) - c.rate)), 0)::bigint
    from ${schema.seasons} se left join ${schema.seasonCarPrices} scp on scp.season_id = se.id and scp.car_id = c.car_id
    where se.supplier_id = c.supplier_id and ${seasonTouchesPeriod})`;
  const fixedCars = sql`(select scp.car_id from ${schema.seasonCarPrices} scp
    join ${schema.seasons} se on se.id = scp.season_id where ${seasonTouchesPeriod})`;
  const slot = (n: SQL, p: SQL) => sql`coalesce(${n} * (${plusPercent(sql`c.rate`, p)} - c.rate), 0)`;
  return sql`${ph("days")}::int * c.rate
    + case when c.umany or c.car_id in ${fixedCars} then ${seasonBySeason}
      else ${slot(sql`c.un1`, sql`c.up1`)} + ${slot(sql`c.un2`, sql`c.up2`)} end
    + c.ufee`;
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
    })
    .from(sql`(${candidates}) c`)
    .orderBy(
      ...orderOf(sort, {
        fid: bare("car_id"),
        ftotal: bare("rtotal"),
        fseats: bare("rseats"),
        fsname: bare("rsname"),
        fsid: bare("supplier_id"),
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
function foundCars(db: Database, sort: SortOrder, sup: ReturnType<typeof rentingSuppliers>) {
  const sorted = foundQuery(db, sort, sup);
  if (sort !== "total" && sort !== "perDay") return sorted;
  const walked = walkQuery(db, sup).as("walked");
  const other = sorted.as("other");
  return db
    .select({ fid: walked.fid, ftotal: walked.ftotal, fseats: walked.fseats, fsname: walked.fsname, fsid: walked.fsid })
    .from(walked)
    .unionAll(
      db
        .select({ fid: other.fid, ftotal: other.ftotal, fseats: other.fseats, fsname: other.fsname, fsid: other.fsid })
        .from(other)
        .where(sql`not ${dailyPriceOrders(sup)}`),
    );
}

/** A page car's seasons in the period: read with the page's cars, so their rates need no query of their own. */
const pageCarSeasons = carSeasons(pc.id, pc.supplierId, periodDates);

function buildQuery(db: Database, sort: SortOrder) {
  const sup = rentingSuppliers(db);
  const found = db.$with("found").as(foundCars(db, sort, sup));
  const counted = db.$with("counted").as(db.select({ found: sql<number>`count(*)::int`.as("found") }).from(found));
  const page = db.$with("page").as(
    db
      .select({ fid: found.fid, ftotal: found.ftotal, fseats: found.fseats, fsname: found.fsname, fsid: found.fsid })
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

function queryFor(db: Database, sort: SortOrder): Query {
  let bySort = preparedQueries.get(db);
  if (!bySort) preparedQueries.set(db, (bySort = new Map()));
  // "total" and "perDay" are one order, hence one statement.
  const key = sort === "perDay" ? "total" : sort;
  let query = bySort.get(key);
  if (!query) bySort.set(key, (query = buildQuery(db, sort)));
  return query;
}

function toCard(row: Row, rates: RateSpan[], fees: Partial<Record<FeeKey, number>>): CarCard {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    category: row.category,
    bags: row.bags,
    orSimilar: row.orSimilar,
    dailyPriceCents: row.dailyPriceCents,
    depositCents: row.depositCents,
    depositMethod: row.depositMethod,
    seats: row.seats,
    doors: row.doors,
    aircon: row.aircon,
    fuelType: row.fuelType,
    gearbox: row.gearbox,
    mileage: row.mileage,
    fuelPolicy: row.fuelPolicy,
    payLaterFeePercent: row.payLaterFeePercent,
    payLaterAllowed: row.payLaterAllowed,
    options: {
      cancellation: row.cancellation,
      gps: row.gps,
      homeDelivery: row.homeDelivery,
      babyChair: row.babyChair,
      theftProtection: row.theftProtection,
      collisionDamageWaiver: row.collisionDamageWaiver,
      fullInsurance: row.fullInsurance,
      additionalDriver: row.additionalDriver,
    },
    excess: {
      collisionDamageWaiver: row.collisionDamageWaiverExcess,
      theftProtection: row.theftProtectionExcess,
      fullInsurance: row.fullInsuranceExcess,
    },
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    supplierLogo: row.supplierLogo,
    rates,
    fees,
  };
}

/**
 * Cars bookable at the pick-up place for the whole period, in the chosen order (cheapest total
 * first unless asked otherwise, docs/domain.md#search-order): one page of them, each with the rates
 * and fees its total is made of, and how many there are, counted up to the page's cap.
 */
export async function searchCars(query: SearchQuery, now?: Date): Promise<{ cars: CarCard[]; count: ResultCount }> {
  const values = filterValues(effectiveFilters(query.filters));
  const size = query.pageSize ?? CARS_PER_PAGE;
  const cap = countCap(query.page, size);
  const db = await getDb();
  const { pickUp, dropOff, days } = query.period;
  // The period's dates, worked out once for the query and every card's rates.
  const dates = rentalDates(pickUp, days, query.timeZone);
  const range = rentalDateRange(dates);
  const oneWay = query.dropoffId !== query.pickupId;
  const rows = await queryFor(db, query.sort).execute({
    ...values,
    location: query.pickupId,
    pickUp: pickUp.toISOString(),
    dropOff: dropOff.toISOString(),
    days,
    zone: query.timeZone,
    firstDay: range.first,
    lastDay: range.last,
    oneWay,
    now: (now ?? new Date()).toISOString(),
    limit: cap + 1,
    size,
    offset: (query.page - 1) * size,
  });
  // A page past the end is the count's row alone, its car's values all null.
  const found = rows.flatMap((row) =>
    row.car && row.car[0] != null ? [{ row: rowFrom(row.car), seasons: seasonRules(row.seasons) }] : [],
  );
  const handovers = await handoverFees(query);
  const cars = found.map(({ row, seasons }) => {
    const rates = rentalRates({ car: row, dates, seasons });
    const fees = rentalFees(handovers, row.oneWayFeeCents ?? 0, oneWay);
    // Only the fees charged: most searches have none, and the page carries less.
    return toCard(row, rates, Object.fromEntries(Object.entries(fees).filter(([, cents]) => cents > 0)));
  });
  return { cars, count: resultCount(rows[0]?.found ?? 0, cap, size) };
}

/**
 * The out-of-hours fees of the search's two handovers, the same for every car (so they do not
 * change the order): what checkout adds. A handover a place refuses adds none here; checkout
 * refuses it with the place's hours (docs/domain.md#opening-hours).
 */
export async function handoverFees(query: SearchQuery): Promise<{ pickUp: number; dropOff: number }> {
  const places = await getLocations();
  const pickup = places.find((place) => place.id === query.pickupId);
  const dropoff = places.find((place) => place.id === query.dropoffId);
  if (!pickup || !dropoff) return { pickUp: 0, dropOff: 0 };
  const handovers = rentalHandovers(pickup, dropoff, query.period.pickUp, query.period.dropOff);
  return handovers.ok ? handovers.fees : { pickUp: 0, dropOff: 0 };
}
