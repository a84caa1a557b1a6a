import { and, eq } from "drizzle-orm";
import { bookablePlace, bookableSupplier, carIsBookable } from "~/modules/availability/availability.server";
import { getDb } from "~/utils/db.server";

/**
 * Whether the car is still free for the link's place and period (docs/domain.md#availability),
 * so a stale link says so before the form is filled. Only a preview: the booking transaction
 * decides, and a hold that expired moments ago still counts until it is swept.
 */
export async function carIsFree(carId: number, locationId: number, pickUp: Date, dropOff: Date): Promise<boolean> {
  const db = await getDb();
  const [bookable] = await db
    .select({ carId: bookablePlace.carId })
    .from(bookablePlace)
    .innerJoin(bookableSupplier, eq(bookableSupplier.id, bookablePlace.supplierId))
    .where(and(eq(bookablePlace.carId, carId), carIsBookable({ locationId, pickUp: pickUp.toISOString(), dropOff: dropOff.toISOString() })))
    .limit(1);
  return bookable !== undefined;
}
