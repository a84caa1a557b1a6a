import { and, asc, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { bookablePlace as cl, bookableSupplier as s, carIsBookable } from "~/modules/availability/availability.server";
import type { Excess } from "~/modules/pricing/cover";
import type { DepositMethod, OptionKey, RateSpan } from "~/modules/pricing/pricing";
import { ratesForCars } from "~/modules/pricing/seasons.server";
import { getDb, schema, type Database } from "~/utils/db.server";
import type { CarCategory, FuelPolicy, FuelType, Gearbox } from "./car-enums";
import { effectiveFilters, type SearchFilters, type SortOrder } from "./filters";
import { countCap, resultCount, type ResultCount } from "./result-count";
import { CARS_PER_PAGE, type SearchQuery } from "./search-query";

/**
 * The search as ONE statement. It walks the pick-up place's cars cheapest first in one
 * index (`car_locations_search`, which also holds the filter columns), keeps those the
 * availability rule lets through, and stops after `limit` of them: the page comes from
 * that list and so does the count, capped (result-count.ts) so that no search has to
 * look at every car of a place. With the cap the statement reads a few hundred index
 * entries, each with a one-entry probe of the bookings, whatever the size of the fleet.
 *
 * It is a server-side prepared statement (postgres.js prepares each statement text once
 * per connection), built once per combination of filter kinds with placeholders for all
 * values, so a request only binds values and PostgreSQL reuses one generic plan.
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
};

// The page's cars are read again by id, under their own aliases, outside the CTE.
const pc = alias(schema.cars, "pc");
const ps = alias(schema.suppliers, "ps");
// The suppliers in name order, for the order by supplier.
const so = alias(schema.suppliers, "so");

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

/** Values are bound as PostgreSQL array literals: safe, since each was whitelisted. */
const arrayLiteral = (values: ReadonlyArray<string | number>) => `{${values.join(",")}}`;

/** The WHERE conditions for the filters present, and the values their placeholders take. */
function filterConditions(filters: SearchFilters): {
  shape: string;
  conditions: SQL[];
  values: Record<string, unknown>;
} {
  const conditions: SQL[] = [];
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  if (filters.suppliers.length) {
    conditions.push(sql`cl.supplier_id = any(${ph("suppliers")}::int[])`);
    values.suppliers = arrayLiteral(filters.suppliers);
    shape.push("s");
  }
  if (filters.specs.includes("aircon")) conditions.push(sql`cl.aircon`);
  if (filters.specs.includes("doors4")) conditions.push(sql`cl.doors >= 4`);
  if (filters.specs.includes("seats5")) conditions.push(sql`cl.seats >= 5`);
  shape.push(filters.specs.join("+"));
  if (filters.fuel.length) {
    conditions.push(sql`cl.fuel_type = any(${ph("fuel")}::fuel_type[])`);
    values.fuel = arrayLiteral(filters.fuel);
    shape.push("f");
  }
  if (filters.gearbox.length) {
    conditions.push(sql`cl.gearbox = any(${ph("gearbox")}::gearbox[])`);
    values.gearbox = arrayLiteral(filters.gearbox);
    shape.push("g");
  }
  // One kind of the two: the other would restrict nothing.
  if (filters.mileage.length === 1) {
    conditions.push(filters.mileage[0] === "unlimited" ? sql`cl.mileage < 0` : sql`cl.mileage >= 0`);
    shape.push(`m${filters.mileage[0]}`);
  }
  if (filters.fuelPolicy.length) {
    conditions.push(sql`cl.fuel_policy = any(${ph("policy")}::fuel_policy[])`);
    values.policy = arrayLiteral(filters.fuelPolicy);
    shape.push("p");
  }
  if (filters.deposit !== null) {
    conditions.push(sql`cl.deposit_cents <= ${ph("deposit")}::int`);
    values.deposit = filters.deposit * 100;
    shape.push("d");
  }
  if (filters.category.length) {
    conditions.push(sql`cl.category = any(${ph("category")}::car_category[])`);
    values.category = arrayLiteral(filters.category);
    shape.push("c");
  }
  if (filters.bags !== null) {
    conditions.push(sql`cl.bags >= ${ph("bags")}::int`);
    values.bags = filters.bags;
    shape.push("b");
  }
  return { shape: shape.join("|"), conditions, values };
}

/**
 * The columns every order's list carries: the car and the values it is ordered by. Their names
 * are unique in the statement, since drizzle writes a CTE's aliased columns unqualified.
 */
type FoundColumns = Record<"fid" | "fprice" | "fseats" | "fsname" | "fsid", unknown>;

/** The chosen order (docs/domain.md#search-order) over a list's columns; the car id breaks ties. */
function orderOf(sort: SortOrder, t: FoundColumns): SQL[] {
  const col = (c: unknown) => c as AnyColumn;
  if (sort === "seats") return [desc(col(t.fseats)), asc(col(t.fprice)), asc(col(t.fid))];
  if (sort === "supplier") return [asc(col(t.fsname)), asc(col(t.fsid)), asc(col(t.fprice)), asc(col(t.fid))];
  return [asc(col(t.fprice)), asc(col(t.fid))];
}

/**
 * The first `limit` bookable cars in the chosen order, each order walking its own index of
 * car_locations (migration 0010): price (`car_locations_search`), most seats first
 * (`car_locations_by_seats`). By supplier, the active suppliers are taken in name order (a
 * handful) and each one's cars walked cheapest first (`car_locations_by_supplier`); an
 * incremental sort on the suppliers' order lets PostgreSQL stop as soon as it has the list.
 */
function foundQuery(db: Database, where: SQL | undefined, sort: SortOrder) {
  const carColumns = {
    fid: sql<number>`${cl.carId}`.as("fid"),
    fprice: sql<number>`${cl.dailyPriceCents}`.as("fprice"),
    fseats: sql<number>`${cl.seats}`.as("fseats"),
  };
  if (sort !== "supplier") {
    const order = orderOf(sort, {
      fid: cl.carId,
      fprice: cl.dailyPriceCents,
      fseats: cl.seats,
      fsname: null,
      fsid: null,
    });
    return db
      .select({ ...carColumns, fsname: sql<string>`''`.as("fsname"), fsid: sql<number>`0`.as("fsid") })
      .from(cl)
      .innerJoin(s, eq(s.id, cl.supplierId))
      .where(where)
      .orderBy(...order)
      .limit(walkLimit);
  }
  const walk = db
    .select(carColumns)
    .from(cl)
    .innerJoin(s, eq(s.id, cl.supplierId))
    .where(and(where, sql`cl.supplier_id = so.id`))
    .orderBy(cl.dailyPriceCents, cl.carId)
    .limit(walkLimit)
    .as("walk");
  return db
    .select({
      fid: sql<number>`${walk.fid}`.as("fid"),
      fprice: sql<number>`${walk.fprice}`.as("fprice"),
      fseats: sql<number>`${walk.fseats}`.as("fseats"),
      fsname: sql<string>`${so.name}`.as("fsname"),
      fsid: sql<number>`${so.id}`.as("fsid"),
    })
    .from(so)
    .innerJoinLateral(walk, sql`true`)
    .where(sql`so.active and so.status = 'active'`)
    .orderBy(
      ...orderOf(sort, { fid: walk.fid, fprice: walk.fprice, fseats: walk.fseats, fsname: so.name, fsid: so.id }),
    )
    .limit(walkLimit);
}

function buildQuery(db: Database, conditions: SQL[], sort: SortOrder) {
  const where = and(
    carIsBookable({
      locationId: ph("location"),
      pickUp: ph("pickUp"),
      dropOff: ph("dropOff"),
      days: ph("days"),
      now: ph("now"),
    }),
    ...conditions,
  );
  const found = db.$with("found").as(foundQuery(db, where, sort));
  const counted = db.$with("counted").as(db.select({ found: sql<number>`count(*)::int`.as("found") }).from(found));
  const page = db.$with("page").as(
    db
      .select({ fid: found.fid, fprice: found.fprice, fseats: found.fseats, fsname: found.fsname, fsid: found.fsid })
      .from(found)
      .orderBy(...orderOf(sort, found))
      .limit(ph("size"))
      .offset(ph("offset")),
  );
  // Driven by the one-row count, so a page past the end still says how many cars there are.
  return db
    .with(found, counted, page)
    .select({ found: counted.found, car: cardTuple })
    .from(counted)
    .leftJoin(page, sql`true`)
    .leftJoin(pc, eq(pc.id, page.fid))
    .leftJoin(ps, eq(ps.id, pc.supplierId))
    .orderBy(...orderOf(sort, page))
    .prepare("search");
}

type Query = ReturnType<typeof buildQuery>;
/** Per database handle (tests reopen it), per filter shape. */
const preparedQueries = new WeakMap<Database, Map<string, Query>>();

function queryFor(db: Database, shape: string, conditions: SQL[], sort: SortOrder): Query {
  let byShape = preparedQueries.get(db);
  if (!byShape) preparedQueries.set(db, (byShape = new Map()));
  // "total" and "perDay" are one order, hence one statement.
  const key = `${sort === "perDay" ? "total" : sort}/${shape}`;
  let query = byShape.get(key);
  if (!query) byShape.set(key, (query = buildQuery(db, conditions, sort)));
  return query;
}

function toCard(row: Row, rates: RateSpan[]): CarCard {
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
  };
}

