import { aliasedTable, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { RentalEvent } from "./history";

const { rentals, users } = schema;
const pickedUpBy = aliasedTable(users, "picked_up_by_user");
const returnedBy = aliasedTable(users, "returned_by_user");
const closedBy = aliasedTable(users, "closed_by_user");

/** The pick-up and, once recorded, the return and the closing of booking `bookingId` as history rows (none before the pick-up). */
export async function rentalHistory(bookingId: number): Promise<RentalEvent[]> {
  const db = await getDb();
  const [row] = await db
    .select({
      rental: rentals,
      pickedUpBy: pickedUpBy.fullName,
      returnedBy: returnedBy.fullName,
      closedBy: closedBy.fullName,
    })
    .from(rentals)
    .leftJoin(pickedUpBy, eq(pickedUpBy.id, rentals.pickedUpBy))
    .leftJoin(returnedBy, eq(returnedBy.id, rentals.returnedBy))
    .leftJoin(closedBy, eq(closedBy.id, rentals.closedBy))
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
  if (rental.closedAt) events.push({ kind: "closed", at: rental.closedAt, actor: row.closedBy });
  return events;
}
