import { and, asc, count, eq, gt, inArray, lt } from "drizzle-orm";
import { LIST_PAGE_SIZE, pageQuery } from "~/modules/list/paging";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import { bookingScope, carScope, type StaffUser } from "~/modules/access/staff.server";
import { holdingStatuses, type HoldingStatus } from "./dashboard";
import { assignLanes, barSpan, monthBounds, monthDays, type BarSpan, type Month } from "./month-grid";

const { bookings, cars, suppliers } = schema;

/** An out-of-service block of a car on the calendar (docs/domain.md#out-of-service). */
export type CalendarBlock = BarSpan & {
  id: number;
  reason: "maintenance" | "accident" | "other";
  startsAt: Date;
  endsAt: Date;
};

export type CalendarBar = BarSpan & {
  id: number;
  reference: string;
  status: HoldingStatus;
  driver: string;
  startsAt: Date;
  endsAt: Date;
};

/**
 * One page of the fleet calendar (docs/domain.md#fleet-calendar): the caller's cars (30 a page,
 * by supplier and name; an admin may pick one supplier), each with its bookings of `month` laid
 * out in lanes of bars; only bookings that hold their car are drawn, and its out-of-service blocks
 * in lanes of their own. Three queries and a count: the cars' page, then their bookings that overlap
 * the month, read through the bookings_car_blocking index (car, end, start), and their blocks (car_blocks_car_end).
 */
export async function fleetCalendar(
  user: StaffUser,
  { month, supplierId, page }: { month: Month; supplierId: number | null; page: number },
) {
  const db = await getDb();
  const zone = APP_TIME_ZONE;
  const where = and(carScope(user), user.type === "admin" && supplierId ? eq(cars.supplierId, supplierId) : undefined);
  const [[{ total }], carRows] = await Promise.all([
    db.select({ total: count() }).from(cars).where(where),
    db
      .select({ id: cars.id, name: cars.name, supplier: suppliers.name, availability: cars.availability })
      .from(cars)
      .innerJoin(suppliers, eq(suppliers.id, cars.supplierId))
      .where(where)
      .orderBy(asc(suppliers.name), asc(cars.name), asc(cars.id))
      .limit(LIST_PAGE_SIZE)
      .offset((page - 1) * LIST_PAGE_SIZE),
  ]);
  const { start, end } = monthBounds(month, zone);
  const bookingRows =
    carRows.length === 0
      ? []
      : await db
          .select({
            id: bookings.id,
            carId: bookings.carId,
            reference: bookings.reference,
            status: bookings.status,
            startsAt: bookings.startsAt,
            endsAt: bookings.endsAt,
            driver: schema.users.fullName,
          })
          .from(bookings)
          .innerJoin(schema.users, eq(schema.users.id, bookings.driverId))
          .where(
            and(
              bookingScope(user),
              inArray(
                bookings.carId,
                carRows.map((c) => c.id),
              ),
              inArray(bookings.status, holdingStatuses),
              gt(bookings.endsAt, start),
              lt(bookings.startsAt, end),
            ),
          );
  const blockRows =
    carRows.length === 0
      ? []
      : await db
          .select({
            id: schema.carBlocks.id,
            carId: schema.carBlocks.carId,
            reason: schema.carBlocks.reason,
            startsAt: schema.carBlocks.startsAt,
            endsAt: schema.carBlocks.endsAt,
          })
          .from(schema.carBlocks)
          .where(
            and(
              inArray(
                schema.carBlocks.carId,
                carRows.map((c) => c.id),
              ),
              gt(schema.carBlocks.endsAt, start),
              lt(schema.carBlocks.startsAt, end),
            ),
          );
  const blocksByCar = new Map<number, CalendarBlock[]>();
  for (const row of blockRows) {
    const span = barSpan(row.startsAt, row.endsAt, month, zone);
    if (span) blocksByCar.set(row.carId, [...(blocksByCar.get(row.carId) ?? []), { ...span, ...row }]);
  }
  const barsByCar = new Map<number, CalendarBar[]>();
  for (const row of bookingRows) {
    const span = barSpan(row.startsAt, row.endsAt, month, zone);
    if (!span) continue;
    const bar = {
      ...span,
      id: row.id,
      reference: row.reference,
      status: row.status as HoldingStatus,
      driver: row.driver,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
    };
    barsByCar.set(row.carId, [...(barsByCar.get(row.carId) ?? []), bar]);
  }
  return {
    zone,
    days: monthDays(month),
    cars: carRows.map((car) => ({
      ...car,
      lanes: assignLanes(barsByCar.get(car.id) ?? []),
      // Drawn in rows of their own under the car's bookings.
      blockLanes: assignLanes(blocksByCar.get(car.id) ?? []),
    })),
    total,
    pages: pageQuery(total, page).pages,
  };
}
