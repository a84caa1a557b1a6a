import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { rentalDays } from "~/modules/pricing/pricing";
import { getDb, schema, type Executor } from "~/utils/db.server";

/**
 * The availability rule (docs/domain.md#availability) as ONE SQL predicate, used by the search, the
 * checkout, the amendment and the API. A car is bookable at a place for [pickUp, dropOff) when it
 * serves the place (a `car_locations` row), is available and not deleted, its supplier is active,
 * the period meets the supplier's minimum notice and minimum days (docs/domain.md#rental-limits),
 * no out-of-service block of the car overlaps the period (docs/domain.md#out-of-service), no
 * blocking booking holds the car during [pickUp, dropOff + the supplier's preparation time)
 * (docs/domain.md#preparation), and no rental of the car that is out holds it: from its pick-up
 * until its hold ends, or until its return when it is overdue (still out after its drop-off).
 *
 * Queries read the car's place row and its supplier through `bookablePlace` /
 * `bookableSupplier` (aliases `cl` and `s`): `from(bookablePlace).innerJoin(
 * bookableSupplier, eq(bookableSupplier.id, bookablePlace.supplierId))` and a condition
 * on `cl.location_id`. The place row carries the car's search columns (db/schema/cars.ts); the
 * supplier row its rules, so the rules cost no further read.
 *
 * The overlap test reads ONE booking per car. A booking holds its car for
 * [starts_at, blocked_until) (drop-off plus preparation), and the holds of a car's blocking
 * bookings never overlap (the exclusion constraint `bookings_no_overlap`, same statuses), so
 * ordered by their end they are also ordered by their start, and the first one ending after the
 * pick-up is the only one that can overlap the period's own hold: it does when it starts before
 * the drop-off plus preparation. The index `bookings_car_held (car_id, blocked_until, starts_at)`
 * answers that with one index entry, where scanning all the overlapping bookings of the fleet, or
 * all of a car's, costs many. Ranges are half-open: a booking held until 10:00 does not block a
 * pick-up at 10:00. A `void` hold blocks until it is moved to `cancelled` (a constraint cannot
 * depend on now()), so checkout cancels the car's expired holds first. Blocks are few per car and
 * may overlap each other, so their test is an index probe of the car's blocks ending after the
 * pick-up (`car_blocks_car_end`), empty for almost every car.
 */
export const bookablePlace = alias(schema.carLocations, "cl");
export const bookableSupplier = alias(schema.suppliers, "s");

const blockingStatusesSql = sql.raw(schema.blockingStatuses.map((s) => `'${s}'`).join(", "));

/**
 * Values or placeholders (`sql.placeholder`) for the place and the period. `now` and `days` feed
 * the supplier's minimum notice and minimum days; without `now` the notice is not asked (an
 * amendment that keeps its pick-up, docs/domain.md#rental-limits). `exceptBookingId`: a booking
 * being amended does not count as overlapping its own new period.
 */
export type AvailabilityParams = {
  locationId: unknown;
  pickUp: unknown;
  dropOff: unknown;
  days: unknown;
  now: unknown | null;
  exceptBookingId?: number;
};

/**
 * No blocking booking of the car `cl.car_id` holds it during [pickUp, dropOff + preparation).
 * Leaving one booking out keeps the one-entry probe right: the others still never overlap each other.
 */
function noOverlappingBooking(pickUp: unknown, dropOff: unknown, exceptBookingId?: number): SQL {
  const except = exceptBookingId === undefined ? sql`` : sql` and b.id <> ${exceptBookingId}`;
  return sql`coalesce((select b.starts_at from ${schema.bookings} b
      where b.car_id = cl.car_id and b.status in (${blockingStatusesSql}) and b.blocked_until > ${pickUp}::timestamptz${except}
      order by b.blocked_until limit 1) >= ${dropOff}::timestamptz + make_interval(hours => s.preparation_hours::int), true)`;
}

/** No out-of-service block of the car `cl.car_id` overlaps [pickUp, dropOff). */
function noBlock(pickUp: unknown, dropOff: unknown): SQL {
  return sql`not exists (select 1 from ${schema.carBlocks} cb
      where cb.car_id = cl.car_id and cb.ends_at > ${pickUp}::timestamptz and cb.starts_at < ${dropOff}::timestamptz)`;
}

/**
 * No rental of the car `cl.car_id` that is `out` holds it during [pickUp, dropOff)
 * (docs/domain.md#availability): a rental out holds its car from its pick-up until its booking's
 * hold ends (drop-off plus preparation), and once it is past its drop-off time (overdue) until
 * its return is recorded, so no later period is offered either. The booking's own hold already
 * covers [start, hold's end); what this adds is the time before the start when the car went out
 * early, and the open end of an overdue car. The cars out are few (the partial unique index
 * `rentals_car_out`, one row per car out): an uncorrelated `not in` lists them once per
 * statement and each car is a lookup in that list (a hashed subplan), where a correlated test
 * read the rentals out for every car the search probes.
 */
