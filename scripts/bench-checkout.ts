/**
 * `npm run bench:checkout` — the booking POST budget (docs/architecture.md#budgets: the checkout
 * answers a pay-later booking in ≤ 50 ms p97.5, unloaded, on the demo data). The production build
 * is served by server.ts with NODE_ENV=production on the demo data: a scratch PostgreSQL database
 * when one is reachable (dropped afterwards), else in-memory PGlite. The demo driver signs in,
 * and N pay-later bookings (default 200) of one car are posted one after the other, each for a
 * period of its own (2 days, back to back with a day between), after a few unmeasured ones.
 * Each must answer 302 to its booking page. Prints p50 / p97.5 / p99 beside the budget.
 * Options: --count <n> (default 200), --warmup <n> (default 10), --keep (keep the database).
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { buildIfNeeded, scratchDatabase, startServer, type RunningServer, type ScratchDatabase } from "./support";

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "200" },
    warmup: { type: "string", default: "10" },
    keep: { type: "boolean", default: false },
  },
});
const count = Number(args.count);
const warmup = Number(args.warmup);
const BUDGET_MS = 50;
const DEMO_DRIVER = { email: "driver@rueda.example", password: "Rueda2026!" };
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const port = Number(process.env.BENCH_PORT ?? 3452);
const base = `http://127.0.0.1:${port}`;
const DAY = 86_400_000;

/** A wall-clock value in Caracas (UTC-4 all year), `days` from now at `time`. */
function caracas(days: number, time: string) {
  return `${new Date(Date.now() - 4 * 3_600_000 + days * DAY).toISOString().slice(0, 10)}T${time}`;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The session cookie of the demo driver, signed in through the real form. */
async function signIn(): Promise<string> {
  const response = await fetch(`${base}/sign-in`, {
    method: "POST",
    headers: { Origin: base },
    body: new URLSearchParams(DEMO_DRIVER),
    redirect: "manual",
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (response.status !== 302 || cookies.length === 0)
    throw new Error(`demo driver sign-in answered ${response.status}`);
  return cookies.join("; ");
}

/** The car, the places and the period of the first Book link of a demo search, without its dates. */
async function bookLink(): Promise<URLSearchParams> {
  const search = `/search?pickup=1&same=1&from=${caracas(400, "10:00")}&to=${caracas(402, "10:00")}`;
  const html = await (await fetch(base + search)).text();
  const href = html.match(/href="\/checkout\?([^"]+)"/)?.[1];
  if (!href) throw new Error("no Book link on the demo search");
  return new URLSearchParams(href.replaceAll("&amp;", "&"));
}

let scratch = null as ScratchDatabase | null;
let server = null as RunningServer | null;
try {
  buildIfNeeded();
  scratch = await scratchDatabase(adminUrl, `rueda_bench_checkout_${process.pid}`);
  console.log(scratch ? "Database: scratch PostgreSQL." : "Database: in-memory PGlite (PostgreSQL not reachable).");
  server = await startServer(port, {
    DATABASE_URL: scratch?.url ?? "",
    PGLITE_DIR: "memory://",
    REDIS_URL: "",
    DATA_DIR: ".data/bench-checkout",
    DEMO_DATA: "1",
    APP_URL: base,
  });
  const cookie = await signIn();
  const link = await bookLink();
  const timings: number[] = [];
  for (let i = 0; i < warmup + count; i++) {
    // Starting 400 days out, 3 days apart: no two overlap, and none meets the demo bookings.
    const params = new URLSearchParams(link);
    params.set("from", caracas(400 + i * 3, "10:00"));
    params.set("to", caracas(402 + i * 3, "10:00"));
    const started = performance.now();
    const response = await fetch(`${base}/checkout?${params}`, {
      method: "POST",
      headers: { Origin: base, Cookie: cookie },
      body: new URLSearchParams({ payment: "payLater" }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (response.status !== 302 || !response.headers.get("location")?.startsWith("/booking?b=")) {
      throw new Error(`booking ${i} answered ${response.status} ${response.headers.get("location") ?? ""}`);
    }
    if (i >= warmup) timings.push(elapsed);
  }
  timings.sort((a, b) => a - b);
  const [p50, p975, p99] = [50, 97.5, 99].map((p) => percentile(timings, p));
  console.log(
    `\nPOST /checkout (pay later, signed-in demo driver), ${count} bookings one after the other after ${warmup} unmeasured:`,
  );
  console.log(
    `  p50 ${p50.toFixed(1)} ms · p97.5 ${p975.toFixed(1)} ms · p99 ${p99.toFixed(1)} ms · max ${timings.at(-1)!.toFixed(1)} ms   (budget: ≤ ${BUDGET_MS} ms p97.5)`,
  );
  // The budget is for an unloaded machine: say how loaded this one was.
  console.log(
    `  load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" / ")} on ${os.cpus().length} cores`,
  );
  console.log(p975 <= BUDGET_MS ? "Within budget." : "Over budget.");
} finally {
  await server?.stop();
  if (scratch) await (args.keep ? scratch.keep() : scratch.drop());
}
