import cluster from "node:cluster";
import crypto from "node:crypto";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { decisionLines, getEnv } from "./config/env";

const dev = process.argv.includes("--dev");
// Read before NODE_ENV gets its default below: whether demo data loads depends on what the operator set.
const env = getEnv();
// The Remix bundle reads the environment again after NODE_ENV gets its default, so the
// demo decisions made here are handed on explicitly (docs/operations.md#demo-money).
process.env.DEMO_DATA ??= env.demoData ? "1" : "0";
if (!env.STRIPE_SECRET_KEY) process.env.CARD_DEMO_GATEWAY ??= env.cardGateway === "demo" ? "1" : "0";
// React and Remix pick their production builds from NODE_ENV.
process.env.NODE_ENV ??= dev ? "development" : "production";

// Observability (docs/operations.md#logs): error reporting and traces first, when configured.
const { startTelemetry } = await import("./app/modules/http/telemetry.server");
startTelemetry("web");
const { log, nameProcess } = await import("./app/utils/logger.server");
nameProcess("web");
const { observeRequests } = await import("./app/modules/http/observe.server");
const { metricsEndpoint } = await import("./app/modules/http/metrics.server");
const { aggregateWorkerMetrics } = await import("./app/modules/http/metrics-cluster.server");

const { closeDb } = await import("./db/client");
const { withQueryCount } = await import("./db/query-count");
const { demoLogins, DEMO_PASSWORD } = await import("./db/seed-data");
const { startRelay } = await import("./jobs/relay");
const { providePaymentJobs } = await import("./app/modules/payment/jobs.server");
const { prepareDatabase } = await import("./app/modules/setup/prepare-database.server");
const { buildLoadContext } = await import("./app/modules/http/load-context.server");
const { createRemixHandler } = await import("./app/modules/http/express-remix.server");
const { isCrossSiteWrite } = await import("./app/modules/http/cross-site");
const { plainAnswer } = await import("./app/modules/http/plain-pages.server");
const { isApiPath, isDecodablePath, loggableUrl } = await import("./app/modules/http/api-paths");
const { logError } = await import("./app/utils/error-log");
const { presentsBearer } = await import("./app/utils/api-tokens.server");
const { sessionCookie } = await import("./app/utils/cookies.server");
const { databaseReachable, statusAccess, statusReport } = await import("./app/modules/http/status.server");
const { contentSecurityPolicy, securityHeaders } = await import("./app/utils/security.server");
const { countryForIp } = await import("./app/modules/i18n/country.server");

/** How long a stopping web process lets requests in flight finish (docs/operations.md#shutdown). */
const SHUTDOWN_GRACE_MS = 10_000;
/** A keep-alive connection that stays idle this long after the stop began is closed. */
const IDLE_CLOSE_MS = 1_000;

/*
 * One web process per core when every piece of state the processes share lives in
 * PostgreSQL and Redis (sessions, outbox, rate limits): one Node process cannot use
 * more than one core, and rendering pages is most of a request's work. PGlite belongs
 * to a single process, and without Redis the rate limits are counted in memory, so
 * either keeps one process by default. WEB_CONCURRENCY sets the count with PostgreSQL
 * (without Redis each process then keeps its own rate limits).
 */
function webProcesses(): number {
  if (dev || !env.DATABASE_URL) return 1;
  return env.WEB_CONCURRENCY ?? (env.REDIS_URL ? os.availableParallelism() : 1);
}

function printBanner(prepared: Awaited<ReturnType<typeof prepareDatabase>>, processes: number) {
  const jobs = env.REDIS_URL ? " + Redis" : ", in-process jobs";
  const workers = processes > 1 ? `, ${processes} processes` : "";
  console.log(`Rueda is serving http://localhost:${env.PORT} (${prepared.kind}${jobs}${workers})`);
  // Said at every start, so an operator sees at once whether demo money is live (docs/operations.md#demo-money).
  for (const line of decisionLines(env.decisions)) console.log(line);
  if (prepared.seeded) console.log("Demo data was loaded into the empty database.");
  if (env.demoData) {
    console.log(`Demo logins (password: ${DEMO_PASSWORD}):`);
    for (const login of demoLogins) console.log(`  ${login.role.padEnd(9)} ${login.email}`);
  }
  if (prepared.admin === "invited")
    console.log("No administrator existed: ADMIN_EMAIL was emailed a link to choose a password.");
  if (prepared.admin === "missing") {
    console.log(
      'No administrator yet. Create one with: npm run admin:create -- --email you@example.com --name "Your Name"',
    );
    console.log("(or set ADMIN_EMAIL and restart: that address is emailed a link to choose a password).");
  }
}

