/**
 * `npm run bench:search` — the search budget (docs/architecture.md#budgets) measured on this machine:
 * a scratch PostgreSQL database with the scaled data set (10,000 cars, 200,000 bookings),
 * the production build served by server.ts with NODE_ENV=production as in production, in one
 * web process (WEB_CONCURRENCY=1), and autocannon against /search, each request drawing its own
 * place, dates, duration, filters and page at random (so no cache of a few URLs can help). Beside
 * it, in the same run and in alternating rounds, the search's floor (scripts/search-floor.ts): a
 * bare node:http server doing the same parse, `searchCars` and pricing with the product's code and
 * writing a minimal list. The budget is the page's rate as a fraction of the floor's at 8
 * connections, and its p97.5 at 1 connection against the floor's: a ratio measured in one run,
 * which a shared machine's hour-to-hour speed does not move. Then the HTML of an English results
 * page of 15 cards (bytes, elements of a card), SQL queries per request (LOG_QUERY_COUNT), and the
 * database is dropped. Every supplier has seasons (issue 29's acceptance: a December high
 * season, Carnaval, Semana Santa, a low season at −10 %, this year's and next), a few cars a fixed
 * December price, a third of the cars a weekly price and a tenth a monthly one, every supplier a
 * one-way fee, and one search in seven returns elsewhere: the search orders by the real total
 * (docs/domain.md#search-order).
 * Options: --duration <s> (default 10, each round), --rounds <n> (default 3), --warmup <s>
 * (default 20, each server), --keep (keep the database), --memory (`npm run bench:memory`: only
 * the 16-connection load on the production server's usual web processes, then the resident memory
 * of the supervisor and of each web process; goal ≤ 250 MB per web process, docs/operations.md#memory).
 * BENCH_REDIS_URL: the Redis to use (default redis://127.0.0.1:6379/6).
 *
 * Budget: at 8 connections ≥ 0.67 of the floor's rate; at 1 connection a p97.5 ≤ 2 × the floor's;
 * a results page ≤ 30 KB of HTML and a card ≤ 25 elements; no error.
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import postgres from "postgres";
import {
  bagMinimums,
  carCategories,
  carSpecs,
  depositLimits,
  fuelPolicies,
  fuelTypes,
  gearboxes,
  mileageKinds,
  sortOrders,
} from "../app/modules/catalogue/filters";
import { buildIfNeeded, scratchDatabase, startServer, type RunningServer, type ScratchDatabase } from "./support";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    warmup: { type: "string", default: "20" },
    keep: { type: "boolean", default: false },
    memory: { type: "boolean", default: false },
  },
});
const duration = Number(args.duration);
const rounds = Number(args.rounds);
// V8 needs about 20 s of this load to optimise the hot code of both web processes: over
// the first 20 s, 4-second windows went from ~200 to ~400 req/s, then stayed there.
const warmup = Number(args.warmup);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const port = Number(process.env.BENCH_PORT ?? 3450);
const floorPort = port + 1;
const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/6";
const base = `http://127.0.0.1:${port}`;
const floorBase = `http://127.0.0.1:${floorPort}`;
const dbName = `rueda_bench_${process.pid}`;
// Set by main(), cleaned up after it (the casts keep TypeScript from narrowing them to null).
let scratch = null as ScratchDatabase | null;
let server = null as RunningServer | null;
let floor = null as RunningServer | null;
/** Lists the bench database's backends while the load runs. */
let monitor = null as postgres.Sql | null;

function step(text: string) {
  console.log(`\n━━ ${text}`);
}

function startBenchServer(dbUrl: string, extraEnv: Record<string, string> = {}) {
  return startServer(port, { DATABASE_URL: dbUrl, DATA_DIR: ".data/bench", REDIS_URL: redisUrl, ...extraEnv });
}

/** The search's floor (scripts/search-floor.ts) on the same database, with the product server's environment. */
function startFloor(dbUrl: string) {
  return startServer(
    floorPort,
    { DATABASE_URL: dbUrl, DATA_DIR: ".data/bench", REDIS_URL: redisUrl },
    { args: ["--import", "tsx", "scripts/search-floor.ts"], servingLine: "Search floor serving" },
  );
}

