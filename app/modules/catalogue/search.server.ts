import { and, eq, sql, type SQL } from "drizzle-orm";
import { bookableCar as c, bookableSupplier as s, carIsBookable } from "~/modules/availability/availability.server";
import type { OptionKey } from "~/modules/pricing/pricing";
import { getDb, type Database } from "~/utils/db.server";
import { effectiveFilters, type SearchFilters } from "./filters";
import { CARS_PER_PAGE, type SearchQuery } from "./search-query";

/**
 * The search: one query for the page and one for the count, run side by side. Both are
 * server-side prepared statements (postgres.js prepares a statement per connection the
 * first time it sees its text), built once per combination of filter kinds with
 * placeholders for every value, so a request only binds values.
 */

export type CarCard = {
  id: number;
  name: string;
  image: string | null;
  dailyPriceCents: number;
  depositCents: number;
  seats: number;
  doors: number;
  aircon: boolean;
  fuelType: string;
  gearbox: string;
  mileage: number;
  fuelPolicy: string;
  payLaterFeePercent: number;
  options: Record<OptionKey, number>;
  supplierId: number;
  supplierName: string;
  supplierLogo: string | null;
};

const cardFields = {
  id: c.id,
  name: c.name,
  image: c.image,
  dailyPriceCents: c.dailyPriceCents,
  depositCents: c.depositCents,
  seats: c.seats,
  doors: c.doors,
  aircon: c.aircon,
  fuelType: c.fuelType,
  gearbox: c.gearbox,
  mileage: c.mileage,
  fuelPolicy: c.fuelPolicy,
  payLaterFeePercent: c.payLaterFeePercent,
  cancellation: c.cancellationCents,
  gps: c.gpsCents,
  homeDelivery: c.homeDeliveryCents,
  babyChair: c.babyChairCents,
  theftProtection: c.theftProtectionCents,
  collisionDamageWaiver: c.collisionDamageWaiverCents,
  fullInsurance: c.fullInsuranceCents,
  additionalDriver: c.additionalDriverCents,
  supplierId: c.supplierId,
  supplierName: s.name,
  supplierLogo: s.logo,
};

type Row = { [K in keyof typeof cardFields]: (typeof cardFields)[K]["_"]["data"] };

const ph = (name: string) => sql.placeholder(name);

/** Values are bound as PostgreSQL array literals: safe, since each was whitelisted. */
const arrayLiteral = (values: ReadonlyArray<string | number>) => `{${values.join(",")}}`;

/** The WHERE conditions for the filters present, and the values their placeholders take. */
function filterConditions(filters: SearchFilters): { shape: string; conditions: SQL[]; values: Record<string, unknown> } {
  const conditions: SQL[] = [];
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  if (filters.suppliers.length) {
    conditions.push(sql`c.supplier_id = any(${ph("suppliers")}::int[])`);
    values.suppliers = arrayLiteral(filters.suppliers);
    shape.push("s");
  }
  if (filters.specs.includes("aircon")) conditions.push(sql`c.aircon`);
  if (filters.specs.includes("doors4")) conditions.push(sql`c.doors >= 4`);
  if (filters.specs.includes("seats5")) conditions.push(sql`c.seats >= 5`);
  shape.push(filters.specs.join("+"));
  if (filters.fuel.length) {
    conditions.push(sql`c.fuel_type = any(${ph("fuel")}::fuel_type[])`);
    values.fuel = arrayLiteral(filters.fuel);
    shape.push("f");
  }
  if (filters.gearbox.length) {
    conditions.push(sql`c.gearbox = any(${ph("gearbox")}::gearbox[])`);
    values.gearbox = arrayLiteral(filters.gearbox);
    shape.push("g");
  }
  // One kind of the two: the other would restrict nothing.
  if (filters.mileage.length === 1) {
    conditions.push(filters.mileage[0] === "unlimited" ? sql`c.mileage < 0` : sql`c.mileage >= 0`);
    shape.push(`m${filters.mileage[0]}`);
  }
  if (filters.fuelPolicy.length) {
    conditions.push(sql`c.fuel_policy = any(${ph("policy")}::fuel_policy[])`);
    values.policy = arrayLiteral(filters.fuelPolicy);
    shape.push("p");
  }
  if (filters.deposit !== null) {
    conditions.push(sql`c.deposit_cents <= ${ph("deposit")}::int`);
    values.deposit = filters.deposit * 100;
    shape.push("d");
  }
  return { shape: shape.join("|"), conditions, values };
}

function buildQueries(db: Database, conditions: SQL[]) {
  const where = and(carIsBookable({ locationId: ph("location"), pickUp: ph("pickUp"), dropOff: ph("dropOff") }), ...conditions);
  return {
    page: db
      .select(cardFields)
      .from(c)
      .innerJoin(s, eq(s.id, c.supplierId))
      .where(where)
      .orderBy(c.dailyPriceCents, c.id)
      .limit(ph("limit"))
      .offset(ph("offset"))
      .prepare("search_page"),
    count: db
      .select({ total: sql<number>`count(*)::int` })
      .from(c)
      .innerJoin(s, eq(s.id, c.supplierId))
      .where(where)
      .prepare("search_count"),
  };
}

type Queries = ReturnType<typeof buildQueries>;
/** Per database handle (tests reopen it), per filter shape. */
const preparedQueries = new WeakMap<Database, Map<string, Queries>>();

function queriesFor(db: Database, shape: string, conditions: SQL[]): Queries {
  let byShape = preparedQueries.get(db);
  if (!byShape) preparedQueries.set(db, (byShape = new Map()));
  let queries = byShape.get(shape);
  if (!queries) byShape.set(shape, (queries = buildQueries(db, conditions)));
  return queries;
}

function toCard(row: Row): CarCard {
  return {
    id: row.id,
    name: row.name,
    image: row.image,
    dailyPriceCents: row.dailyPriceCents,
    depositCents: row.depositCents,
    seats: row.seats,
    doors: row.doors,
    aircon: row.aircon,
    fuelType: row.fuelType,
    gearbox: row.gearbox,
    mileage: row.mileage,
    fuelPolicy: row.fuelPolicy,
    payLaterFeePercent: row.payLaterFeePercent,
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
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    supplierLogo: row.supplierLogo,
  };
}

/**
 * Cars bookable at the pick-up place for the whole period, cheapest first (for one
 * search every car rents for the same number of days, so the daily price orders the
 * totals), one page of them and how many there are in all.
 */
export async function searchCars(query: SearchQuery): Promise<{ cars: CarCard[]; total: number }> {
  const { shape, conditions, values } = filterConditions(effectiveFilters(query.filters));
  const queries = queriesFor(await getDb(), shape, conditions);
  const bound = {
    ...values,
    location: query.pickupId,
    pickUp: query.period.pickUp.toISOString(),
    dropOff: query.period.dropOff.toISOString(),
  };
  const offset = (query.page - 1) * CARS_PER_PAGE;
  const [rows, [count]] = await Promise.all([
    queries.page.execute({ ...bound, limit: CARS_PER_PAGE, offset }),
    queries.count.execute(bound),
  ]);
  return { cars: (rows as Row[]).map(toCard), total: count?.total ?? 0 };
}
