import { aliasedTable, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { RentalEvent } from "./history";

const { rentals, users } = schema;
const pickedUpBy = aliasedTable(users, "picked_up_by_user");
const returnedBy = aliasedTable(users, "returned_by_user");

/** The pick-up and, once recorded, the return of booking `bookingId` as history rows (none before the pick-up). */
export async function rentalHistory(bookingId: number): Promise<RentalEvent[]> {
  const db = await getDb();
  const [row] = await db
    .select({ rental: rentals, pickedUpBy: pickedUpBy.fullName, returnedBy: returnedBy.fullName })
    .from(rentals)
    .leftJoin(pickedUpBy, eq(pickedUpBy.id, rentals.pickedUpBy))
    .leftJoin(returnedBy, eq(returnedBy.id, rentals.returnedBy))
    .where(eq(rentals.bookingId, bookingId));
  if (!row) return [];
  const { rental } = row;
  const events: RentalEvent[] = [
    {
      kind: "pickedUp",
      at: rental.pickedUpAt,
      actor: row.pickedUpBy,
      odometerKm: rental.odometerOutKm,
      fuelEighths: rental.fuelOutEighths,
    },
  ];
  if (rental.returnedAt && rental.odometerInKm !== null && rental.fuelInEighths !== null)
    events.push({
      kind: "returned",
      at: rental.returnedAt,
      actor: row.returnedBy,
      odometerKm: rental.odometerInKm,
      fuelEighths: rental.fuelInEighths,
    });
  return events;
}
