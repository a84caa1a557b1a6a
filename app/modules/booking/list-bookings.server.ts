import { aliasedTable, and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import { paidCentsColumn } from "./move.server";
import { pageQuery } from "~/modules/list/paging";
import type { BookingStatus } from "./status";
import type { ListSort } from "./list-query";
import { placeNameColumns } from "~/modules/i18n/place-name";

const { bookings, cars, suppliers, users, locations } = schema;
const listPickup = aliasedTable(locations, "list_pickup");
const listDropoff = aliasedTable(locations, "list_dropoff");
const placeColumns = (place: typeof listPickup) => ({
  ...placeNameColumns(place),
  timeZone: place.timeZone,
});

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

export type BookingFilters = {
  status: BookingStatus | null;
  from: Date | null;
  to: Date | null;
  /** A calendar day (YYYY-MM-DD) of the pick-up place's clock, of the return place's. */
  pickupOn?: string | null;
  returnOn?: string | null;
  sort?: ListSort | null;
  dir?: "asc" | "desc";
  supplierId: number | null;
  /** Part of the reference or of the driver's name or email, any case; empty or null: no search. */
  search?: string | null;
  page: number;
  perPage: number;
};

/** `%…%` for ILIKE with the user's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** The one WHERE of the bookings list, its count and its CSV export: the caller's scope and the filters. */
export function listWhere(user: User, filters: Omit<BookingFilters, "page" | "perPage">): SQL | undefined {
  const conditions: SQL[] = [bookingScope(user)];
  if (filters.status) conditions.push(eq(bookings.status, filters.status));
  // A booking is in the range when its rental overlaps it.
  if (filters.from) conditions.push(gte(bookings.endsAt, filters.from));
  if (filters.to) conditions.push(lt(bookings.startsAt, filters.to));
  // On the place's own clock (docs/domain.md#counter): read from the place by id, so the
  // condition holds whatever the query calls its joined places (the list and its export differ).
  if (filters.pickupOn)
    conditions.push(
      sql`(${bookings.startsAt} at time zone (select l.time_zone from ${locations} l where l.id = ${bookings.pickupLocationId}))::date = ${filters.pickupOn}::date`,
    );
  if (filters.returnOn)
    conditions.push(
      sql`(${bookings.endsAt} at time zone (select l.time_zone from ${locations} l where l.id = ${bookings.dropoffLocationId}))::date = ${filters.returnOn}::date`,
    );
  if (filters.supplierId && isStaff(user)) conditions.push(eq(bookings.supplierId, filters.supplierId));
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(
      or(ilike(bookings.reference, pattern), ilike(users.fullName, pattern), ilike(users.email, pattern))!,
    );
  }
  return and(...conditions);
}

/**
 * The bookings list (docs/domain.md#limits: `perPage` from bookingsPageSize): one page of `user`'s
 * scope and the total; a page past the end is the last one. Staff see the newest pick-up first;
 * a driver sees what is still ahead first, soonest pick-up first, then the past ones, latest
 * first (docs/domain.md#my-bookings).
 */
export async function listBookings(user: User, filters: BookingFilters) {
  const db = await getDb();
  const where = listWhere(user, filters);
  // The driver's columns take part in the text search.
  const [{ total }] = await db
    .select({ total: count() })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(where);
  const { page, pages, offset, limit } = pageQuery(total, filters.page, filters.perPage);
  const sorted = filters.sort
    ? { reference: bookings.reference, pickup: bookings.startsAt, dropoff: bookings.endsAt }[filters.sort]
    : null;
  const order = sorted
    ? [
        filters.dir === "desc" ? desc(sorted) : asc(sorted),
        filters.dir === "desc" ? desc(bookings.id) : asc(bookings.id),
      ]
    : isStaff(user)
      ? [desc(bookings.startsAt), desc(bookings.id)]
      : [
          sql`${bookings.endsAt} < now()`,
          sql`case when ${bookings.endsAt} >= now() then ${bookings.startsAt} end asc`,
          desc(bookings.startsAt),
          desc(bookings.id),
        ];
  const rows = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      days: bookings.days,
      priceCents: bookings.priceCents,
      dailyPriceCents: cars.dailyPriceCents,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      paymentMethod: bookings.paymentMethod,
      cancelRequest: bookings.cancelRequest,
      driverId: bookings.driverId,
      paidCents: paidCentsColumn,
      car: cars.name,
      supplier: suppliers.name,
      driver: users.fullName,
      pickup: placeColumns(listPickup),
      dropoff: placeColumns(listDropoff),
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(listPickup, eq(listPickup.id, bookings.pickupLocationId))
    .innerJoin(listDropoff, eq(listDropoff.id, bookings.dropoffLocationId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return { rows, total, page, pages };
}

/** The suppliers a staff member may filter by: their own, or all for an admin. */
export async function supplierChoices(user: User) {
  if (user.type !== "admin") return [];
  const db = await getDb();
  return db.select({ id: suppliers.id, name: suppliers.name }).from(suppliers).orderBy(asc(suppliers.name));
}
