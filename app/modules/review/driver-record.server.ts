import { count, eq, and, isNotNull, sql, type AnyColumn } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { RatingAspect } from "./review";

const { driverRatings } = schema;

/**
 * What suppliers said of a driver (docs/domain.md#reviews): the number of their published ratings
 * and each aspect's average to one decimal (null averages with none), for the staff of suppliers
 * and admins only — the staff's booking page and the counter's pick-up show it; nothing automatic
 * reads it.
 */
export async function driverRecord(driverId: number) {
  const db = await getDb();
  const average = (column: AnyColumn) => sql<number | null>`round(avg(${column}), 1)::float8`;
  const [row] = await db
    .select({
      count: count(),
      onTime: average(driverRatings.onTime),
      asAgreed: average(driverRatings.asAgreed),
      communication: average(driverRatings.communication),
    })
    .from(driverRatings)
    .where(and(eq(driverRatings.driverId, driverId), isNotNull(driverRatings.publishedAt)));
  const { count: ratings, ...averages } = row;
  return { count: ratings, averages: ratings > 0 ? (averages as Record<RatingAspect, number>) : null };
}

export type DriverRecord = Awaited<ReturnType<typeof driverRecord>>;
