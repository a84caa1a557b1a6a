import { aliasedTable, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { RentalEvent } from "./history";

const { damageClaims, rentals, users } = schema;
const pickedUpBy = aliasedTable(users, "picked_up_by_user");
const returnedBy = aliasedTable(users, "returned_by_user");
const closedBy = aliasedTable(users, "closed_by_user");
const claimOpenedBy = aliasedTable(users, "claim_opened_by_user");
const claimDecidedBy = aliasedTable(users, "claim_decided_by_user");
const driver = aliasedTable(users, "driver_user");

/**
 * The pick-up and, once recorded, the return, the closing and the damage claim's steps of booking
 * `bookingId` as history rows (none before the pick-up).
 */
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
  return [...events, ...(await claimHistory(bookingId))];
}

/** The damage claim's steps (docs/domain.md#damage-claims): opened, answered by the driver, settled. */
async function claimHistory(bookingId: number): Promise<RentalEvent[]> {
  const db = await getDb();
  const [row] = await db
    .select({
      claim: damageClaims,
      openedBy: claimOpenedBy.fullName,
      decidedBy: claimDecidedBy.fullName,
      driver: driver.fullName,
    })
    .from(damageClaims)
    .innerJoin(schema.bookings, eq(schema.bookings.id, damageClaims.bookingId))
    .leftJoin(driver, eq(driver.id, schema.bookings.driverId))
    .leftJoin(claimOpenedBy, eq(claimOpenedBy.id, damageClaims.openedBy))
    .leftJoin(claimDecidedBy, eq(claimDecidedBy.id, damageClaims.decidedBy))
    .where(eq(damageClaims.bookingId, bookingId));
  if (!row) return [];
  const { claim } = row;
  const events: RentalEvent[] = [{ kind: "claimOpened", at: claim.openedAt, actor: row.openedBy }];
  if (claim.respondedAt && claim.response)
    events.push({
      kind: claim.response === "accepted" ? "claimAccepted" : "claimDisputed",
      at: claim.respondedAt,
      actor: row.driver,
      by: "driver",
    });
  if (claim.settledAt)
    events.push(
      claim.decidedAt
        ? { kind: "claimSettled", at: claim.settledAt, actor: row.decidedBy, by: "admin" }
        : { kind: "claimSettled", at: claim.settledAt, actor: row.driver, by: "driver" },
    );
  return events;
}
