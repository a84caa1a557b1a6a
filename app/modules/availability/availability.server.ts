import { and, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb, schema, type Executor } from "~/utils/db.server";

/**
 * The availability rule (docs/domain.md#availability) as ONE SQL predicate, used by the search and by
 * checkout. A car is bookable at a place for [pickUp, dropOff) when it serves the place
 * (a `car_locations` row), is available and not deleted, its supplier is active, and no
 * blocking booking overlaps the period.
 *
 * Queries read the car's place row and its supplier through `bookablePlace` /
 * `bookableSupplier` (aliases `cl` and `s`): `from(bookablePlace).innerJoin(
 * bookableSupplier, eq(bookableSupplier.id, bookablePlace.supplierId))` and a condition
 * on `cl.location_id`. The place row carries the car's search columns (db/schema/cars.ts).
 *
 * The overlap test reads ONE booking per car. Blocking bookings of a car never overlap
 * (the exclusion constraint `bookings_no_overlap`, same statuses), so ordered by their
 * end they are also ordered by their start, and the first one ending after the pick-up
 * is the only one that can overlap the period: it does when it starts before the
 * drop-off. The index `bookings_car_blocking (car_id, ends_at, starts_at)` answers that
 * with one index entry, where scanning all the overlapping bookings of the fleet, or all
 * of a car's, costs many. Ranges are half-open: a booking ending at 10:00 does not block
 * a pick-up at 10:00. A `void` hold blocks until it is moved to `cancelled` (a
 * constraint cannot depend on now()), so checkout cancels the car's expired holds first.
 */
export const bookablePlace = alias(schema.carLocations, "cl");
export const bookableSupplier = alias(schema.suppliers, "s");

const blockingStatusesSql = sql.raw(schema.blockingStatuses.map((s) => `'${s}'`).join(", "));

/**
 * Values or placeholders (`sql.placeholder`) for the place and the period. `exceptBookingId`:
 * a booking being amended does not count as overlapping its own new period.
 */
export type AvailabilityParams = { locationId: unknown; pickUp: unknown; dropOff: unknown; exceptBookingId?: number };

/**
 * No blocking booking of the car `cl.car_id` overlaps [pickUp, dropOff). Leaving one booking
 * out keeps the one-entry probe right: the others still never overlap each other.
 */
function noOverlappingBooking(pickUp: unknown, dropOff: unknown, exceptBookingId?: number): SQL {
  const except = exceptBookingId === undefined ? sql`` : sql` and b.id <> ${exceptBookingId}`;
  return sql`coalesce((select b.starts_at from ${schema.bookings} b
      where b.car_id = cl.car_id and b.status in (${blockingStatusesSql}) and b.ends_at > ${pickUp}::timestamptz${except}
      order by b.ends_at limit 1) >= ${dropOff}::timestamptz, true)`;
}

export function carIsBookable({ locationId, pickUp, dropOff, exceptBookingId }: AvailabilityParams): SQL {
  return sql`cl.location_id = ${locationId}::int and cl.bookable and s.active and s.status = 'active'
    and ${noOverlappingBooking(pickUp, dropOff, exceptBookingId)}`;
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
    exceptBookingId,
  }: { carId: number; locationId: number; pickUp: Date; dropOff: Date; exceptBookingId?: number },
  executor?: Executor,
): Promise<boolean> {
  const [bookable] = await (executor ?? (await getDb()))
    .select({ carId: bookablePlace.carId })
    .from(bookablePlace)
    .innerJoin(bookableSupplier, eq(bookableSupplier.id, bookablePlace.supplierId))
    .where(
      and(
        eq(bookablePlace.carId, carId),
        carIsBookable({ locationId, pickUp: pickUp.toISOString(), dropOff: dropOff.toISOString(), exceptBookingId }),
      ),
    )
    .limit(1);
  return bookable !== undefined;
}