/** A server under load: where to send requests, and its process (and web processes) to measure. */
type Target = { base: string; server: RunningServer };

/**
 * A new search per call: any place, a start over the next six months at 08:00–17:59 (any
 * minute), 1–14 days, a random set of filters (none about a third of the time), now and then
 * another order than cheapest first, and page 2 or 3. Hundreds of thousands of distinct URLs: a run never repeats one much.
 */
function randomSearch(locationIds: number[], supplierIds: number[]): () => string {
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)];
  // Caracas is UTC-4 all year: wall-clock values are written from a shifted clock.
  const caracasDay = Math.floor((Date.now() - 4 * 3_600_000) / 86_400_000) * 86_400_000;
  const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
  const filterChoices: Array<[string, readonly string[]]> = [
    ["gearbox", gearboxes],
    ["spec", carSpecs],
    ["fuel", fuelTypes],
    ["mileage", mileageKinds],
    ["policy", fuelPolicies],
    ["deposit", depositLimits.map(String)],
    ["category", carCategories],
    ["bags", bagMinimums.map(String)],
  ];
  return () => {
    const from =
      caracasDay +
      (1 + Math.floor(Math.random() * 180)) * 86_400_000 +
      (8 * 60 + Math.floor(Math.random() * 600)) * 60_000;
    const to = from + (1 + Math.floor(Math.random() * 14)) * 86_400_000;
    const params = new URLSearchParams({ pickup: String(pick(locationIds)), from: local(from), to: local(to) });
    // One search in seven returns the car elsewhere (the one-way fee counts in the order).
    if (Math.random() < 1 / 7) params.set("dropoff", String(pick(locationIds)));
    else params.set("same", "1");
    if (Math.random() > 0.35) {
      for (const [name, values] of filterChoices) if (Math.random() < 0.3) params.append(name, pick(values));
      if (Math.random() < 0.15) params.append("supplier", String(pick(supplierIds)));
    }
    // One search in four asks for another order than the default.
    if (Math.random() < 0.25) params.set("sort", pick(sortOrders.slice(1)));
    if (Math.random() < 0.1) params.set("page", String(2 + Math.floor(Math.random() * 2)));
    return `/search?${params}`;
  };
}

/** Seasons for every supplier, longer-rental and fixed season prices, one-way fees (see the header). */
async function definePrices(db: postgres.Sql) {
  const year = new Date().getUTCFullYear();
  await db`
    insert into seasons (supplier_id, name, first_day, last_day, percent)
    select s.id, season.name, make_date(y, season.m1, season.d1), make_date(y, season.m2, season.d2),
      season.percent + (s.id % 4) * 5
    from suppliers s, generate_series(${year}::int, ${year + 1}::int) y,
      (values ('Carnaval', 2, 8, 2, 17, 30), ('Semana Santa', 3, 25, 4, 5, 25), ('Temporada baja', 5, 1, 6, 30, -25),
              ('Diciembre', 12, 1, 12, 31, 25)) as season(name, m1, d1, m2, d2, percent)`;
  await db`
    insert into season_car_prices (season_id, car_id, daily_price_cents)
    select se.id, c.id, c.daily_price_cents * 2
    from cars c join seasons se on se.supplier_id = c.supplier_id and se.name = 'Diciembre'
    where c.id % 50 = 0`;
  await db`
    update cars set weekly_daily_price_cents = case when id % 3 = 0 then daily_price_cents * 85 / 100 end,
      monthly_daily_price_cents = case when id % 10 = 0 then daily_price_cents * 70 / 100 end
    where id % 3 = 0 or id % 10 = 0`;
  await db`update suppliers set one_way_fee_cents = 2500 + (id % 5) * 1000`;
  await db`vacuum analyze`;
}

type Run = {
  connections: number;
  rps: number;
  p50: number;
  p975: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU milliseconds per request of the web processes and of the database's PostgreSQL backends (Linux /proc). */
  nodeCpuMs: number | null;
  pgCpuMs: number | null;
};