/** The primary prepares the database once, then keeps `count` web processes running. */
async function supervise(count: number, prepared: Awaited<ReturnType<typeof prepareDatabase>>) {
  await closeDb();
  let stopping = false;
  let bannerShown = false;
  aggregateWorkerMetrics(); // docs/operations.md#metrics: /metrics sums every web process's series
  cluster.on("listening", () => {
    if (!bannerShown) printBanner(prepared, count);
    bannerShown = true;
  });
  const allDead = () => Object.values(cluster.workers ?? {}).every((worker) => !worker || worker.isDead());
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (allDead()) process.exit(0);
      return;
    }
    log().error(
      { op: "supervise", child: worker.process.pid, exit: signal ?? code },
      "web process ended; starting another",
    );
    // A pause, so a process that cannot start (database down) is not restarted in a tight loop.
    setTimeout(() => !stopping && cluster.fork(), 1000);
  });
  for (let i = 0; i < count; i++) cluster.fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (allDead()) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {}))
      if (worker && !worker.isDead()) worker.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

const processes = webProcesses();
if (cluster.isPrimary) {
  const prepared = await prepareDatabase({ demoData: env.demoData, adminEmail: env.ADMIN_EMAIL });
  if (processes > 1) await supervise(processes, prepared);
  else await serve(() => printBanner(prepared, 1));
} else {
  await serve(() => {});
}

