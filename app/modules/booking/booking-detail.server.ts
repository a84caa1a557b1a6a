import { aliasedTable, and, asc, eq } from "drizzle-orm";
import { getDb, schema, type Executor } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingScope } from "~/modules/access/booking-scope.server";
import { paidCentsColumn } from "./paid-column.server";
import { placeNameColumns } from "~/modules/i18n/place-name";

const { bookings, bookingEvents, cars, suppliers, locations, rentals, users } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

const pickup = aliasedTable(locations, "pickup");
const dropoff = aliasedTable(locations, "dropoff");
const actor = aliasedTable(users, "actor");

/** What the booking page, its calendar file and its voucher show of a place (docs/domain.md#voucher). */
const placeFields = (place: typeof pickup) => ({
  id: place.id,
  ...placeNameColumns(place),
  address: place.address,
  timeZone: place.timeZone,
  latitude: place.latitude,
  longitude: place.longitude,
  counterEs: place.counterEs,
  counterEn: place.counterEn,
  counterFr: place.counterFr,
  counterEl: place.counterEl,
});

/** A booking with its car, supplier, places and driver: the booking page's and the confirmation's. */
const detailQuery = (executor: Executor) =>
  executor
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
      supplier: { id: suppliers.id, name: suppliers.name, phone: suppliers.phone, whatsapp: suppliers.whatsapp },
      pickup: placeFields(pickup),
      dropoff: placeFields(dropoff),
      driver: {
        id: users.id,
        fullName: users.fullName,
        email: users.email,
        phone: users.phone,
        language: users.language,
      },
      // docs/domain.md#pick-up: the rental record once the car is out (null before), and its return.
      rental: {
        state: rentals.state,
        pickedUpAt: rentals.pickedUpAt,
        odometerOutKm: rentals.odometerOutKm,
        fuelOutEighths: rentals.fuelOutEighths,
        returnedAt: rentals.returnedAt,
        odometerInKm: rentals.odometerInKm,
        fuelInEighths: rentals.fuelInEighths,
        finalBill: rentals.finalBill,
        depositTaken: rentals.depositTaken,
        closedAt: rentals.closedAt,
      },
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(pickup, eq(pickup.id, bookings.pickupLocationId))
    .innerJoin(dropoff, eq(dropoff.id, bookings.dropoffLocationId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id));

/** Every detail of one booking in `user`'s scope with its history, or null (missing and out of scope alike). */
export async function bookingDetail(user: User, id: number) {
  const db = await getDb();
  const [row] = await detailQuery(db).where(and(eq(bookings.id, id), bookingScope(user)));
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
  return { ...row, deposit: depositOf(row), history };
}

/** The deposit the booking was priced with; one made before it was recorded shows the car's (docs/domain.md#deposit). */
const depositOf = (row: Awaited<ReturnType<ReturnType<typeof detailQuery>["where"]>>[number]) =>
  row.booking.breakdown.deposit ?? { cents: row.car.depositCents, method: row.car.depositMethod };

/** The same details, read in the caller's transaction (the booking may have been written in it), for its confirmation. */
export async function bookingDetailIn(executor: Executor, id: number) {
  const [row] = await detailQuery(executor).where(eq(bookings.id, id));
  return row ? { ...row, deposit: depositOf(row) } : null;
}
