import { and, count, inArray, isNotNull, sum } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { scoreOf, type Score } from "./review";

const { reviews } = schema;

/** Each supplier's score from its published reviews (docs/domain.md#reviews): computed, never typed. */
export async function supplierScores(supplierIds: number[]): Promise<Map<number, Score>> {
  const scores = new Map<number, Score>(supplierIds.map((id) => [id, scoreOf(0, 0)]));
  if (supplierIds.length === 0) return scores;
  const db = await getDb();
  const rows = await db
    .select({ supplierId: reviews.supplierId, count: count(), sum: sum(reviews.overall).mapWith(Number) })
    .from(reviews)
    .where(and(inArray(reviews.supplierId, supplierIds), isNotNull(reviews.publishedAt)))
    .groupBy(reviews.supplierId);
  for (const row of rows) scores.set(row.supplierId, scoreOf(row.count, row.sum));
  return scores;
}