function noRentalOut(pickUp: unknown, dropOff: unknown): SQL {
  return sql`cl.car_id not in (select r.car_id from ${schema.rentals} r join ${schema.bookings} ob on ob.id = r.booking_id
    where r.state = 'out' and (ob.ends_at < now()
      or (r.picked_up_at < ${dropOff}::timestamptz and ob.blocked_until > ${pickUp}::timestamptz)))`;
}

/**
 * The supplier `s` takes a rental of `days` days picked up at `pickUp`, asked at `now`. Both tests
 * compare a bare column with a value (the whole hours from now to the pick-up: `pickUp >= now +
 * N hours` exactly when N is at most them), so the planner reads the suppliers' statistics; an
 * expression of the column (`now + make_interval(hours => …)`) is a blind guess of one supplier in
 * three, and that guess turned the search's index walk into a sort of the whole place
 * (docs/decisions/0005-search-walks-one-place-with-a-capped-count.md#addendum-2026-11-26-the-rental-rules-and-the-walk).
 */
function meetsSupplierLimits(pickUp: unknown, days: unknown, now: unknown | null): SQL {
  const notice =
    now === null
      ? sql``
      : sql` and s.minimum_notice_hours <= floor(extract(epoch from ${pickUp}::timestamptz - ${now}::timestamptz) / 3600)::int`;
  return sql`s.minimum_days <= ${days}::int${notice}`;
}

export function carIsBookable({ locationId, pickUp, dropOff, days, now, exceptBookingId }: AvailabilityParams): SQL {
  return sql`cl.location_id = ${locationId}::int and cl.bookable and s.active and s.status = 'active'
    and ${meetsSupplierLimits(pickUp, days, now)}
    and ${noOverlappingBooking(pickUp, dropOff, exceptBookingId)}
    and ${noBlock(pickUp, dropOff)}
    and ${noRentalOut(pickUp, dropOff)}`;
}

/**
 * Whether one car is bookable at a place for a period: the checkout's and the amendment's
 * question, inside their transaction (`executor`) or, for a page's preview, on its own.
 */
export async function carIsBookableFor(
  {
    carId,
    locationId,
    pickUp,
    dropOff,
    now,
    exceptBookingId,
  }: { carId: number; locationId: number; pickUp: Date; dropOff: Date; now: Date | null; exceptBookingId?: number },
  executor?: Executor,
): Promise<boolean> {
  const [bookable] = await (executor ?? (await getDb()))
    .select({ carId: bookablePlace.carId })
    .from(bookablePlace)
    .innerJoin(bookableSupplier, eq(bookableSupplier.id, bookablePlace.supplierId))
    .where(
      and(
        eq(bookablePlace.carId, carId),
        carIsBookable({
          locationId,
          pickUp: pickUp.toISOString(),
          dropOff: dropOff.toISOString(),
          days: rentalDays(pickUp, dropOff),
          now: now?.toISOString() ?? null,
          exceptBookingId,
        }),
      ),
    )
    .limit(1);
  return bookable !== undefined;
}

/**
 * Why a search found nothing, when the supplier's limits are the reason (docs/domain.md#rental-limits):
 * among the cars at the place that are free for the period but fail their supplier's minimum notice
 * or minimum days, the least notice and the least length asked (null when none fails that way).
 * Asked only when the search came back empty: one more query on an empty page, none on the others.
 */
export async function limitsLeavingOut({
  locationId,
  pickUp,
  dropOff,
  now,
}: {
  locationId: number;
  pickUp: Date;
  dropOff: Date;
  now: Date;
}): Promise<{ minimumNoticeHours: number | null; minimumDays: number | null }> {
  const [from, to, at, days] = [
    pickUp.toISOString(),
    dropOff.toISOString(),
    now.toISOString(),
    rentalDays(pickUp, dropOff),
  ];
  const tooSoon = sql`${from}::timestamptz < ${at}::timestamptz + make_interval(hours => s.minimum_notice_hours::int)`;
  const tooShort = sql`s.minimum_days > ${days}::int`;
  const [row] = await (
    await getDb()
  )
    .select({
      minimumNoticeHours: sql<number | null>`min(s.minimum_notice_hours) filter (where ${tooSoon})`,
      minimumDays: sql<number | null>`min(s.minimum_days) filter (where ${tooShort})`,
    })
    .from(bookablePlace)
    .innerJoin(bookableSupplier, eq(bookableSupplier.id, bookablePlace.supplierId))
    .where(
      sql`cl.location_id = ${locationId}::int and cl.bookable and s.active and s.status = 'active'
        and (${tooSoon} or ${tooShort})
        and ${noOverlappingBooking(from, to)} and ${noBlock(from, to)} and ${noRentalOut(from, to)}`,
    );
  return { minimumNoticeHours: row?.minimumNoticeHours ?? null, minimumDays: row?.minimumDays ?? null };
}
