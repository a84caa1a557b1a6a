import { sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { schema } from "~/utils/db.server";

/**
 * The availability rule (DESIGN §5) as ONE SQL predicate, used by the search and by
 * checkout. A car is bookable for [pickUp, dropOff) when it is available and not
 * deleted, its supplier is active, it serves the pick-up location, and no blocking
 * booking overlaps the period.
 *
 * Queries name the car and its supplier through `bookableCar` / `bookableSupplier`
 * (aliases `c` and `s`), joined on the supplier: `from(bookableCar).innerJoin(
 * bookableSupplier, eq(bookableSupplier.id, bookableCar.supplierId))`.
 *
 * The overlap is written with `&&` on tstzrange, the operator of the exclusion
 * constraint, so the planner can use the GiST indexes; written as two comparisons it
 * misjudges selectivity and sorts every car instead of walking the price index
 * (reference/search-floor.md). Ranges are half-open: a booking ending at 10:00 does
 * not block a pick-up at 10:00. The blocking statuses are those of the constraint's
 * WHERE clause: a `void` hold blocks until it is moved to `cancelled` (a constraint
 * cannot depend on now()), so checkout cancels the car's expired holds first.
 */
export const bookableCar = alias(schema.cars, "c");
export const bookableSupplier = alias(schema.suppliers, "s");

export const blockingStatusesSql = sql.raw(schema.blockingStatuses.map((s) => `'${s}'`).join(", "));

/** Values or placeholders (`sql.placeholder`) for the location and the period. */
export type AvailabilityParams = { locationId: unknown; pickUp: unknown; dropOff: unknown };

/** No blocking booking of car `c` overlaps [pickUp, dropOff). */
export function noOverlappingBooking(pickUp: unknown, dropOff: unknown): SQL {
  return sql`not exists (select 1 from ${schema.bookings} b where b.car_id = c.id and b.status in (${blockingStatusesSql}) and tstzrange(b.starts_at, b.ends_at) && tstzrange(${pickUp}::timestamptz, ${dropOff}::timestamptz))`;
}

export function carIsBookable({ locationId, pickUp, dropOff }: AvailabilityParams): SQL {
  return sql`c.availability = 'available' and c.status = 'active' and s.active and s.status = 'active'
    and exists (select 1 from ${schema.carLocations} cl where cl.car_id = c.id and cl.location_id = ${locationId}::int)
    and ${noOverlappingBooking(pickUp, dropOff)}`;
}
