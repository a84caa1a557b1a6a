import { and, asc, eq, gt, ne, notInArray, or, type SQL } from "drizzle-orm";
import { closedStatuses } from "~/modules/booking/status";
import { schema, type Executor } from "~/utils/db.server";

/*
 * The bookings that still hold a car: while there are any, the car is not moved to another
 * supplier, made unavailable or deleted (docs/domain.md#fleet).
 */

const { bookings } = schema;

/**
 * Bookings that still hold the car: not cancelled or deleted, not over yet, and not a payment
 * hold that already ran out (the sweep cancels those within a minute).
 */
function holdsCar(carId: number, now: Date): SQL {
  return and(
    eq(bookings.carId, carId),
    gt(bookings.endsAt, now),
    notInArray(bookings.status, [...closedStatuses]),
    or(ne(bookings.status, "void"), gt(bookings.holdExpiresAt, now)),
  )!;
}

/** The references of the bookings that still hold the car, by pick-up: what staff must move or cancel first. */
export async function holdingReferences(executor: Executor, carId: number, now: Date): Promise<string[]> {
  const rows = await executor
    .select({ reference: bookings.reference })
    .from(bookings)
    .where(holdsCar(carId, now))
    .orderBy(asc(bookings.startsAt), asc(bookings.id));
  return rows.map((row) => row.reference);
}
