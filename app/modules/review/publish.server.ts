import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { REVIEW_WINDOW_MS } from "./review";
import { refreshSupplierScore } from "./supplier-scores.server";

const { driverRatings, rentals, reviews } = schema;

/*
 * Double-blind publication (docs/domain.md#reviews): neither side's words show to the other until
 * both have written, or the window after the return has closed; then what was written publishes.
 */

/**
 * Publishes both sides of booking `bookingId` once both have written. The caller holds the
 * booking's row locked, as both writers do, so of two sides written at once the second sees the
 * first and publishes the pair.
 */
export async function publishIfBoth(tx: Executor, bookingId: number, now: Date) {
  const both = sql`exists (select 1 from ${reviews} where ${reviews.bookingId} = ${bookingId})
    and exists (select 1 from ${driverRatings} where ${driverRatings.bookingId} = ${bookingId})`;
  const published = await tx
    .update(reviews)
    .set({ publishedAt: now })
    .where(and(eq(reviews.bookingId, bookingId), isNull(reviews.publishedAt), both))
    .returning({ supplierId: reviews.supplierId });
  for (const { supplierId } of published) await refreshSupplierScore(tx, supplierId);
  await tx
    .update(driverRatings)
    .set({ publishedAt: now })
    .where(and(eq(driverRatings.bookingId, bookingId), isNull(driverRatings.publishedAt), both));
}

/** Bookings whose window after the return has closed by `now`: returned by `now` less the window. */
const windowClosed = (now: Date) =>
  sql`select ${rentals.bookingId} from ${rentals} where ${isNotNull(rentals.returnedAt)}
    and ${lte(rentals.returnedAt, new Date(now.getTime() - REVIEW_WINDOW_MS))}`;

/**
 * The job `publish-reviews`: what is still blind when its window has closed publishes alone. An
 * idempotent sweep: a second run finds nothing left to publish.
 */
export async function publishClosedWindows(now = new Date()) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const published = await tx
      .update(reviews)
      .set({ publishedAt: now })
      .where(and(isNull(reviews.publishedAt), sql`${reviews.bookingId} in (${windowClosed(now)})`))
      .returning({ supplierId: reviews.supplierId });
    for (const supplierId of new Set(published.map((r) => r.supplierId))) await refreshSupplierScore(tx, supplierId);
    await tx
      .update(driverRatings)
      .set({ publishedAt: now })
      .where(and(isNull(driverRatings.publishedAt), sql`${driverRatings.bookingId} in (${windowClosed(now)})`));
  });
}
