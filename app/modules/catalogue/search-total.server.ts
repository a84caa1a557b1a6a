import { sql, type SQL } from "drizzle-orm";
import { bookableSupplier as s } from "~/modules/availability/availability.server";
import { seasonTouches } from "~/modules/pricing/seasons.server";
import { schema, type Database } from "~/utils/db.server";
import { SCORE_MIN_REVIEWS } from "./supplier-score";

/*
 * The real total of the searched period in the search's statement (docs/domain.md#search-order):
 * the suppliers that may rent it with what their cars' totals need, and each car's total, the
 * same sum `rentalRates` and `priceRental` make for the card.
 */

const ph = (name: string) => sql.placeholder(name);

/** The season `se` has one of the calendar dates of the period. */
export const periodDates = { first: ph("firstDay"), last: ph("lastDay") };
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
export function rentingSuppliers(db: Database) {
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
        // docs/domain.md#reviews: the score in tenths as it shows (4.3 → 43), null while "new".
        urating: sql<number | null>`case when ${s.reviewCount} >= ${SCORE_MIN_REVIEWS}
          then round(${s.reviewSum} * 10.0 / ${s.reviewCount})::int end`.as("urating"),
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
export function totalOf(): SQL {
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
