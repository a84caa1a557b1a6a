/**
 * `npm test`: the whole suite — format, lint (with the layer and domain-order rules of
 * docs/architecture.md#layers) and dead-code checks, typecheck, unit and integration tests (vitest), then the
 * browser tests (Playwright, JavaScript on and off). It brings up what it needs: Debian's
 * Chromium when missing, a scratch PostgreSQL database per suite (dropped afterwards),
 * a scratch Redis database and the worker. Without a reachable PostgreSQL or Redis it
 * runs on the embedded defaults (PGlite, in-process jobs) and says so. The production build
 * the browser tests run on is made in the background meanwhile (docs/operations.md#tests).
 */
import { execSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import { flushRedis, scratchDatabase } from "./support";

const adminUrl = process.env.TEST_DATABASE_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisTestUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/5";
const onlyUnit = process.argv.includes("--unit");

// Each step's wall time, for `npm run test:times` (scripts/test-times.ts) beside the runners' own reports.
const timesDir = ".data/test-times";
// A background step ran beside the others: its time is not part of the wall time.
const steps: Array<{ title: string; ms: number; ok: boolean; background?: boolean }> = [];

async function step(title: string, body: () => boolean | Promise<boolean>): Promise<boolean> {
  console.log(`\n━━ ${title}`);
  const started = Date.now();
  const ok = await body();
  steps.push({ title, ms: Date.now() - started, ok });
  return ok;
}

/**
 * The production build, started now and awaited by the browser step: it runs beside the static
 * checks and vitest, which leave the second core idle much of the time. Its output goes to a file
 * (the steps' spawnSync holds this process's event loop, so a pipe would fill and stall it), shown
 * only if it fails; its time ends at that file's last write, the build's last line.
 */
function backgroundBuild(): { done: () => Promise<boolean> } {
  const started = Date.now();
  const log = `${timesDir}/build.log`;
  const out = fs.openSync(log, "w");
  const child = spawn("npm", ["run", "build"], { stdio: ["ignore", out, out] });
  fs.closeSync(out);
  const finished = new Promise<boolean>((resolve) => {
    child.once("error", () => resolve(false));
    child.once("exit", (code) => resolve(code === 0));
  }).then((ok) => {
    const ms = fs.statSync(log).mtimeMs - started;
    steps.push({ title: "Production build (beside the steps above)", ms, ok, background: true });
    return ok;
  });
  return {
    done: async () => {
      const ok = await finished;
      if (!ok) process.stdout.write(fs.readFileSync(log));
      return ok;
    },
  };
}

/**
 * Commands run one after another in a child process each, their output kept and handed back
 * whole, so two lanes started together do not interleave their lines. Prettier, ESLint, knip and
 * tsc each keep one core busy: ESLint in one lane and the other three in a second take the time of
 * the longer lane on the two-core CI machine instead of the sum (docs/operations.md#tests).
 */
async function lane(commands: Array<[string, string[]]>): Promise<{ ok: boolean; output: string }> {
  let ok = true;
  let output = "";
  for (const [command, args] of commands) {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => {
      child.once("error", () => resolve(null));
      child.once("close", resolve);
    });
    ok = code === 0 && ok;
  }
  return { ok, output };
}

function run(command: string, args: string[], env: Record<string, string>): boolean {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status === 0;
}

/*
 * Debian's headless shell (the old headless mode, no browser UI) rather than the full browser: the
 * same Blink, about a third less CPU per test, which on a two-core CI machine is the suite's time
 * (docs/operations.md#tests).
 */
function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
  if (fs.existsSync(path)) return path;
  const root = process.getuid?.() === 0;
  if (root && fs.existsSync("/usr/bin/apt-get")) {
    console.log("\n━━ Installing Debian's Chromium headless shell for the browser tests");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", {
      stdio: "inherit",
    });
    if (fs.existsSync(path)) return path;
  }
  console.error(
    `Chromium not found at ${path}: install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

const suffix = `${process.pid}_${Date.now().toString(36)}`;
const unitDb = await scratchDatabase(adminUrl, `rueda_test_unit_${suffix}`);
const e2eDb = onlyUnit ? null : await scratchDatabase(adminUrl, `rueda_test_e2e_${suffix}`);
const redisUrl = (await flushRedis(redisTestUrl)) ? redisTestUrl : null;
console.log(
  `Test services: ${unitDb ? "PostgreSQL (scratch databases)" : "PGlite (PostgreSQL not reachable at " + adminUrl + ")"}, ` +
    `${redisUrl ? "Redis " + redisTestUrl : "no Redis (jobs run in-process)"}`,
);

fs.rmSync(timesDir, { recursive: true, force: true });
fs.mkdirSync(timesDir, { recursive: true });
const build = onlyUnit ? null : backgroundBuild();
let ok = true;
try {
  ok =
    (await step("Static checks (ESLint with the import boundaries | Prettier, knip, TypeScript)", async () => {
      const lanes = await Promise.all([
        lane([["npx", ["eslint", "."]]]),
        lane([
          ["npx", ["prettier", "--check", "--log-level", "warn", "."]],
          ["npx", ["knip", "--no-progress"]],
          ["npx", ["tsc"]],
        ]),
      ]);
      for (const { output } of lanes) process.stdout.write(output);
      return lanes.every((result) => result.ok);
    })) && ok;

  ok =
    (await step("Unit and integration tests (vitest)", () =>
      run(
        "npx",
        ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${timesDir}/vitest.json`],
        {
          ...(unitDb ? { DATABASE_URL: unitDb.url } : { DATABASE_URL: "", PGLITE_DIR: `.data/test-pglite-${suffix}` }),
          ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
          REDIS_URL: "",
        },
      ),
    )) && ok;

  if (build) {
    const chromium = ensureChromium();
    console.log("\n━━ Waiting for the production build");
    const waited = Date.now();
    const built = await build.done();
    steps.push({ title: "Waiting for the production build", ms: Date.now() - waited, ok: built });
    ok =
      (built
        ? await step("Browser tests (Playwright, JavaScript on and off)", () =>
            run("npx", ["playwright", "test"], {
              CHROMIUM_PATH: chromium,
              DATABASE_URL: e2eDb?.url ?? "",
              REDIS_URL: redisUrl ?? "",
              // Built above; tests/e2e/global-setup.ts builds only when run on its own.
              E2E_PREBUILT: "1",
              PLAYWRIGHT_JSON_OUTPUT_FILE: `${timesDir}/playwright.json`,
            }),
          )
        : false) && ok;
  }
} finally {
  fs.writeFileSync(`${timesDir}/steps.json`, JSON.stringify(steps, null, 2));
  await unitDb?.drop();
  await e2eDb?.drop();
  fs.rmSync(`.data/test-pglite-${suffix}`, { recursive: true, force: true });
}

console.log(ok ? "\nAll test steps passed." : "\nSome test steps failed.");
process.exit(ok ? 0 : 1);
