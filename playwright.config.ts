import { defineConfig, devices } from "@playwright/test";

/*
 * No webServer here: global-setup.ts builds once and prepares the template database, and each
 * worker starts its own server, job worker and fakes on a clone of it (tests/e2e/worker-servers.ts,
 * docs/operations.md#tests). DATABASE_URL / REDIS_URL come from scripts/test.ts (a scratch
 * database, a scratch Redis db); without them the app uses in-memory PGlite and runs jobs
 * in-process, in one worker.
 */
export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // The tests of one file in order, in one worker; each worker on its own server and database.
  // Two workers on PostgreSQL (E2E_WORKERS for another count): one left the two-core CI machine
  // half idle; three were slower than two (docs/operations.md#tests).
  fullyParallel: false,
  workers: process.env.DATABASE_URL ? Number(process.env.E2E_WORKERS ?? 2) : 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // A `test.only` left in a commit must fail CI, not quietly run one test (docs/operations.md#tests).
  forbidOnly: Boolean(process.env.CI),
  // npm test asks for the JSON report too (PLAYWRIGHT_JSON_OUTPUT_FILE): `npm run test:times` reads it.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    // baseURL is the worker's own server: the fixture in tests/e2e/support.ts.
    headless: true,
    launchOptions: {
      // scripts/test.ts sets it (Debian's headless shell, docs/operations.md#tests).
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // Nothing off this machine resolves (map tiles): the pages never reach the internet, without
        // a Playwright route, which would turn Chromium's cache off and pass every request through
        // the test process (tests/e2e/support.ts ignores these failed loads).
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      ],
    },
    trace: "off",
  },
});