const CLOCK_TICKS_MS = 10;

/** CPU time (user + system, in clock ticks) of the given processes, or null without /proc. */
function cpuTicks(pids: number[]): number | null {
  try {
    return pids.reduce((sum, pid) => {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + Number(fields[11]) + Number(fields[12]);
    }, 0);
  } catch {
    return null;
  }
}

/** The server and its web processes. */
function serverPids(child: ChildProcess): number[] {
  const result = spawnSync("pgrep", ["-P", String(child.pid)], { encoding: "utf8" });
  return [child.pid!, ...(result.status === 0 ? result.stdout.trim().split("\n").map(Number) : [])];
}

/** Resident memory (VmRSS) of a process in MB, or null without /proc. */
function rssMb(pid: number): number | null {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Math.round(Number(line[1]) / 1024) : null;
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving the bench database, not whatever else the machine runs. */
async function postgresPids(): Promise<number[]> {
  const rows = await monitor!<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${dbName}`;
  return rows.map((r) => r.pid);
}

async function load(target: Target, nextPath: () => string, connections: number, seconds: number): Promise<Run> {
  const pgPids = await postgresPids();
  const nodePids = serverPids(target.server.child);
  const node0 = cpuTicks(nodePids);
  const pg0 = cpuTicks(pgPids);
  const result = await autocannon({
    url: target.base,
    connections,
    duration: seconds,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  return {
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p975: result.latency.p97_5,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    nodeCpuMs: node0 === null ? null : ((cpuTicks(nodePids)! - node0) * CLOCK_TICKS_MS) / result.requests.total,
    pgCpuMs: pg0 === null ? null : ((cpuTicks(pgPids)! - pg0) * CLOCK_TICKS_MS) / result.requests.total,
  };
}

async function main() {
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  step(`Scratch database ${dbName}`);
  scratch = await scratchDatabase(adminUrl, dbName);
  if (!scratch) throw new Error(`PostgreSQL is not reachable at ${adminUrl}`);
  const dbUrl = scratch.url;

  step("Seeding 10,000 cars and 200,000 bookings");
  const seeded = spawnSync("npx", ["tsx", "scripts/seed.ts", "--cars", "10000", "--bookings", "200000"], {
    env: { ...process.env, DATABASE_URL: dbUrl },
    stdio: ["ignore", "inherit", "inherit"],
  });
  if (seeded.status !== 0) throw new Error("seeding failed");

  const db = postgres(dbUrl, { max: 1, onnotice: () => {} });
  await definePrices(db);
  const locationIds = (await db<{ id: number }[]>`select id from locations order by id`).map((r) => r.id);
  const supplierIds = (await db<{ id: number }[]>`select id from suppliers where active order by id`).map((r) => r.id);
  const settings = await db<{ name: string; value: string; source: string }[]>`
    select name, current_setting(name) as value, source from pg_settings
    where name in ('server_version', 'shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'jit') order by name`;
  console.log(
    `PostgreSQL as the app's sessions see it: ${settings.map((s) => `${s.name}=${s.value} (${s.source})`).join(", ")}`,
  );
  await db.end();
  monitor = postgres(dbUrl, { max: 1, onnotice: () => {} });

  buildIfNeeded();
  const nextPath = randomSearch(locationIds, supplierIds);

  if (args.memory) {
    await memoryRun(dbUrl, nextPath);
    return;
  }

  step(`Load: /search on the product (one web process) and on the floor, ${rounds} alternating rounds`);
  server = await startBenchServer(dbUrl, { WEB_CONCURRENCY: "1" });
  floor = await startFloor(dbUrl);
  const product: Target = { base, server };
  const bare: Target = { base: floorBase, server: floor };
  console.log(`Warm-up (${warmup} s each at 8 connections)…`);
  await load(product, nextPath, 8, warmup);
  await load(bare, nextPath, 8, warmup);
  const productRuns: Run[] = [];
  const floorRuns: Run[] = [];
  for (let round = 1; round <= rounds; round++) {
    console.log(`Round ${round}: 8 connections for ${duration} s, the product then the floor…`);
    productRuns.push(await load(product, nextPath, 8, duration));
    floorRuns.push(await load(bare, nextPath, 8, duration));
  }
  console.log(`1 connection for ${duration} s, the product then the floor…`);
  const productOne = await load(product, nextPath, 1, duration);
  const floorOne = await load(bare, nextPath, 1, duration);
  // The page around the results: the same server's page with the layout and no query.
  console.log(`/about (the layout alone) at 8 connections for ${duration} s…`);
  const layout = await load(product, () => "/about", 8, duration);
  const html = await resultsHtml(nextPath);
  await floor.stop();
  await server.stop();

  step("SQL queries per request (LOG_QUERY_COUNT=1)");
  server = await startBenchServer(dbUrl, { LOG_QUERY_COUNT: "1" });
  for (let i = 0; i < 300; i++) await (await fetch(base + nextPath())).text();
  await server.stop();
  const { output } = server;
  // LOG_QUERY_COUNT lines are JSON log lines whose message is "[queries] GET /search <count>".
  const messages = output.map((l) => (l.startsWith("{") ? String((JSON.parse(l) as { msg?: string }).msg) : l));
  const counts = messages.filter((l) => l.startsWith("[queries] GET /search")).map((l) => Number(l.split(" ").pop()));
  const histogram = new Map<number, number>();
  for (const c of counts) histogram.set(c, (histogram.get(c) ?? 0) + 1);
  const average = counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length);

  step("Results");
  const ms = (v: number | null) => (v === null ? "n/a" : v.toFixed(2));
  const row = (name: string, r: Run) =>
    `${name.padEnd(16)} | ${String(r.connections).padStart(5)} | ${r.rps.toFixed(0).padStart(6)} | ${String(r.p50).padStart(6)} | ${String(r.p975).padStart(8)} | ${String(r.p99).padStart(6)} | ${String(r.requests).padStart(8)} | ${String(r.non2xx + r.errors).padStart(6)} | ${ms(r.nodeCpuMs).padStart(9)} | ${ms(r.pgCpuMs).padStart(7)}`;
  console.log(
    "server, round    | conns |  req/s | p50 ms | p97.5 ms | p99 ms | requests | errors | node ms/req | PG ms/req",
  );
  productRuns.forEach((r, i) => {
    console.log(row(`product, ${i + 1}`, r));
    console.log(row(`floor, ${i + 1}`, floorRuns[i]));
  });
  console.log(row("product", productOne));
  console.log(row("floor", floorOne));
  console.log(row("/about", layout));
  console.log(
    `SQL queries per /search request over ${counts.length} requests: average ${average.toFixed(2)}, ` +
      [...histogram.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([n, k]) => `${n} queries × ${k}`)
        .join(", "),
  );
  const mean = (runs: Run[], pick: (r: Run) => number) => runs.reduce((sum, r) => sum + pick(r), 0) / runs.length;
  const productRate = mean(productRuns, (r) => r.rps);
  const floorRate = mean(floorRuns, (r) => r.rps);
  const ratio = productRate / floorRate;
  const mark = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");
  const allRuns = [...productRuns, ...floorRuns, productOne, floorOne, layout];
  console.log("\nMeasured beside the budget (docs/architecture.md#budgets):");
  console.log(
    `  8 connections: the product ${productRate.toFixed(0)} req/s, the floor ${floorRate.toFixed(0)} req/s: ` +
      `${ratio.toFixed(2)}× (budget ≥ 0.67×: ${mark(ratio >= 0.67)}); p97.5 ${mean(productRuns, (r) => r.p975).toFixed(1)} ms ` +
      `against ${mean(floorRuns, (r) => r.p975).toFixed(1)} ms`,
  );
  console.log(
    `  1 connection: p97.5 ${productOne.p975} ms against the floor's ${floorOne.p975} ms: ` +
      `${(productOne.p975 / floorOne.p975).toFixed(2)}× (budget ≤ 2×: ${mark(productOne.p975 <= 2 * floorOne.p975)})`,
  );
  console.log(
    `  CPU per search at 8 connections: node ${ms(mean(productRuns, (r) => r.nodeCpuMs ?? NaN))} ms (floor ` +
      `${ms(mean(floorRuns, (r) => r.nodeCpuMs ?? NaN))} ms), PostgreSQL ${ms(mean(productRuns, (r) => r.pgCpuMs ?? NaN))} ms ` +
      `(floor ${ms(mean(floorRuns, (r) => r.pgCpuMs ?? NaN))} ms); the layout alone (/about): node ${ms(layout.nodeCpuMs)} ms`,
  );
  console.log(
    html.pages === 0
      ? "  results page: no search of the sample had 15 cards"
      : `  results page in English with 15 cards: ${(html.bytes / 1024).toFixed(1)} KB of HTML (budget ≤ 30 KB: ` +
          `${mark(html.bytes <= 30 * 1024)}), a card ${html.cardElements} elements (budget ≤ 25: ${mark(html.cardElements <= 25)}); ` +
          `mean of ${html.pages} pages`,
  );
  console.log(
    `  errors and non-2xx: ${allRuns.reduce((n, r) => n + r.non2xx + r.errors, 0)} (budget 0: ${mark(allRuns.every((r) => r.non2xx === 0 && r.errors === 0))})`,
  );
  console.log(
    `Load average after the run: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} (other work on the machine skews both servers alike: the ratio is the figure)`,
  );
}

/**
 * The HTML of English results pages with a full page of 15 cards, drawn from the bench's random
 * searches: mean bytes of a page, and the elements of its first card (its opening tags).
 */
async function resultsHtml(nextPath: () => string): Promise<{ pages: number; bytes: number; cardElements: number }> {
  let pages = 0;
  let bytes = 0;
  let cardElements = 0;
  for (let tries = 0; tries < 200 && pages < 10; tries++) {
    const html = await (await fetch(`${base}${nextPath()}&l=en`)).text();
    const cards = html.split('<article class="car-card"').length - 1;
    if (cards !== 15) continue;
    pages += 1;
    bytes += Buffer.byteLength(html);
    const start = html.indexOf('<article class="car-card"');
    const card = html.slice(start, html.indexOf("</article>", start));
    cardElements += (card.match(/<[a-z]/g) ?? []).length;
  }
  return pages === 0
    ? { pages, bytes: 0, cardElements: 0 }
    : { pages, bytes: bytes / pages, cardElements: cardElements / pages };
}

/** `npm run bench:memory`: the production server's usual web processes under 16 connections, then their resident memory. */
async function memoryRun(dbUrl: string, nextPath: () => string) {
  step("Load: /search, NODE_ENV=production");
  server = await startBenchServer(dbUrl);
  const product: Target = { base, server };
  console.log(`Warm-up (${warmup} s at 16 connections)…`);
  await load(product, nextPath, 16, warmup);
  console.log(`16 connections for ${duration} s…`);
  const run = await load(product, nextPath, 16, duration);
  const [supervisorPid, ...webPids] = serverPids(server.child);
  const webRss = (webPids.length ? webPids : [supervisorPid]).map(rssMb);
  step("Results");
  console.log(
    `16 connections: ${run.rps.toFixed(0)} req/s, p97.5 ${run.p975} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
  );
  console.log(
    `Memory after the search load: ${webPids.length ? `supervisor ${rssMb(supervisorPid)} MB, ` : ""}` +
      `web process${webRss.length > 1 ? "es" : ""} ${webRss.map((mb) => `${mb} MB`).join(", ")} RSS ` +
      `(goal ≤ 250 MB each: ${webRss.every((mb) => mb !== null && mb <= 250) ? "ok" : "OVER"})`,
  );
}

try {
  await main();
} finally {
  await server?.stop().catch(() => {});
  await floor?.stop().catch(() => {});
  await monitor?.end();
  if (scratch && args.keep) {
    console.log(`Kept database ${scratch.url}`);
    await scratch.keep();
  } else await scratch?.drop();
}
