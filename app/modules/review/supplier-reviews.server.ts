import { and, count, desc, eq, sql, type AnyColumn } from "drizzle-orm";
import { SCORE_MIN_REVIEWS } from "~/modules/catalogue/supplier-score";
import { pageQuery } from "~/modules/list/paging";
import { getDb, schema } from "~/utils/db.server";
import { scoreOf, type ReviewAspect } from "./review";
import { visibleReview } from "./supplier-scores.server";

const { reviews, suppliers } = schema;

/*
 * Reviews as the public reads them (docs/domain.md#reviews): a supplier's visible ones, and the
 * one a driver has just written. Never who wrote them: no public page names the author.
 */

const stars = {
  overall: reviews.overall,
  carCondition: reviews.carCondition,
  cleanliness: reviews.cleanliness,
  staff: reviews.staff,
  value: reviews.value,
  counterSpeed: reviews.counterSpeed,
};

/**
 * One page of active supplier `supplierId`'s visible reviews (published, not hidden), newest first,
 * with its score; null for a supplier that does not exist or is not active. The count is the
 * score's (`refreshSupplierScore` keeps it equal to the visible reviews): one query for the
 * supplier, one for the page.
 */
export async function supplierReviewPage(supplierId: number, requested: number | string | null, size: number) {
  const db = await getDb();
  const [supplier] = await db
    .select({ count: suppliers.reviewCount, sum: suppliers.reviewSum })
    .from(suppliers)
    .where(and(eq(suppliers.id, supplierId), eq(suppliers.active, true), eq(suppliers.status, "active")));
  if (!supplier) return null;
  const { page, pages, offset, limit } = pageQuery(supplier.count, requested, size);
  const rows = await db
    .select({
      ...stars,
      comment: reviews.comment,
      publishedAt: reviews.publishedAt,
      reply: reviews.reply,
      repliedAt: reviews.repliedAt,
    })
    .from(reviews)
    .where(and(eq(reviews.supplierId, supplierId), visibleReview))
    // Reviews published together (a closed window's sweep) keep one order from page to page.
    .orderBy(desc(reviews.publishedAt), desc(reviews.bookingId))
    .limit(limit)
    .offset(offset);
  const items = rows.map(({ reply, repliedAt, publishedAt, ...review }) => ({
    ...review,
    publishedAt: publishedAt!,
    reply: reply !== null && repliedAt !== null ? { text: reply, repliedAt } : null,
  }));
  return { items, total: supplier.count, page, pages, score: scoreOf(supplier.count, supplier.sum) };
}

/** The review of booking `bookingId` as stored, to its author: published or still blind. */
export async function storedReview(bookingId: number) {
  const db = await getDb();
  const [row] = await db
    .select({ bookingId: reviews.bookingId, ...stars, comment: reviews.comment, publishedAt: reviews.publishedAt })
    .from(reviews)
    .where(eq(reviews.bookingId, bookingId));
  return row ? { ...row, published: row.publishedAt !== null } : null;
}

/**
 * The averages of each aspect over active supplier `supplierId`'s visible reviews, to one decimal,
 * as its public page shows them beside its score (docs/domain.md#reviews); null while the supplier
 * is "new" (fewer than SCORE_MIN_REVIEWS reviews), whose averages are not a score either.
 */
export async function supplierAspectAverages(supplierId: number) {
  const db = await getDb();
  const average = (column: AnyColumn) => sql<number>`round(avg(${column}), 1)::float8`;
  const [row] = await db
    .select({
      count: count(),
      carCondition: average(reviews.carCondition),
      cleanliness: average(reviews.cleanliness),
      staff: average(reviews.staff),
      value: average(reviews.value),
      counterSpeed: average(reviews.counterSpeed),
    })
    .from(reviews)
    .where(and(eq(reviews.supplierId, supplierId), visibleReview));
  if (!row || row.count < SCORE_MIN_REVIEWS) return null;
  const { count: _count, ...averages } = row;
  return averages satisfies Record<ReviewAspect, number>;
}
