import { inArray, sql } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { withTimeout } from "~/utils/jobs.server";

/** A dependency that has not answered by then counts as down. */
const CHECK_TIMEOUT_MS = 2000;

/** Liveness (docs/operations.md#health): this process answers and reaches its database. */
export async function databaseReachable(): Promise<boolean> {
  try {
    await withTimeout((async () => (await getDb()).execute(sql`select 1`))(), CHECK_TIMEOUT_MS, "database check");
    return true;
  } catch {
    return false;
  }
}

export type StatusReport = {
  status: "ok" | "degraded";
  database: "ok" | "down";
  redis: "ok" | "down" | "not configured";
  outbox: { pending: number; failed: number } | null;
};

/**
 * Readiness: every dependency by name, and the outbox backlog, which grows while Redis
 * is away and drains when it returns. Degraded when a configured dependency is down.
 */
export async function statusReport(redisHealthy: (() => Promise<boolean>) | null): Promise<StatusReport> {
  const [database, redis, outbox] = await Promise.all([
    databaseReachable(),
    redisHealthy ? redisHealthy().catch(() => false) : Promise.resolve(null),
    withTimeout(
      (async () => {
        const db = await getDb();
        const rows = await db
          .select({ status: schema.outbox.status, count: sql<number>`count(*)::int` })
          .from(schema.outbox)
          .where(inArray(schema.outbox.status, ["pending", "failed"]))
          .groupBy(schema.outbox.status);
        const count = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
        return { pending: count("pending"), failed: count("failed") };
      })(),
      CHECK_TIMEOUT_MS,
      "outbox count",
    ).catch(() => null),
  ]);
  const report: StatusReport = {
    status: "ok",
    database: database ? "ok" : "down",
    redis: redis === null ? "not configured" : redis ? "ok" : "down",
    outbox,
  };
  if (report.database === "down" || report.redis === "down") report.status = "degraded";
  return report;
}
