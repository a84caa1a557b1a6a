/**
 * `npm run test:restart` — a restart on one port under keep-alive load (docs/operations.md#shutdown):
 * 20 clients, each on its own keep-alive connection, request pages without pause; the web
 * server gets SIGTERM and a new process starts on the same port while the old one drains.
 * Three rounds. Every request must end in a 200: no connection reset or hung up after the
 * server accepted it, no 5xx. A refused connection (no process listening for the moment
 * between the old one closing its socket and the new one opening it) is retried, as a
 * client or the platform's proxy does, and is counted apart.
 *
 * Runs the compiled server (`npm run build`, built here when stale) on a scratch PostgreSQL
 * database (TEST_DATABASE_ADMIN_URL, default the local server), one web process as on a
 * 1-CPU machine, or several with `--processes N` (needs TEST_REDIS_URL). Exits 1 on any reset or 5xx.
 */
import http from "node:http";
import { parseArgs } from "node:util";
import { buildIfNeeded, scratchDatabase, startServer, type RunningServer } from "../scripts/support";

const { values: args } = parseArgs({
  options: { rounds: { type: "string", default: "3" }, processes: { type: "string", default: "1" } },
});
const rounds = Number(args.rounds);
const processes = Number(args.processes);
const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/5";
const port = Number(process.env.RESTART_TEST_PORT ?? 3480);
const base = `http://127.0.0.1:${port}`;
const CLIENTS = 20;

const outcomes = { ok: 0, fiveXX: 0, otherStatus: 0, reset: 0, refused: 0 };
const resets: string[] = [];
const failures: string[] = [];
let running = true;
let stoppedAt = 0;

/** One client: one keep-alive connection of its own, a request as soon as the last one ended. */
async function client(index: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Pages (not /healthz, whose 2 s database check may answer 503 on a machine too loaded to run it: its job).
  const paths = ["/", "/locations", "/suppliers", "/about"];
  let n = 0;
  while (running) {
    const outcome = await new Promise<keyof typeof outcomes>((resolve) => {
      const path = paths[(index + n++) % paths.length];
      const req = http.get(`${base}${path}?l=en`, { agent }, (res) => {
        res.resume();
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status !== 200) failures.push(`${status} ${path} ${Date.now() - stoppedAt} ms after the last SIGTERM`);
          resolve(status === 200 ? "ok" : status >= 500 ? "fiveXX" : "otherStatus");
        });
        res.on("error", (error) => {
          resets.push(`response: ${error.message}`);
          resolve("reset");
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") return resolve("refused");
        resets.push(
          `${error.code ?? ""} ${error.message} (${req.reusedSocket ? "reused" : "new"} connection, ` +
            `${Date.now() - stoppedAt} ms after the last SIGTERM)`,
        );
        resolve("reset");
      });
    });
    outcomes[outcome]++;
    // Refused: nobody listens this instant; try again shortly, as a proxy would.
    if (outcome === "refused") await new Promise((resolve) => setTimeout(resolve, 20));
  }
  agent.destroy();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

buildIfNeeded();
const scratch = await scratchDatabase(adminUrl, `rueda_restart_${process.pid}`);
if (!scratch) throw new Error(`PostgreSQL is not reachable at ${adminUrl}`);
const env = {
  DATABASE_URL: scratch.url,
  DATA_DIR: ".data/restart-test",
  DEMO_DATA: "1",
  WEB_CONCURRENCY: String(processes),
  REDIS_URL: processes > 1 ? redisUrl : "",
};
let server: RunningServer | null = null;
let failed = false;
try {
  server = await startServer(port, env);
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  for (let round = 1; round <= rounds; round++) {
    await sleep(1500);
    const before = { ...outcomes };
    const old = server;
    const exited = new Promise<number | null>((resolve) =>
      old.child.once("exit", (code, signal) => {
        if (signal) console.log(`old process ended by ${signal}; it printed: ${old.output.join(" | ")}`);
        resolve(code);
      }),
    );
    old.child.kill("SIGTERM");
    stoppedAt = Date.now();
    // The new process starts at once, while the old one still finishes its requests.
    server = await startServer(port, env);
    const code = await exited;
    await sleep(500);
    const served = outcomes.ok - before.ok;
    console.log(
      `round ${round}: old process exited ${code}; ${served} answered 200 across the restart, ` +
        `${outcomes.reset - before.reset} reset, ${outcomes.fiveXX - before.fiveXX} 5xx, ` +
        `${outcomes.refused - before.refused} refused while no process listened`,
    );
    if (code !== 0) failed = true;
  }
  running = false;
  await Promise.all(clients);
} finally {
  running = false;
  await server?.stop().catch(() => {});
  await scratch.drop();
}
console.log(`total: ${JSON.stringify(outcomes)}`);
for (const reset of resets.slice(0, 10)) console.log(`  reset: ${reset}`);
for (const failure of failures.slice(0, 10)) console.log(`  answered ${failure}`);
if (failed || outcomes.reset > 0 || outcomes.fiveXX > 0 || outcomes.otherStatus > 0 || outcomes.ok < 100) {
  console.log("FAILED: every request must be answered 200 (0 resets, 0 5xx)");
  process.exit(1);
}
console.log("ok: 0 resets, 0 5xx");
