import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { paidCentsColumn } from "~/modules/booking/move.server";
import { formatCents } from "~/modules/i18n/format";
import { pageQuery, LIST_PAGE_SIZE } from "~/modules/list/paging";
import { getDb, schema } from "~/utils/db.server";
import { formatVenezuelanPhone } from "~/modules/forms/phone";
import { formatBolivarDecimal, referenceKey, type QueueOrder } from "./mobile-payment";
import { verifiedMethods, type VerifiedMethod } from "./transfer";
import { verificationScope, type Staff } from "./verification-scope.server";

const { banks, bookings, payments, users } = schema;

/** `referenceKey` in SQL: the reference without its leading zeros, as the duplicate check compares it. */
const referenceKeySql = sql<string>`regexp_replace(${payments.details}->>'reference', '^0+(?=[0-9])', '')`;

/** Payments with their booking, driver, the payer's bank and the booking's balance, for the queue. */
async function paymentRows(where: SQL | undefined, order: QueueOrder, offset: number) {
  const db = await getDb();
  return (
    db
      .select({
        paymentId: payments.id,
        bookingId: bookings.id,
        reference: bookings.reference,
        driverId: bookings.driverId,
        driverName: users.fullName,
        driverEmail: users.email,
        method: payments.method,
        amountCents: payments.amountCents,
        status: payments.status,
        // What is still due (docs/domain.md#payments): the price minus the succeeded payments.
        balanceCents: sql<number>`${bookings.priceCents} - ${paidCentsColumn}`.mapWith(Number),
        details: payments.details,
        bankName: banks.name,
        submittedAt: payments.createdAt,
        verifiedAt: payments.verifiedAt,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(users, eq(users.id, bookings.driverId))
      .leftJoin(banks, sql`${banks.code} = ${payments.details}->>'bank'`)
      .where(where)
      // Ids grow with submission time, and unlike timestamps they never tie.
      .orderBy(order === "oldest" ? asc(payments.id) : desc(payments.id))
      .limit(LIST_PAGE_SIZE)
      .offset(offset)
  );
}
type PaymentRow = Awaited<ReturnType<typeof paymentRows>>[number];

/**
 * The other pago móvil payments (any status, any date or bank) of other bookings in `user`'s
 * scope whose reference is that of one of `rows` (docs/domain.md#pago-móvil): the same transfer
 * filed twice under another date or bank code slips past the unique key, so staff are warned.
 */
async function sameReferences(
  user: Staff,
  rows: PaymentRow[],
): Promise<Map<number, Array<{ bookingId: number; reference: string }>>> {
  const mobile = rows.filter((row) => row.method === "mobilePayment" && typeof row.details.reference === "string");
  const found = new Map<number, Array<{ bookingId: number; reference: string }>>();
  if (mobile.length === 0) return found;
  const keys = [...new Set(mobile.map((row) => referenceKey(String(row.details.reference))))];
  const db = await getDb();
  const others = await db
    .selectDistinct({ key: referenceKeySql, bookingId: bookings.id, reference: bookings.reference })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(verificationScope(user), eq(payments.method, "mobilePayment"), inArray(referenceKeySql, keys)))
    .orderBy(asc(bookings.reference));
  for (const row of mobile) {
    const key = referenceKey(String(row.details.reference));
    found.set(
      row.paymentId,
      others
        .filter((other) => other.key === key && other.bookingId !== row.bookingId)
        .map(({ bookingId, reference }) => ({ bookingId, reference })),
    );
  }
  return found;
}

function present(user: Staff, row: PaymentRow, sameReference: Array<{ bookingId: number; reference: string }>) {
  const detail = (key: string) => (row.details[key] == null ? "" : String(row.details[key]));
  const own = row.driverId === user.id;
  return {
    paymentId: row.paymentId,
    bookingId: row.bookingId,
    reference: row.reference,
    driver: `${row.driverName} · ${row.driverEmail}`,
    method: row.method,
    amountUsd: formatCents(row.amountCents),
    amountBs: formatBolivarDecimal(detail("amountBs")),
    /** The IGTF the payer sent on top, not part of what the booking is due (docs/domain.md#igtf). */
    igtf: Number(row.details.igtfCents ?? 0) > 0 ? formatCents(Number(row.details.igtfCents)) : null,
    balance: formatCents(Math.max(0, row.balanceCents)),
    /** What approving would pay beyond the balance (docs/domain.md#credit): a credit to refund, said before. */
    wouldCredit:
      row.status === "pending" && row.amountCents > row.balanceCents
        ? formatCents(row.amountCents - Math.max(0, row.balanceCents))
        : null,
    bank: row.bankName ? `${detail("bank")} · ${row.bankName}` : detail("bank"),
    phone: formatVenezuelanPhone(detail("phone")),
    transferReference: detail("reference"),
    date: detail("date"),
    submittedAt: row.submittedAt,
    receivedAt: row.verifiedAt ?? row.submittedAt,
    /** Other bookings that filed a transfer with this reference (docs/domain.md#pago-móvil). */
    sameReference,
    /** The booking is the staff member's own: someone else must verify it (docs/security.md#payments). */
    own,
    /** Whether this staff member may approve or reject it: admins only, never for their own booking. */
    canVerify: user.type === "admin" && !own,
  };
}
export type QueueRow = ReturnType<typeof present>;

export type QueuePage = { rows: QueueRow[]; total: number; page: number; pages: number };

async function queuePage(
  user: Staff,
  where: SQL | undefined,
  order: QueueOrder,
  rawPage: string | null,
): Promise<QueuePage> {
  const db = await getDb();
  const [{ total }] = await db
    .select({ total: count() })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(where);
  const { page, pages, offset } = pageQuery(total, rawPage);
  const rows = await paymentRows(where, order, offset);
  const same = await sameReferences(user, rows);
  return { rows: rows.map((row) => present(user, row, same.get(row.paymentId) ?? [])), total, page, pages };
}

/**
 * The staff's queue (docs/domain.md#pago-móvil): transfers awaiting verification — pago móvil,
 * Zelle, bank transfer, or only those of `method` (docs/domain.md#transfers) —, all
 * of them page by page, oldest or newest first, and the payments received for bookings that ended
 * cancelled (a late payment whose car was taken), newest first, which staff must refund or rebook.
 */
export async function verificationQueue(
  user: Staff,
  query: { order?: QueueOrder; method?: VerifiedMethod | null; page?: string | null; flaggedPage?: string | null } = {},
): Promise<{ awaiting: QueuePage; flagged: QueuePage }> {
  const [awaiting, flagged] = await Promise.all([
    queuePage(
      user,
      and(
        verificationScope(user),
        query.method ? eq(payments.method, query.method) : inArray(payments.method, [...verifiedMethods]),
        eq(payments.status, "pending"),
      ),
      query.order ?? "oldest",
      query.page ?? null,
    ),
    queuePage(
      user,
      and(verificationScope(user), eq(payments.status, "succeeded"), eq(bookings.status, "cancelled")),
      "newest",
      query.flaggedPage ?? null,
    ),
  ]);
  return { awaiting, flagged };
}
