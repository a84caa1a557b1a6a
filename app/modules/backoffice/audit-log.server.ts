import { and, count, desc, eq, gte, ilike, lt, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Language } from "~/modules/i18n/languages";
import { pageQuery } from "~/modules/list/paging";
import { getDb, schema } from "~/utils/db.server";
import {
  appWallClock,
  auditChanges,
  auditDateRange,
  subjectHref,
  type AuditChange,
  type AuditQuery,
} from "./audit-view";
import { placeNameColumn } from "~/modules/i18n/place-name";

const { auditLog, bookings, cars, locations, outbox, payments, suppliers, users } = schema;
const subjectUser = alias(users, "subject_user");
const paymentBooking = alias(bookings, "payment_booking");

export type AuditRow = {
  id: number;
  at: string;
  actor: { name: string; email: string } | null;
  action: string;
  subjectType: string;
  subjectId: number | null;
  /** What the subject is called today (a car's name, a user's email, a job's id); null once it is gone. */
  subjectName: string | null;
  /** Its back-office page, while it exists and has one. */
  subjectHref: string | null;
  changes: AuditChange[];
};

/** `%` and `_` typed in the search are letters, not wildcards. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filters(query: AuditQuery): SQL | undefined {
  const { from, to } = auditDateRange(query);
  return and(
    query.subject ? eq(auditLog.subjectType, query.subject) : undefined,
    query.actor ? ilike(users.email, likeText(query.actor)) : undefined,
    from ? gte(auditLog.createdAt, from) : undefined,
    to ? lt(auditLog.createdAt, to) : undefined,
  );
}

/**
 * One page of the audit log (docs/domain.md#audit), newest first, for admins: who, when, what,
 * and the subject as it is called today, looked up by kind in the same query.
 */
export async function auditLogPage(
  query: AuditQuery,
  language: Language,
): Promise<{ rows: AuditRow[]; total: number; page: number; pages: number }> {
  const db = await getDb();
  const where = filters(query);
  const [{ total }] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where);
  const { page, pages, offset, limit } = pageQuery(total, query.page);
  const is = (type: string) => eq(auditLog.subjectType, type);
  const entries = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorName: users.fullName,
      actorEmail: users.email,
      action: auditLog.action,
      subjectType: auditLog.subjectType,
      subjectId: auditLog.subjectId,
      changes: auditLog.changes,
      carName: cars.name,
      placeName: placeNameColumn(locations, language),
      supplierName: suppliers.name,
      userEmail: subjectUser.email,
      jobId: outbox.jobId,
      paymentBooking: paymentBooking.reference,
      bookingReference: bookings.reference,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(cars, and(is("car"), eq(cars.id, auditLog.subjectId), ne(cars.status, "deleted")))
    .leftJoin(locations, and(is("location"), eq(locations.id, auditLog.subjectId)))
    .leftJoin(suppliers, and(is("supplier"), eq(suppliers.id, auditLog.subjectId), ne(suppliers.status, "deleted")))
    .leftJoin(subjectUser, and(is("user"), eq(subjectUser.id, auditLog.subjectId), ne(subjectUser.status, "deleted")))
    .leftJoin(outbox, and(is("outbox"), eq(outbox.id, sql`${auditLog.subjectId}::bigint`)))
    .leftJoin(payments, and(is("payment"), eq(payments.id, auditLog.subjectId)))
    .leftJoin(paymentBooking, eq(paymentBooking.id, payments.bookingId))
    // A review is named by its booking (its key).
    .leftJoin(bookings, and(or(is("booking"), is("review")), eq(bookings.id, auditLog.subjectId)))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  const rows = entries.map((entry): AuditRow => {
    const subjectName =
      entry.carName ??
      entry.placeName ??
      entry.supplierName ??
      entry.userEmail ??
      entry.jobId ??
      entry.paymentBooking ??
      entry.bookingReference ??
      null;
    return {
      id: entry.id,
      at: appWallClock(entry.createdAt),
      actor: entry.actorEmail ? { name: entry.actorName ?? "", email: entry.actorEmail } : null,
      action: entry.action,
      subjectType: entry.subjectType,
      subjectId: entry.subjectId,
      subjectName,
      subjectHref: subjectName === null ? null : subjectHref(entry.subjectType, entry.subjectId),
      changes: auditChanges(entry.changes),
    };
  });
  return { rows, total, page, pages };
}
