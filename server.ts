import cluster from "node:cluster";
import type { ServerResponse } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { acceptQueueLength } from "./app/utils/accept-queue.server";
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

/**
 * How long a stopping web process, from the signal, lets requests in flight finish
 * (docs/operations.md#shutdown); fly.toml's kill_timeout is 15 s.
 */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * How long a stop, from the signal, waits for a turn with no connection queued before it closes
 * its socket anyway. A loaded process accepts its queue slowly: 9 connections queued at the
 * signal took 1.5 s to drain here (docs/operations.md#shutdown).
 */
const SHUTDOWN_QUEUE_WAIT_MS = 5_000;

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

/**
 * Prepares the database (migrations, demo data, first admin) and returns the start-up banner.
 * Imports the app itself, so the supervisor runs it in a short-lived child (docs/operations.md#memory).
 */
async function prepare(processes: number): Promise<string[]> {
  const { prepareDatabase } = await import("./app/modules/setup/prepare-database.server");
  const { startUpBanner } = await import("./app/modules/setup/start-up-banner.server");
  const prepared = await prepareDatabase({ demoData: env.demoData, adminEmail: env.ADMIN_EMAIL });
  const decisions = decisionLines(env.decisions);
  return startUpBanner(prepared, {
    port: env.PORT,
    redis: Boolean(env.REDIS_URL),
    processes,
    decisions,
    demoData: env.demoData,
  });
}

const printLines = (lines: string[]) => {
  for (const line of lines) console.log(line);
};

/** Set by the supervisor on the one child that prepares the database and then exits. */
const PREPARE_ROLE = "RUEDA_PREPARE_DATABASE";

/** The child that prepares the database for the supervisor: hands back the banner, closes the database, ends. */
async function prepareForSupervisor(processes: number) {
  const { closeDb } = await import("./db/client");
  const lines = await prepare(processes);
  await closeDb();
  await new Promise<void>((resolve) => process.send!({ banner: lines }, () => resolve()));
  process.exit(0);
}

/** Runs the preparing child to its end; the supervisor stops when it fails (its error is on stderr). */
async function prepareInChild(): Promise<string[]> {
  const child = cluster.fork({ [PREPARE_ROLE]: "1" });
  let banner: string[] | null = null;
  child.on("message", (message: { banner?: string[] }) => {
    if (Array.isArray(message?.banner)) banner = message.banner;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  if (code !== 0 || !banner) {
    console.error("Preparing the database failed: the web server does not start.");
    process.exit(1);
  }
  return banner;
}

/**
 * The primary has a child prepare the database once, then keeps `count` web processes running.
 * It imports nothing of the app itself: it serves no request (docs/operations.md#memory).
 */
async function supervise(count: number) {
  const { log, nameProcess } = await import("./log/logger.server");
  nameProcess("web");
  const { aggregateWorkerMetrics } = await import("./app/modules/http/metrics-cluster.server");
  const banner = await prepareInChild();
  let stopping = false;
  let bannerShown = false;
  aggregateWorkerMetrics(); // docs/operations.md#metrics: /metrics sums every web process's series
  cluster.on("listening", () => {
    if (!bannerShown) printLines(banner);
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
  if (processes > 1) await supervise(processes);
  else {
    const banner = await prepare(1);
    await serve(() => printLines(banner));
  }
} else if (process.env[PREPARE_ROLE] === "1") {
  await prepareForSupervisor(processes);
} else {
  await serve(() => {});
}

async function serve(onListening: () => void) {
  // Observability (docs/operations.md#logs): error reporting and traces first, when configured,
  // so their instrumentation wraps the modules imported after it.
  const { startTelemetry } = await import("./app/modules/http/telemetry.server");
  startTelemetry("web");
  const { log, nameProcess, rootLogger } = await import("./log/logger.server");
  nameProcess("web");
  const { observeRequests } = await import("./app/modules/http/observe.server");
  const { metricsEndpoint } = await import("./app/modules/http/metrics.server");
  // The app is imported here, by the processes that serve, not by the supervisor (docs/operations.md#memory).
  const { default: express } = await import("express");
  const { default: compression } = await import("compression");
  const { closeDb } = await import("./db/client");
  const { withQueryCount } = await import("./db/query-count");
  const { startRelay } = await import("./jobs/relay");
  const { provideBookingJobs } = await import("./app/modules/booking/jobs.server");
  const { providePaymentJobs } = await import("./app/modules/payment/jobs.server");
  const { provideReviewJobs } = await import("./app/modules/review/jobs.server");
  const { provideWhatsappJobs } = await import("./app/modules/whatsapp/jobs.server");
  const { assertAllJobsProvided } = await import("./app/utils/jobs.server");
  const { buildLoadContext } = await import("./app/modules/http/load-context.server");
  const { createRemixHandler } = await import("./app/modules/http/express-remix.server");
  const { isCrossSiteWrite } = await import("./app/modules/http/cross-site");
  const { corsHeaders, isListedOrigin, preflight } = await import("./app/modules/http/cors");
  const { plainAnswer } = await import("./app/modules/http/plain-pages.server");
  const { isApiPath, isDecodablePath, loggableUrl } = await import("./app/modules/http/api-paths");
  const { logError } = await import("./log/error-log");
  const { presentsBearer } = await import("./app/utils/api-tokens.server");
  const { sessionCookie } = await import("./app/utils/cookies.server");
  const { databaseReachable, statusAccess, statusReport } = await import("./app/modules/http/status.server");
  const { contentSecurityPolicy, cspNonce, securityHeaders } = await import("./app/utils/security.server");
  const { countryForIp } = await import("./app/modules/i18n/country.server");

  // The relay runs jobs in this process when there is no Redis, the domain's jobs included.
  provideBookingJobs();
  providePaymentJobs();
  provideReviewJobs();
  provideWhatsappJobs();
  assertAllJobsProvided();
  const relay = startRelay();
  let draining = false;

  const app = express();
  // Remix reads the URL itself and nothing here uses req.query: no need to parse every
  // query string with qs, which is slow on long search URLs. Set before the first `app.use`:
  // Express reads it then, once.
  app.set("query parser", false);
  app.disable("x-powered-by");
  app.use(observeRequests()); // request id, access log, duration histogram (docs/operations.md#logs)
  app.set("trust proxy", env.TRUST_PROXY);

  // While stopping, every answer closes its connection, so no client reuses a socket that is about to go.
  app.use((_req, res, next) => {
    if (draining) res.setHeader("Connection", "close");
    next();
  });
  app.use(compression());

  app.use((req: Request, res: Response, next: NextFunction) => {
    const nonce = cspNonce();
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
  const refuseCrossSite = (req: Request, res: Response) => {
    res.setHeader("Connection", "close");
    const answer = plainAnswer("crossSite", plainRequest(req));
    res.status(403).type(answer.type).send(answer.body);
  };
  // CORS for the app origins the operator lists (docs/security.md#api-origins): their pages may
  // call /api with credentials; a preflight from any other origin is refused as cross-site.
  app.use((req, res, next) => {
    if (!isApiPath(req.path)) return next();
    const origin = req.get("Origin") ?? null;
    res.vary("Origin");
    for (const [name, value] of Object.entries(corsHeaders(origin, env.API_CORS_ORIGINS))) res.setHeader(name, value);
    if (req.method !== "OPTIONS") return next();
    // The site's own pages never need a preflight; an OPTIONS from them is answered as one without Origin.
    const foreign = origin !== null && !allowedOrigins(req).includes(origin) ? origin : null;
    const answer = preflight(foreign, env.API_CORS_ORIGINS);
    if (answer.status === 403) return refuseCrossSite(req, res);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.status(204).end();
  });
  app.use((req, res, next) => {
    const secFetchSite = req.get("Sec-Fetch-Site") ?? null;
    const origin = req.get("Origin") ?? null;
    // docs/security.md#api-tokens: a bearer-only API call carries nothing a browser adds by itself.
    const bearerOnly =
      isApiPath(req.path) && presentsBearer(req.get("Authorization")) && !carriesSessionCookie(req.headers.cookie);
    const listedOrigin = isApiPath(req.path) && isListedOrigin(origin, env.API_CORS_ORIGINS);
    const verdict = { method: req.method, secFetchSite, origin, allowedOrigins: allowedOrigins(req) };
    if (!isCrossSiteWrite({ ...verdict, bearerOnly, listedOrigin })) return next();
    refuseCrossSite(req, res);
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
      rootLogger().info(
        { reqId: res.getHeader("X-Request-Id"), op: "queries", queries: counter.queries },
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
  // Responses not yet begun, so a stop can still tell them to close their connection.
  const unanswered = new Set<ServerResponse>();
  server.on("request", (_req, res: ServerResponse) => {
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
  });

  /*
   * A stop (SIGTERM from the platform, Ctrl+C) lets every request in flight finish
   * (docs/operations.md#shutdown): the process stops accepting connections and every answer
   * from then on — to requests already in flight too — says `Connection: close`, so the client
   * closes that connection itself once it has read it. No open connection is dropped by the
   * server while a client may be sending on it: one left idle is closed by the keep-alive
   * timeout the client was told of (`Keep-Alive: timeout=5`). After the last connection (or the
   * grace period) the relay stops and the database closes.
   */
  async function shutdown(signal: string) {
    log().info({ op: "shutdown", signal }, "finishing requests in flight");
    // Closing the listening socket resets the connections the kernel has queued on it but the
    // process has not accepted yet. So first the socket is closed at a moment its queue is empty:
    // the loop turns (and the process takes in what is queued) until a reading finds none, and
    // the socket closes right after it. Meanwhile answers still keep their connections alive, so
    // clients do not reconnect and refill the queue (docs/operations.md#shutdown).
    const signalled = Date.now();
    const queueDeadline = signalled + SHUTDOWN_QUEUE_WAIT_MS;
    do await new Promise((resolve) => setImmediate(resolve));
    while ((acceptQueueLength(env.PORT) ?? 0) > 0 && Date.now() < queueDeadline);
    // net.Server's close, not http.Server's: the latter also drops idle keep-alive
    // connections at once, racing a client that is sending its next request on one.
    const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
    draining = true;
    for (const res of unanswered) if (!res.headersSent) res.setHeader("Connection", "close");
    const grace = new Promise<void>((resolve) =>
      setTimeout(resolve, signalled + SHUTDOWN_GRACE_MS - Date.now()).unref(),
    );
    await Promise.race([closed, grace]);
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
