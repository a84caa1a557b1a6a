import { and, desc, eq, sql } from "drizzle-orm";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import { formatCents } from "~/modules/i18n/format";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { REFERENCE_PREFIX, type UnmatchedReason } from "./tron";

const { bookings, payments, users } = schema;

const UNMATCHED_LIMIT = 200;

/**
 * USDT that reached our address but paid nothing (docs/domain.md#usdt), newest first, for the
 * back office: the booking whose payer submitted it, the sender, the amount received, the
 * transaction and why it did not match. A transaction that then paid another booking (its real
 * payer's) is left out. Scoped like the pago móvil queue: admins see all, supplier staff their
 * supplier's bookings.
 */
export async function unmatchedUsdtTransfers(user: Pick<SessionUser, "id" | "type" | "supplierId">) {
  if (!isStaff(user)) return [];
  const db = await getDb();
  const rows = await db
    .select({
      paymentId: payments.id,
      bookingId: bookings.id,
      reference: bookings.reference,
      driverName: users.fullName,
      driverEmail: users.email,
      amountCents: payments.amountCents,
      details: payments.details,
      at: payments.updatedAt,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(users, eq(users.id, bookings.driverId))
    .where(
      and(
        bookingScope(user),
        eq(payments.method, "walletPayment"),
        eq(payments.status, "failed"),
        sql`${payments.details} ? 'received'`,
        sql`not exists (select 1 from ${payments} paid where paid.provider_reference = ${REFERENCE_PREFIX} || (${payments.details} ->> 'txId') and paid.status = 'succeeded')`,
      ),
    )
    .orderBy(desc(payments.id))
    .limit(UNMATCHED_LIMIT);
  const text = (value: unknown) => (value == null ? "" : String(value));
  return rows.map((row) => ({
    paymentId: row.paymentId,
    bookingId: row.bookingId,
    reference: row.reference,
    driver: `${row.driverName} · ${row.driverEmail}`,
    expected: formatCents(row.amountCents),
    received: `${text(row.details.received)} USDT`,
    sender: text(row.details.sender),
    txId: text(row.details.txId),
    failure: text(row.details.failure) as UnmatchedReason,
    at: row.at,
  }));
}
