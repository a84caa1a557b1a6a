import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3200);
const resendPort = Number(process.env.RESEND_FAKE_PORT ?? 4010);
const tronGridPort = Number(process.env.TRONGRID_FAKE_PORT ?? 4020);
const workerHealthPort = Number(process.env.WORKER_HEALTH_PORT ?? 3299);
const stripeFakePort = Number(process.env.STRIPE_FAKE_PORT ?? 12111);
const baseURL = `http://127.0.0.1:${port}`;

/*
 * The app runs exactly as in production, with its real clients pointed at local fakes.
 * DATABASE_URL / REDIS_URL come from scripts/test.ts (a scratch database, a scratch Redis
 * db); without them the app uses in-memory PGlite and runs jobs in-process.
 */
const appEnv = {
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: baseURL,
  DATA_DIR: ".data/e2e",
  PGLITE_DIR: "memory://",
  RESEND_API_KEY: "re_test_e2e",
  RESEND_BASE_URL: `http://127.0.0.1:${resendPort}`,
  MAIL_FROM: "Rueda <no-reply@rueda.test>",
  // USDT is offered only with a deposit address; the chain is the TronGrid fake.
  TRONGRID_URL: `http://127.0.0.1:${tronGridPort}`,
  WALLET_ADDRESS: "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV",
  // Tests of rate limits give each burst a client address of its own through X-Forwarded-For.
  TRUST_PROXY: "1",
  // /status answers admins and this bearer only (docs/operations.md#health).
  STATUS_TOKEN: "e2e-status-token-0123456789",
  // App origins that may call the API from a browser: a page the CORS spec serves on this run's
  // port + 8 (+ 9 is the one it serves as not listed), and a hybrid app's WebView.
  API_CORS_ORIGINS: `http://127.0.0.1:${port + 8} capacitor://localhost`,
  // One access line per request would bury the test report; warnings and errors still show.
  LOG_LEVEL: "warn",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};
// BullMQ needs a worker, and a worker needs a shared database: Redis only with PostgreSQL.
const withWorker = Boolean(process.env.REDIS_URL && process.env.DATABASE_URL);
if (withWorker) Object.assign(appEnv, { REDIS_URL: process.env.REDIS_URL });

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // A `test.only` left in a commit must fail CI, not quietly run one test (docs/operations.md#tests).
  forbidOnly: Boolean(process.env.CI),
  // npm test asks for the JSON report too (PLAYWRIGHT_JSON_OUTPUT_FILE): `npm run test:times` reads it.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["list"], ["json"]] : [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
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
      ],
    },
    trace: "off",
  },
  webServer: [
    {
      command: "npx tsx tests/fakes/resend-server.ts",
      url: `http://127.0.0.1:${resendPort}/health`,
      env: { RESEND_FAKE_PORT: String(resendPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // Only the card spec's own Stripe-enabled server talks to it; the suite's server uses the demo gateway.
      command: "npx tsx tests/fakes/stripe-server.ts",
      url: `http://127.0.0.1:${stripeFakePort}/health`,
      env: { STRIPE_FAKE_PORT: String(stripeFakePort), STRIPE_FAKE_WEBHOOK_SECRET: "whsec_e2e_fake" },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: "npx tsx tests/fakes/trongrid-server.ts",
      url: `http://127.0.0.1:${tronGridPort}/health`,
      env: { TRONGRID_FAKE_PORT: String(tronGridPort) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The compiled server and worker, as production runs them (docs/operations.md#build).
      command: "npm run build && node build/node/server.js",
      url: `${baseURL}/healthz`,
      env: appEnv,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
    },
    ...(withWorker
      ? [
          {
            // Started after the server above, so its build is there.
            command: "node build/node/worker.js",
            url: `http://127.0.0.1:${workerHealthPort}/`,
            env: { ...appEnv, WORKER_HEALTH_PORT: String(workerHealthPort) },
            reuseExistingServer: false,
            timeout: 60_000,
          },
        ]
      : []),
  ],
});
