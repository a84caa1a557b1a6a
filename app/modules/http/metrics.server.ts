/*
 * The Prometheus endpoint (docs/operations.md#metrics). Two kinds of series:
 *
 * - this process's own (request duration histogram, Node's process metrics), kept in `local`
 *   and, with several web processes, summed across them by the primary (metrics-cluster.server.ts);
 * - the business's, read from the database at scrape time (outbox backlog and job outcomes,
 *   payments by method and status): one answer whichever process is asked and whichever process
 *   ran the job (a worker, or a web process without Redis), so nothing needs to be summed.
 */
import cluster from "node:cluster";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import { AggregatorRegistry, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { getDb, schema } from "~/utils/db.server";
import { outboxByJob, withTimeout } from "~/utils/jobs.server";
import { log } from "~/utils/log.server";
import { METRICS_REQUEST, METRICS_RESPONSE, type MetricsRequest, type MetricsResponse } from "./metrics-cluster.server";

/** Per-process series: these are what the primary sums across web processes. */
const local = new Registry();
/** Read from the database when scraped: the same for every process, never summed. */
const business = new Registry();

collectDefaultMetrics({ register: local });
// A web process answers the primary's requests for its series with this registry; prom-client
// starts listening for those requests when an AggregatorRegistry is first made.
if (cluster.isWorker) {
  AggregatorRegistry.setRegistries([local]);
  new AggregatorRegistry();
}

const requestDuration = new Histogram({
  name: "rueda_http_request_duration_seconds",
  help: "Time to answer an HTTP request, by method, route (the Remix route id or a fixed name) and status class.",
  labelNames: ["method", "route", "status_class"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [local],
});

const outboxJobs = new Gauge({
  name: "rueda_outbox_jobs",
  help: "Outbox rows by job name and state (pending, relayed, done, failed): done and failed are job outcomes.",
  labelNames: ["job", "status"] as const,
  registers: [business],
});
const outboxOldestPending = new Gauge({
  name: "rueda_outbox_oldest_pending_age_seconds",
  help: "Age of the oldest outbox row still pending (0 when none).",
  registers: [business],
});
const outboxOverdue = new Gauge({
  name: "rueda_outbox_overdue_jobs",
  help: "Jobs handed to Redis longer than the hand-over timeout ago and not finished.",
  registers: [business],
});
const payments = new Gauge({
  name: "rueda_payments",
  help: "Payments by method and status.",
  labelNames: ["method", "status"] as const,
  registers: [business],
});
const databaseUp = new Gauge({
  name: "rueda_metrics_database_up",
  help: "1 when the database answered this scrape's queries, else 0 (the business series are then absent).",
  registers: [business],
});

export function recordRequest(observation: { method: string; route: string; status: number; seconds: number }) {
  requestDuration.observe(
    {
      method: observation.method,
      route: observation.route,
      status_class: `${Math.floor(observation.status / 100)}xx`,
    },
    observation.seconds,
  );
}

const QUERY_TIMEOUT_MS = 5000;

async function readBusiness(): Promise<void> {
  outboxJobs.reset();
  payments.reset();
  try {
    const db = await getDb();
    const [jobs, paid] = await withTimeout(
      Promise.all([
        outboxByJob(db),
        db
          .select({
            method: schema.payments.method,
            status: schema.payments.status,
            count: sql<number>`count(*)::int`.mapWith(Number),
          })
          .from(schema.payments)
          .groupBy(schema.payments.method, schema.payments.status),
      ]),
      QUERY_TIMEOUT_MS,
      "metrics queries",
    );
    let oldest = 0;
    let overdue = 0;
    for (const row of jobs) {
      outboxJobs.set({ job: row.job, status: row.status }, row.count);
      overdue += row.overdue;
      if (row.status === "pending" && row.oldestSeconds !== null) oldest = Math.max(oldest, row.oldestSeconds);
    }
    outboxOldestPending.set(oldest);
    outboxOverdue.set(overdue);
    for (const row of paid) payments.set({ method: row.method, status: row.status }, row.count);
    databaseUp.set(1);
  } catch (error) {
    outboxOldestPending.reset();
    outboxOverdue.reset();
    databaseUp.set(0);
    log().warn(
      { op: "metrics", error: error instanceof Error ? error.name : "unknown" },
      "metrics: database queries failed",
    );
  }
}

let nextRequest = 0;

/** Every web process's own series, summed by the primary; this process's alone if the primary does not answer. */
function clusterSeries(): Promise<string> {
  if (!cluster.isWorker || !process.send) return local.metrics();
  const id = nextRequest++;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("the primary did not answer")), 6000);
    const onMessage = (message: MetricsResponse | undefined) => {
      if (message?.type !== METRICS_RESPONSE || message.id !== id) return;
      finish(message.error ? new Error(message.error) : null, message.text ?? "");
    };
    function finish(error: Error | null, text = "") {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(text);
    }
    process.on("message", onMessage);
    process.send!({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
  }).catch((error: unknown) => {
    log().warn(
      { op: "metrics", error: error instanceof Error ? error.message : String(error) },
      "metrics: serving this process's series only",
    );
    return local.metrics();
  });
}

/** The whole exposition: process series (summed across web processes) and business series. */
export async function metricsText(): Promise<string> {
  const [processes] = await Promise.all([clusterSeries(), readBusiness()]);
  const own = processes.endsWith("\n") || processes === "" ? processes : `${processes}\n`;
  return own + (await business.metrics());
}

const digest = (value: string) => crypto.createHash("sha256").update(value).digest();

/** Who may scrape: the bearer METRICS_TOKEN only. No token configured: there is no endpoint. */
export function metricsAccess(
  authorization: string | undefined,
  token: string | undefined,
): "allowed" | 401 | 403 | 404 {
  if (!token) return 404;
  const presented = /^Bearer +(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!presented) return 401;
  return crypto.timingSafeEqual(digest(presented), digest(token)) ? "allowed" : 403;
}

/** `GET /metrics` (docs/operations.md#metrics). */
export function metricsEndpoint(token: string | undefined) {
  return async (req: Request, res: Response, next: NextFunction) => {
    const access = metricsAccess(req.get("Authorization"), token);
    // Off: the request goes on to the app's own 404 page, as for any unknown path.
    if (access === 404) return next();
    res.setHeader("Cache-Control", "no-store");
    if (access !== "allowed") {
      if (access === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      res
        .status(access)
        .type("text")
        .send(access === 401 ? "Unauthorized" : "Forbidden");
      return;
    }
    try {
      const text = await metricsText();
      res.status(200).type(local.contentType).send(text);
    } catch (error) {
      next(error);
    }
  };
}
