import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getDb } from "~/utils/db.server";
import { outboxCounts, withTimeout } from "~/utils/jobs.server";
import { resolveUser } from "./load-context.server";

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
  /** `overdue`: handed to Redis over `relayedTimeoutMs` ago and not finished (docs/operations.md#outbox). */
  outbox: { pending: number; failed: number; overdue: number } | null;
};

/**
 * Readiness: every dependency by name, and the outbox backlog, which grows while Redis
 * is away and drains when it returns. Degraded when a configured dependency is down, or
 * when jobs handed to Redis are overdue (a loss must not read "ok").
 */
export async function statusReport(redisHealthy: (() => Promise<boolean>) | null): Promise<StatusReport> {
  const [database, redis, outbox] = await Promise.all([
    databaseReachable(),
    redisHealthy ? redisHealthy().catch(() => false) : Promise.resolve(null),
    withTimeout(
      outboxCounts().then(({ pending, failed, overdue }) => ({ pending, failed, overdue })),
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
  if (report.database === "down" || report.redis === "down" || (outbox?.overdue ?? 0) > 0) report.status = "degraded";
  return report;
}

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/**
 * Who may read `/status` (docs/operations.md#health): its outbox counts are a business-activity
 * signal and each call runs a count, so only monitoring holding `STATUS_TOKEN` (as a bearer)
 * and signed-in admins (session cookie or an admin's API token). Nobody → 401, anyone else → 403.
 */
export async function statusAccess(input: {
  authorization: string | null;
  cookieHeader: string | null;
  statusToken: string | undefined;
}): Promise<"allowed" | 401 | 403> {
  // Any bearer shape: the operator chooses STATUS_TOKEN, it need not look like an API token.
  const presented = /^Bearer +(\S+)\s*$/i.exec(input.authorization ?? "")?.[1] ?? null;
  // Compared as digests, in constant time whatever the lengths.
  if (input.statusToken && presented && crypto.timingSafeEqual(digest(presented), digest(input.statusToken)))
    return "allowed";
  const { user } = await resolveUser(input.cookieHeader, input.authorization);
  if (!user) return 401;
  return user.type === "admin" ? "allowed" : 403;
}
