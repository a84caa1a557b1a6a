import { eq, inArray, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { scoreOf, type Score } from "./review";

const { reviews, suppliers } = schema;

/** A review the public reads: published and not hidden by an admin (docs/domain.md#reviews). */
export const visibleReview = sql`${reviews.publishedAt} is not null and ${reviews.hiddenAt} is null`;

/** A supplier's count and sum of visible reviews, read from its own row's id: what the search reads. */
const scoreColumns = {
  reviewCount: sql`(select count(*) from ${reviews} where ${reviews.supplierId} = ${suppliers.id} and ${visibleReview})`,
  reviewSum: sql`(select coalesce(sum(${reviews.overall}), 0) from ${reviews} where ${reviews.supplierId} = ${suppliers.id} and ${visibleReview})`,
};

/**
 * Recomputes supplier `supplierId`'s score from its visible reviews (docs/domain.md#reviews): the
 * count and sum the search reads. Called in the transaction of every change that publishes or
 * hides a review, so it is never typed and never drifts.
 */
export async function refreshSupplierScore(tx: Executor, supplierId: number) {
  await tx.update(suppliers).set(scoreColumns).where(eq(suppliers.id, supplierId));
}

/** Recomputes every supplier's score: after the demo data's reviews are loaded (docs/operations.md#start-up). */
export async function refreshSupplierScores(tx: Executor) {
  await tx.update(suppliers).set(scoreColumns);
}

/** Each supplier's score ("new" below three reviews). */
export async function supplierScores(supplierIds: number[]): Promise<Map<number, Score>> {
  if (supplierIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ id: suppliers.id, count: suppliers.reviewCount, sum: suppliers.reviewSum })
    .from(suppliers)
    .where(inArray(suppliers.id, supplierIds));
  return new Map(rows.map((row) => [row.id, scoreOf(row.count, row.sum)]));
}