async function serve(onListening: () => void) {
  // The relay runs jobs in this process when there is no Redis, payment jobs included.
  providePaymentJobs();
  const relay = startRelay();
  let draining = false;

  const app = express();
  app.use(observeRequests()); // request id, access log, duration histogram (docs/operations.md#logs)
  app.disable("x-powered-by");
  // Remix reads the URL itself and nothing here uses req.query: no need to parse every
  // query string with qs, which is slow on long search URLs.
  app.set("query parser", false);
  app.set("trust proxy", env.TRUST_PROXY);

  // While stopping, every answer closes its connection, so no client reuses a socket that is about to go.
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());

  app.use((req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    next();
  });

  // Liveness: the process and its database. A Redis outage is not a reason to stop routing here.
  app.get("/healthz", async (_req, res) => {
    const database = await databaseReachable();
    res.status(database ? 200 : 503).json({ status: database ? "ok" : "down", database: database ? "ok" : "down" });
  });

  // Readiness report: each dependency by name, for admins and STATUS_TOKEN only (docs/operations.md#health).
  app.get("/status", async (req, res) => {
    // Who asks is read from the database unless STATUS_TOKEN is presented: with the database down, that is the answer.
    const access = await statusAccess({
      authorization: req.get("Authorization") ?? null,
      cookieHeader: req.headers.cookie ?? null,
      statusToken: env.STATUS_TOKEN,
    }).catch(() => "databaseDown" as const);
    res.setHeader("Cache-Control", "no-store");
    if (access === "databaseDown") {
      res.status(503).json({ status: "degraded", database: "down" });
      return;
    }
    if (access !== "allowed") {
      if (access === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="status"');
      res.status(access).json({ status: access === 401 ? "unauthorized" : "forbidden" });
      return;
    }
    const report = await statusReport(env.REDIS_URL ? relay.redisHealthy : null);
    res.status(report.status === "ok" ? 200 : 503).json(report);
  });

  // Prometheus, with METRICS_TOKEN only (docs/operations.md#metrics).
  app.get("/metrics", metricsEndpoint(env.METRICS_TOKEN));

  // Cross-site form posts are refused here, once for every route (docs/security.md#cross-site-posts).
  const allowedOrigins = (req: Request) => [env.appOrigin, `${req.protocol}://${req.get("host") ?? ""}`];
  const carriesSessionCookie = (cookieHeader: string | undefined) =>
    (cookieHeader ?? "").split(/;\s*/).some((pair) => pair.startsWith(`${sessionCookie.name}=`));
  const plainRequest = (req: Request) => ({
    cookieHeader: req.headers.cookie ?? null,
    acceptLanguage: req.get("Accept-Language") ?? null,
    url: new URL(req.originalUrl, env.APP_URL),
  });
  app.use((req, res, next) => {
    const secFetchSite = req.get("Sec-Fetch-Site") ?? null;
    const origin = req.get("Origin") ?? null;
    // docs/security.md#api-tokens: a bearer-only API call carries nothing a browser adds by itself.
    const bearerOnly =
      isApiPath(req.path) && presentsBearer(req.get("Authorization")) && !carriesSessionCookie(req.headers.cookie);
    if (
      !isCrossSiteWrite({ method: req.method, secFetchSite, origin, allowedOrigins: allowedOrigins(req), bearerOnly })
    )
      return next();
    res.setHeader("Connection", "close");
    const answer = plainAnswer("crossSite", plainRequest(req));
    res.status(403).type(answer.type).send(answer.body);
  });

  // An API path that does not percent-decode names nothing; answered here, before the router logs it.
  app.use((req, res, next) => {
    if (!isApiPath(req.path) || isDecodablePath(req.path)) return next();
    const answer = plainAnswer("badRequest", plainRequest(req));
    res.status(400).type(answer.type).send(answer.body);
  });

  /*
   * In development the build is a function, so every request sees the latest code; in
   * production it is the module itself, because Remix re-derives its routes and static
   * handler from a build function on every request.
   */
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
  } else {
    const buildPath = path.resolve("build/server/index.js");
    build = (await import(buildPath)) as ServerBuild;
    app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
    // Page URLs have no dot; only paths that look like files go looking on disk.
    const publicFiles = express.static("build/client", { maxAge: "1h", index: false });
    app.use((req, res, next) => (req.path.includes(".") ? publicFiles(req, res, next) : next()));
  }

  const remixHandler = createRemixHandler({
    build,
    mode: dev ? "development" : "production",
    getLoadContext: async (req, res) => {
      const url = new URL(req.originalUrl, env.APP_URL);
      const country = env.LANGUAGE_FROM_COUNTRY ? countryForIp(req.ip) : null;
      const { context, setCookies } = await buildLoadContext({
        url,
        cookieHeader: req.headers.cookie ?? null,
        authorization: req.headers.authorization ?? null,
        nonce: res.locals.nonce,
        ip: req.ip,
        country,
      });
      for (const cookie of setCookies) res.append("Set-Cookie", cookie);
      return context;
    },
  });

  app.all("*", (req, res, next) => {
    if (!env.LOG_QUERY_COUNT) return remixHandler(req, res, next);
    const { counter } = withQueryCount(() => remixHandler(req, res, next));
    res.on("finish", () =>
      req.log.info(
        { op: "queries", queries: counter.queries },
        `[queries] ${req.method} ${loggableUrl(req.path)} ${counter.queries}`,
      ),
    );
  });

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    logError(`http ${req.method} ${loggableUrl(req.path)}`, error);
    if (res.headersSent) return;
    if (isApiPath(req.path)) {
      const answer = plainAnswer("internal", plainRequest(req));
      res.status(500).type(answer.type).send(answer.body);
    } else res.status(500).type("text").send("Internal Server Error");
  });

  const server = app.listen(env.PORT, env.HOST, onListening);

  /*
   * A stop (SIGTERM from the platform, Ctrl+C) lets every request in flight finish:
   * the process stops accepting connections, answers what arrives on open ones with
   * `Connection: close`, closes connections that stay idle, and only after the last one
   * (or the grace period) stops the relay and closes the database.
   */
  async function shutdown(signal: string) {
    log().info({ op: "shutdown", signal }, "finishing requests in flight");
    draining = true;
    // net.Server's close, not http.Server's: the latter also drops idle keep-alive
    // connections at once, racing a client that is sending its next request on one.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    const idleSweep = setTimeout(() => server.closeIdleConnections(), IDLE_CLOSE_MS);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS).unref());
    await Promise.race([closed, grace]);
    clearTimeout(idleSweep);
    server.closeAllConnections();
    await relay.stop();
    await closeDb();
    process.exit(0);
  }
  // Ctrl+C reaches a web process twice (from the terminal and from the primary): shut down once.
  let closing = false;
  const onSignal = (signal: string) => {
    if (closing) return;
    closing = true;
    void shutdown(signal);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
}