/**
 * Cars bookable at the pick-up place for the whole period, in the chosen order (cheapest first
 * unless asked otherwise; for one search every car rents for the same number of days, so the
 * daily price orders the totals): one page of them and how many there are, counted up to the page's cap.
 */
export async function searchCars(query: SearchQuery, now?: Date): Promise<{ cars: CarCard[]; count: ResultCount }> {
  const { shape, conditions, values } = filterConditions(effectiveFilters(query.filters));
  const size = query.pageSize ?? CARS_PER_PAGE;
  const cap = countCap(query.page, size);
  const db = await getDb();
  const rows = await queryFor(db, shape, conditions, query.sort).execute({
    ...values,
    location: query.pickupId,
    pickUp: query.period.pickUp.toISOString(),
    dropOff: query.period.dropOff.toISOString(),
    days: query.period.days,
    now: (now ?? new Date()).toISOString(),
    limit: cap + 1,
    size,
    offset: (query.page - 1) * size,
  });
  // A page past the end is the count's row alone, its car's values all null.
  const found = rows.flatMap((row) => (row.car && row.car[0] != null ? [rowFrom(row.car)] : []));
  const { pickUp, days } = query.period;
  const rates = await ratesForCars(db, found, { pickUp, days, timeZone: query.timeZone });
  const cars = found.map((row) => toCard(row, rates.get(row.id)!));
  return { cars, count: resultCount(rows[0]?.found ?? 0, cap, size) };
}
