import { aliasedTable, and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { listWhere, type BookingFilters } from "./list-bookings.server";
import { placeNameColumn } from "~/modules/i18n/place-name";

const { bookings, cars, suppliers, locations, users } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

const exportPickup = aliasedTable(locations, "export_pickup");
const exportDropoff = aliasedTable(locations, "export_dropoff");

/** Rows of the CSV export read at a time (docs/domain.md#bookings-export). */
const EXPORT_BATCH = 500;

type Keyset = { startsAt: Date; id: number };

/** One batch of the export: the list's rows after `after` in the list's order, with the places named in `language`. */
async function exportBatch(where: SQL | undefined, language: Language, after: Keyset | null) {
  const db = await getDb();
  return db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      days: bookings.days,
      priceCents: bookings.priceCents,
      paymentMethod: bookings.paymentMethod,
      car: cars.name,
      supplier: suppliers.name,
      driver: users.fullName,
      driverEmail: users.email,
      pickupPlace: placeNameColumn(exportPickup, language),
      pickupTimeZone: exportPickup.timeZone,
      dropoffPlace: placeNameColumn(exportDropoff, language),
      dropoffTimeZone: exportDropoff.timeZone,
    })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(suppliers, eq(suppliers.id, bookings.supplierId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .innerJoin(exportPickup, eq(exportPickup.id, bookings.pickupLocationId))
    .innerJoin(exportDropoff, eq(exportDropoff.id, bookings.dropoffLocationId))
    .where(
      after
        ? and(
            where,
            or(
              lt(bookings.startsAt, after.startsAt),
              and(eq(bookings.startsAt, after.startsAt), lt(bookings.id, after.id)),
            ),
          )
        : where,
    )
    .orderBy(desc(bookings.startsAt), desc(bookings.id))
    .limit(EXPORT_BATCH);
}

export type ExportedBooking = Awaited<ReturnType<typeof exportBatch>>[number];

/**
 * Every booking of the list with its filters, in the list's order, for the CSV export
 * (docs/domain.md#bookings-export): a batch at a time, each continuing after the last row of
 * the one before (keyset), so a long export neither holds the table in memory nor skips or
 * repeats rows when bookings are added meanwhile.
 */
export async function* exportBookings(
  user: User,
  filters: Omit<BookingFilters, "page" | "perPage">,
  language: Language,
): AsyncGenerator<ExportedBooking[]> {
  const where = listWhere(user, filters);
  let after: Keyset | null = null;
  for (;;) {
    const rows = await exportBatch(where, language, after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1];
    after = { startsAt: last.startsAt, id: last.id };
  }
}
