import { and, count, desc, eq, gte, isNotNull, sql, type SQL } from "drizzle-orm";
import type { StaffUser } from "~/modules/access/staff.server";
import { supplierChoices } from "~/modules/booking/list-bookings.server";
import type { Language } from "~/modules/i18n/languages";
import { pageQuery } from "~/modules/list/paging";
import { APP_TIME_ZONE, appToday } from "~/modules/time/calendar";
import { localToInstant, wallClockLabel } from "~/modules/time/zoned-time";
import { getDb, schema } from "~/utils/db.server";
import { AVERAGE_MONTHS, type ReviewsQuery } from "./back-office";
import { reviewAspects, starsOf, type ReviewAspect } from "./review";
import { visibleReview } from "./supplier-scores.server";

const { bookings, reviews, suppliers, users } = schema;

type Aspect = "overall" | ReviewAspect;
const aspects: Aspect[] = ["overall", ...reviewAspects];

/** One month's row of the averages: null where the month had no review (an empty cell, not 0). */
export type MonthAverages = { month: string; label: string; count: number; averages: Record<Aspect, number | null> };

/** The last `AVERAGE_MONTHS` calendar months in the app's zone, oldest first, as `YYYY-MM`. */
export function lastMonths(now: Date): string[] {
  const [year, month] = appToday(now).split("-").map(Number);
  return Array.from({ length: AVERAGE_MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(year, month - 1 - (AVERAGE_MONTHS - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

const monthLabel = (month: string, language: Language) => {
  const [year, m] = month.split("-").map(Number);
  return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(Date.UTC(year, m - 1, 1)),
  );
};

/** The reviews the caller reads: their supplier's for staff; every supplier's, or the filtered one's, for an admin. */
function scope(user: StaffUser, query: ReviewsQuery): SQL | undefined {
  if (user.type !== "admin") return eq(reviews.supplierId, user.supplierId);
  return query.supplierId ? eq(reviews.supplierId, query.supplierId) : undefined;
}

/**
 * The averages of overall and each aspect by month (of publication, in the app's zone) over the
 * last months, of the reviews the public reads (hidden ones left out, as from the score).
 */
async function monthlyAverages(where: SQL | undefined, language: Language, now: Date): Promise<MonthAverages[]> {
  const months = lastMonths(now);
  const since = localToInstant(`${months[0]}-01T00:00`, APP_TIME_ZONE)!;
  // The zone inline (a constant): as a parameter, the GROUP BY's copy would be another expression.
  const month = sql<string>`to_char(${reviews.publishedAt} at time zone ${sql.raw(`'${APP_TIME_ZONE}'`)}, 'YYYY-MM')`;
  const average = (column: (typeof reviews)[Aspect]) => sql<number>`round(avg(${column}), 1)::float8`.mapWith(Number);
  const db = await getDb();
  const rows = await db
    .select({
      month,
      count: count(),
      ...(Object.fromEntries(aspects.map((aspect) => [aspect, average(reviews[aspect])])) as Record<
        Aspect,
        SQL.Aliased<number> | SQL<number>
      >),
    })
    .from(reviews)
    .where(and(where, visibleReview, gte(reviews.publishedAt, since)))
    .groupBy(month);
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return months.map((m) => {
    const row = byMonth.get(m);
    return {
      month: m,
      label: monthLabel(m, language),
      count: row?.count ?? 0,
      averages: Object.fromEntries(aspects.map((aspect) => [aspect, row ? (row[aspect] as number) : null])) as Record<
        Aspect,
        number | null
      >,
    };
  });
}

/**
 * The back office's reviews (docs/domain.md#reviews): the published reviews in the caller's scope,
 * newest first, a page at a time, each with its stars, comment, reply and, if an admin hid it,
 * the reason; and above them the aspect averages by month. Admins also get the suppliers to filter by.
 */
export async function backOfficeReviews(user: StaffUser, query: ReviewsQuery, language: Language, now = new Date()) {
  const db = await getDb();
  const where = scope(user, query);
  const listed = and(where, isNotNull(reviews.publishedAt));
  const [{ total }] = await db.select({ total: count() }).from(reviews).where(listed);
  const { page, pages, offset, limit } = pageQuery(total, query.page);
  const rows = await db
    .select({
      bookingId: reviews.bookingId,
      reference: bookings.reference,
      supplier: suppliers.name,
      author: users.fullName,
      overall: reviews.overall,
      carCondition: reviews.carCondition,
      cleanliness: reviews.cleanliness,
      staff: reviews.staff,
      value: reviews.value,
      counterSpeed: reviews.counterSpeed,
      comment: reviews.comment,
      publishedAt: reviews.publishedAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
    })
    .from(reviews)
    .innerJoin(bookings, eq(bookings.id, reviews.bookingId))
    .innerJoin(suppliers, eq(suppliers.id, reviews.supplierId))
    .leftJoin(users, eq(users.id, reviews.authorId))
    .where(listed)
    .orderBy(desc(reviews.publishedAt), desc(reviews.bookingId))
    .limit(limit)
    .offset(offset);
  const day = (instant: Date | null) => (instant ? wallClockLabel(instant, APP_TIME_ZONE).slice(0, 10) : null);
  const items = rows.map((row) => ({
    bookingId: row.bookingId,
    reference: row.reference,
    supplier: row.supplier,
    author: row.author,
    stars: starsOf(row),
    comment: row.comment,
    published: day(row.publishedAt)!,
    reply: row.reply === null ? null : { text: row.reply, at: day(row.repliedAt)! },
    hidden: row.hiddenReason === null ? null : { reason: row.hiddenReason, at: day(row.hiddenAt)! },
  }));
  return {
    items,
    total,
    page,
    pages,
    months: await monthlyAverages(where, language, now),
    suppliers: await supplierChoices(user),
  };
}
