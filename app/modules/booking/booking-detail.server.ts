import { aliasedTable, and, asc, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingScope } from "~/modules/access/booking-scope.server";
import { paidCentsColumn } from "./move.server";

const { bookings, bookingEvents, cars, suppliers, locations, users } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

const pickup = aliasedTable(locations, "pickup");
const dropoff = aliasedTable(locations, "dropoff");
const actor = aliasedTable(users, "actor");

/** Every detail of one booking in `user`'s scope with its history, or null (missing and out of scope alike). */
export async function bookingDetail(user: User, id: number) {
  const db = await getDb();
  const [row] = await db
    .select({
      booking: bookings,
      paidCents: paidCentsColumn,
      car: {
        id: cars.id,
        name: cars.name,
        dailyPriceCents: cars.dailyPriceCents,
        cancellationCents: cars.cancellationCents,
        depositCents: cars.depositCents,
        depositMethod: cars.depositMethod,
      },
      supplier: { id: suppliers.id, name: suppliers.name },
      pickup: {
        id: pickup.id,
        nameEs: pickup.nameEs,
        nameEn: pickup.nameEn,
        nameFr: pickup.nameFr,
        nameEl: pickup.nameEl,
        address: pickup.address,
        timeZone: pickup.timeZone,
      },
      dropoff: {
        id: dropoff.id,
        nameEs: dropoff.nameEs,
        nameEn: dropoff.nameEn,
        nameFr: dropoff.nameFr,
        nameEl: dropoff.nameEl,
        address: dropoff.address,
        timeZone: dropoff.timeZone,
      },
      driver: { id: users.id, fullName: users.fullName, email: users.email, phone: users.phone },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(and(eq(bookings.id, id), bookingScope(user)));
  if (!row) return null;
  const history = await db
    .select({
      id: bookingEvents.id,
      at: bookingEvents.at,
      fromStatus: bookingEvents.fromStatus,
      toStatus: bookingEvents.toStatus,
      note: bookingEvents.note,
      actor: actor.fullName,
    })
    .from(bookingEvents)
    .leftJoin(actor, eq(actor.id, bookingEvents.actorId))
    .where(eq(bookingEvents.bookingId, id))
    .orderBy(asc(bookingEvents.at), asc(bookingEvents.id));
  // The deposit the booking was priced with; one made before it was recorded shows the car's (docs/domain.md#deposit).
  const deposit = row.booking.breakdown.deposit ?? { cents: row.car.depositCents, method: row.car.depositMethod };
  return { ...row, deposit, history };
}
