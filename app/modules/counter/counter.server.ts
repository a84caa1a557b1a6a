import { aliasedTable, and, asc, desc, eq, inArray, lt, ne, sql, type SQL } from "drizzle-orm";
import type { Language } from "~/modules/i18n/languages";
import { placeNameColumn } from "~/modules/i18n/place-name";
import { bookingScope, type StaffUser } from "~/modules/access/staff.server";
import { getDb, schema } from "~/utils/db.server";
import { counterPlaces, counterStatuses, OVERDUE_MAX, type CounterEntry, type CounterPlace } from "./counter";

/*
 * The entries of "Today at the counter" (docs/domain.md#counter), in the caller's booking scope:
 * staff see their supplier's bookings only, admins all. Days are counted on each place's clock
 * by the database (`at time zone` the place's zone), so a pick-up at 23:30 in Caracas is on that
 * Caracas day whatever the server's zone.
 */

const { bookings, carLocations, cars, locations, rentals, users } = schema;
const place = aliasedTable(locations, "counter_place");

/** A booking's moment (`startsAt` or `endsAt`) falls today or tomorrow on `place`'s clock, seen at `now`. */
const todayOrTomorrow = (at: Moment, now: Date): SQL =>
  sql`(${at} at time zone ${place.timeZone})::date - (${now.toISOString()}::timestamptz at time zone ${place.timeZone})::date between 0 and 1`;

type Moment = typeof bookings.startsAt | typeof bookings.endsAt;
const columns = {
  pickup: { at: bookings.startsAt, place: bookings.pickupLocationId },
  return: { at: bookings.endsAt, place: bookings.dropoffLocationId },
} as const;

/** Bookings of the scope matching `where` at their pick-up or return place; the overdue ones the most recent first, at most OVERDUE_MAX. */
async function entries(
  user: StaffUser,
  language: Language,
  kind: keyof typeof columns,
  where: (at: Moment) => SQL,
  overdue = false,
): Promise<CounterEntry[]> {
  const db = await getDb();
  const { at, place: placeColumn } = columns[kind];
  const query = db
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      driver: users.fullName,
      car: cars.name,
      plate: cars.plate,
      rental: rentals.state,
      placeId: place.id,
      placeName: placeNameColumn(place, language),
      timeZone: place.timeZone,
      at,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(place, eq(place.id, placeColumn))
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
    .where(and(bookingScope(user), where(at)));
  return overdue ? query.orderBy(desc(at), desc(bookings.id)).limit(OVERDUE_MAX) : query;
}

/** The places a staff member's fleet serves (listed even when empty); none for an admin, who sees only places with entries. */
async function fleetPlaces(user: StaffUser, language: Language) {
  if (user.type === "admin") return [];
  const db = await getDb();
  return db
    .selectDistinct({ id: locations.id, name: placeNameColumn(locations, language), timeZone: locations.timeZone })
    .from(carLocations)
    .innerJoin(cars, eq(cars.id, carLocations.carId))
    .innerJoin(locations, eq(locations.id, carLocations.locationId))
    .where(and(eq(cars.supplierId, user.supplierId), ne(cars.status, "deleted")))
    .orderBy(asc(placeNameColumn(locations, language)));
}

/** The page's places with their lists for `user` at `now` (docs/domain.md#counter). */
export async function loadCounter(user: StaffUser, language: Language, now = new Date()): Promise<CounterPlace[]> {
  const waiting = inArray(bookings.status, [...counterStatuses]);
  // A coarse window first (any zone's today or tomorrow lies within it), so the index on the
  // instants narrows the rows before each is read on its place's clock.
  const near = (at: Moment) =>
    sql`${at} between ${new Date(now.getTime() - 2 * 86_400_000).toISOString()}::timestamptz and ${new Date(now.getTime() + 3 * 86_400_000).toISOString()}::timestamptz`;
  const soon = (at: Moment) => and(waiting, near(at), todayOrTomorrow(at, now))!;
  const [pickups, returns, overdue, places] = await Promise.all([
    entries(user, language, "pickup", soon),
    entries(user, language, "return", soon),
    // docs/domain.md#counter: overdue = the car is out (its rental record says so) and its drop-off time has passed.
    entries(user, language, "return", (at) => and(eq(rentals.state, "out"), lt(at, now))!, true),
    fleetPlaces(user, language),
  ]);
  return counterPlaces({ pickups, returns, overdue }, places, now);
}
