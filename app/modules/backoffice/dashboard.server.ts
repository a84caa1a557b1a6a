import { and, count, eq, gt, gte, inArray, lt, sql } from "drizzle-orm";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import { bookingScope, carScope, type StaffUser } from "~/modules/access/staff.server";
import { holdingStatuses, occupancy, occupancyWindow, revenueByMonth, revenueMonths, statusCounts } from "./dashboard";
import { monthBounds, parseMonth } from "./month-grid";
import { overdueDeposits } from "~/modules/payment/deposit-ledger.server";
import { lapsingHolds } from "~/modules/payment/deposit-hold.server";

const { bookings, cars, payments } = schema;

/**
 * The dashboard's figures for the caller's scope (docs/domain.md#dashboard): an admin's whole
 * marketplace, a supplier's staff their supplier's bookings, cars and payments only. Four
 * aggregate queries and a count; none returns rows per booking.
 */
export async function dashboardFigures(user: StaffUser, now = new Date()) {
  const db = await getDb();
  const zone = APP_TIME_ZONE;
  const months = revenueMonths(now, zone);
  const since = monthBounds(parseMonth(months[0])!, zone).start;
  const window = occupancyWindow(now, zone);
  // A string, not a Date, inside sql``: postgres.js would not serialise the Date there.
  const windowStart = sql`${window.start.toISOString()}::timestamptz`;
  const windowEnd = sql`${window.end.toISOString()}::timestamptz`;
  const countedCars = and(carScope(user), eq(cars.availability, "available"));
  const month = sql<string>`to_char(${bookings.createdAt} at time zone ${zone}, 'YYYY-MM')`;

  const [byStatus, revenue, [fleet], [booked], [awaiting], overdue, lapsing] = await Promise.all([
    db
      .select({ status: bookings.status, count: count() })
      .from(bookings)
      .where(bookingScope(user))
      .groupBy(bookings.status),
    // Sales of paid bookings by the month they were made (the bookings_supplier_idx range for staff).
    db
      .select({ month, cents: sql<number>`sum(${bookings.priceCents})::bigint`.mapWith(Number) })
      .from(bookings)
      .where(and(bookingScope(user), eq(bookings.status, "paid"), gte(bookings.createdAt, since)))
      // By position: the zone is a parameter, and PostgreSQL does not see `$1` and `$3` as the same expression.
      .groupBy(sql`1`),
    db.select({ cars: count() }).from(cars).where(countedCars),
    // Each holding booking's time inside the window, summed (the bookings_car_blocking index's range per car).
    db
      .select({
        seconds:
          sql<number>`coalesce(sum(extract(epoch from least(${bookings.endsAt}, ${windowEnd}) - greatest(${bookings.startsAt}, ${windowStart}))), 0)::float8`.mapWith(
            Number,
          ),
      })
      .from(bookings)
      .innerJoin(cars, eq(cars.id, bookings.carId))
      .where(
        and(
          bookingScope(user),
          countedCars,
          inArray(bookings.status, holdingStatuses),
          gt(bookings.endsAt, window.start),
          lt(bookings.startsAt, window.end),
        ),
      ),
    // The queue of /admin/payments: pago móvil transfers staff have not verified yet.
    db
      .select({ payments: count() })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .where(and(bookingScope(user), eq(payments.method, "mobilePayment"), eq(payments.status, "pending"))),
    // docs/domain.md#deposit-ledger: deposits still held past their supplier's days after the return.
    overdueDeposits(user, now),
    // docs/domain.md#card-deposit-hold: card holds that lapse within a day.
    lapsingHolds(user, now),
  ]);

  return {
    statuses: statusCounts(byStatus),
    revenue: revenueByMonth(months, revenue),
    occupancy: {
      ...occupancy({ carCount: fleet.cars, bookedMs: booked.seconds * 1000, window }),
      from: window.start,
      to: window.end,
    },
    awaitingPayments: awaiting.payments,
    overdueDeposits: overdue,
    lapsingHolds: lapsing,
  };
}
