import { eq } from "drizzle-orm";
import { paidCentsColumn } from "~/modules/booking/move.server";
import { schema, type Executor } from "~/utils/db.server";
import { moneyOf, type BookingMoney } from "./money";

const { bookings, rentals } = schema;

/**
 * Where booking `bookingId`'s money stands (`moneyOf`, docs/domain.md#credit): what is due, paid,
 * still owed and paid beyond what is due. Read in the transaction that locked the booking's row
 * when money is about to be taken, so the answer holds until it commits. Null for no such booking.
 */
export async function bookingMoney(executor: Executor, bookingId: number): Promise<BookingMoney | null> {
  const [row] = await executor
    .select({ priceCents: bookings.priceCents, paidCents: paidCentsColumn, bill: rentals.finalBill })
    .from(bookings)
    .leftJoin(rentals, eq(rentals.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  return moneyOf({
    priceCents: row.priceCents,
    paidCents: row.paidCents,
    stillToPayCents: row.bill?.stillToPayCents ?? null,
  });
}
