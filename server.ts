import cluster from "node:cluster";
import crypto from "node:crypto";
import os from "node:os";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";

const { getEnv } = await import("./app/utils/env.server");
const env = getEnv();
const { getHandle, closeDb } = await import("./db/client");
const { withQueryCount } = await import("./db/query-count");
const { seedIfEmpty, demoLogins } = await import("./db/seed-data");
const { startRelay } = await import("./jobs/relay");
const { buildLoadContext } = await import("./app/utils/load-context.server");
const { contentSecurityPolicy, securityHeaders } = await import("./app/utils/security.server");
const { countryForIp } = await import("./app/modules/i18n/country.server");
const { bodyTooLargePage } = await import("./app/utils/plain-pages.server");

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

function printBanner(kind: string, seeded: boolean, processes: number) {
  const jobs = env.REDIS_URL ? " + Redis" : ", in-process jobs";
  const workers = processes > 1 ? `, ${processes} processes` : "";
  console.log(`Rueda is serving http://localhost:${env.PORT} (${kind}${jobs}${workers})`);
  if (seeded) console.log("Demo data was loaded into the empty database.");
  console.log("Demo logins (password: Rueda2026!):");
  for (const login of demoLogins) console.log(`  ${login.role.padEnd(9)} ${login.email}`);
}

/** The primary migrates and seeds once, then keeps `count` web processes running. */
async function supervise(count: number, kind: string, seeded: boolean) {
  await closeDb();
  let stopping = false;
  let bannerShown = false;
  cluster.on("listening", () => {
    if (!bannerShown) printBanner(kind, seeded, count);
    bannerShown = true;
  });
  const allDead = () => Object.values(cluster.workers ?? {}).every((worker) => !worker || worker.isDead());
  cluster.on("exit", (worker, code, signal) => {
    if (stopping) {
      if (allDead()) process.exit(0);
      return;
    }
    console.error(`web process ${worker.process.pid} ended (${signal ?? code}); starting another`);
    // A pause, so a process that cannot start (database down) is not restarted in a tight loop.
    setTimeout(() => !stopping && cluster.fork(), 1000);
  });
  for (let i = 0; i < count; i++) cluster.fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    if (allDead()) process.exit(0);
    for (const worker of Object.values(cluster.workers ?? {})) if (worker && !worker.isDead()) worker.process.kill(signal);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

const processes = webProcesses();
if (cluster.isPrimary) {
  const handle = await getHandle();
  const seeded = await seedIfEmpty(handle.db);
  if (processes > 1) await supervise(processes, handle.kind, seeded);
  else await serve(() => printBanner(handle.kind, seeded, 1));
} else {
  await serve(() => {});
}

async function serve(onListening: () => void) {
  const db = await getHandle();
  const relay = startRelay();

  const app = express();
  app.disable("x-powered-by");
  // Remix reads the URL itself and nothing here uses req.query: no need to parse every
  // query string with qs, which is slow on long search URLs.
  app.set("query parser", false);
  app.set("trust proxy", process.env.TRUST_PROXY === "1" ? 1 : false);
  app.use(compression());

  app.use((req: Request, res: Response, next: NextFunction) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { dev }));
    for (const [name, value] of Object.entries(securityHeaders())) res.setHeader(name, value);
    next();
  });

  app.get("/healthz", async (_req, res) => {
    const checks: Record<string, string> = {};
    try {
      await db.db.execute("select 1");
      checks.database = "ok";
    } catch {
      checks.database = "down";
    }
    if (env.REDIS_URL) checks.redis = (await relay.redisHealthy()) ? "ok" : "down";
    const healthy = Object.values(checks).every((v) => v === "ok");
    res.status(healthy ? 200 : 503).json({ status: healthy ? "ok" : "degraded", ...checks });
  });

  /*
   * Forms are small; an oversized body is refused before it is read so it cannot tie up
   * the server. Multipart (avatar upload, 5 MB images) gets a little more room.
   */
  const MAX_FORM_BYTES = 256 * 1024;
  const MAX_MULTIPART_BYTES = 6 * 1024 * 1024;
  app.use((req, res, next) => {
    const length = Number(req.headers["content-length"] ?? 0);
    const multipart = (req.headers["content-type"] ?? "").startsWith("multipart/form-data");
    const limit = multipart ? MAX_MULTIPART_BYTES : MAX_FORM_BYTES;
    if (length > limit) {
      res.status(413).type("html").send(bodyTooLargePage(req.headers.cookie ?? null, new URL(req.url, env.APP_URL)));
      return;
    }
    next();
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
  app.use("/uploads", express.static(path.join(env.DATA_DIR, "uploads"), { maxAge: "1h", index: false }));

  const remixHandler = createRequestHandler({
    build,
    mode: dev ? "development" : "production",
    getLoadContext: async (req, res) => {
      const url = new URL(req.originalUrl, env.APP_URL);
      const country = env.LANGUAGE_FROM_COUNTRY ? countryForIp(req.ip) : null;
      const { context, setCookies } = await buildLoadContext({
        url,
        cookieHeader: req.headers.cookie ?? null,
        nonce: res.locals.nonce,
        ip: req.ip,
        country,
      });
      for (const cookie of setCookies) res.append("Set-Cookie", cookie);
      return context;
    },
  });

  app.all("*", (req, res, next) => {
    if (process.env.LOG_QUERY_COUNT !== "1") return remixHandler(req, res, next);
    const { counter } = withQueryCount(() => remixHandler(req, res, next));
    res.on("finish", () => console.log(`[queries] ${req.method} ${req.originalUrl} ${counter.queries}`));
  });

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    console.error(error);
    if (!res.headersSent) res.status(500).type("text").send("Internal Server Error");
  });

  const server = app.listen(env.PORT, env.HOST, onListening);

  async function shutdown(signal: string) {
    console.log(`${signal}: shutting down`);
    server.close();
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
