/**
 * What each Playwright worker runs for itself (docs/operations.md#tests): the production server
 * and job worker on a PostgreSQL database of its own, cloned from the template that
 * tests/e2e/global-setup.ts migrated and seeded, a Redis database of its own, and the Resend,
 * Stripe, TronGrid and Binance Pay fakes in this process. Workers never share data, ports or mailboxes, so
 * spec files run in parallel; the files one worker runs share its database, one after another.
 *
 * `share` is known as soon as a spec file loads (it depends only on the environment and the
 * worker's index), so a spec's top-level code may use it; the servers behind it start with the
 * worker's first test (the `workerServers` fixture in tests/e2e/support.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { flushRedis, scratchDatabase, type ScratchDatabase } from "../../scripts/support";
import { startResendFake } from "../fakes/resend";
import { startStripeFake } from "../fakes/stripe";
import { startWhatsappFake } from "../fakes/whatsapp";
import { startTronGridFake } from "../fakes/trongrid";
import { FAKE_API_KEY, FAKE_SECRET_KEY, startBinancePayFake } from "../fakes/binance-pay";

/** The worker's index among those running at once (0, 1, …): a worker started after a failure gets its predecessor's. */
const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const firstPort = Number(process.env.E2E_PORT ?? 3200);
/** Each worker has a block of this many ports from E2E_PORT on; `share.ports` names those in use. */
const PORTS_PER_WORKER = 20;
const block = firstPort + PORTS_PER_WORKER * index;

/** The template database (npm test's scratch database, or the one you give): clones are named after it. */
const templateUrl = process.env.DATABASE_URL || undefined;

/** This worker's clone of the template, `<template>_w<index>`; undefined on the embedded default (PGlite). */
function cloneUrl(): string | undefined {
  if (!templateUrl) return undefined;
  const url = new URL(templateUrl);
  url.pathname = `/${cloneName(decodeURIComponent(url.pathname.slice(1)), index)}`;
  return url.toString();
}

export const cloneName = (template: string, worker: number) => `${template}_w${worker}`;

/** The worker's Redis database: REDIS_URL's number plus the worker's index (jobs only with PostgreSQL). */
function redisUrl(): string | undefined {
  if (!process.env.REDIS_URL || !templateUrl) return undefined;
  const url = new URL(process.env.REDIS_URL);
  url.pathname = `/${Number(url.pathname.slice(1) || 0) + index}`;
  return url.toString();
}

const localhost = (port: number) => `http://127.0.0.1:${port}`;

export const share = {
  index,
  /** The suite's server of this worker. */
  baseURL: localhost(block),
  ports: {
    app: block,
    /** payment-card.spec.ts's Stripe-enabled server, and its mailbox. */
    stripeApp: block + 5,
    stripeAppMailbox: block + 6,
    /** operations.spec.ts's servers: the observed one, and those of withServer, one port each. */
    operationsObserve: block + 7,
    operations: [block + 10, block + 11, block + 12, block + 13],
    /** api-cors.spec.ts's app pages: an origin the server lists in API_CORS_ORIGINS, and one it does not. */
    corsListed: block + 8,
    corsUnlisted: block + 9,
    jobWorkerHealth: Number(process.env.WORKER_HEALTH_PORT ?? 3299) + index,
  },
  /** The worker's database (PostgreSQL), undefined on the embedded default. */
  databaseUrl: cloneUrl(),
  redisUrl: redisUrl(),
  resendFakeUrl: localhost(Number(process.env.RESEND_FAKE_PORT ?? 4010) + index),
  stripeFakeUrl: localhost(Number(process.env.STRIPE_FAKE_PORT ?? 12111) + index),
  tronGridFakeUrl: localhost(Number(process.env.TRONGRID_FAKE_PORT ?? 4020) + index),
  binancePayFakeUrl: localhost(Number(process.env.BINANCE_PAY_FAKE_PORT ?? 4030) + index),
  whatsappFakeUrl: localhost(Number(process.env.WHATSAPP_FAKE_PORT ?? 4040) + index),
  /** The WhatsApp fake signs its webhooks with this app secret. */
  whatsappAppSecret: "whatsapp-e2e-app-secret",
  /** The Stripe fake signs its webhooks with this secret. */
  stripeWebhookSecret: "whsec_e2e_fake",
};

const portOf = (url: string) => Number(new URL(url).port);

/*
 * The app runs exactly as in production, with its real clients pointed at this worker's fakes.
 * Without DATABASE_URL it uses in-memory PGlite and runs jobs in-process.
 */
function appEnv(): Record<string, string> {
  return {
    PORT: String(share.ports.app),
    HOST: "127.0.0.1",
    APP_URL: share.baseURL,
    // Uploads and other files: one directory per worker, as each has its own database numbering them.
    DATA_DIR: `.data/e2e/w${index}`,
    PGLITE_DIR: "memory://",
    RESEND_API_KEY: "re_test_e2e",
    RESEND_BASE_URL: share.resendFakeUrl,
    MAIL_FROM: "Rueda <no-reply@rueda.test>",
    // USDT is offered only with a deposit address; the chain is the TronGrid fake.
    TRONGRID_URL: share.tronGridFakeUrl,
    WALLET_ADDRESS: "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV",
    // Binance Pay is offered with the merchant's keys; its API is the Binance Pay fake.
    BINANCE_PAY_API_URL: share.binancePayFakeUrl,
    BINANCE_PAY_API_KEY: FAKE_API_KEY,
    BINANCE_PAY_SECRET_KEY: FAKE_SECRET_KEY,
    // WhatsApp on, against its fake: only drivers who opt in get messages there (docs/domain.md#whatsapp).
    WHATSAPP_API_URL: share.whatsappFakeUrl,
    WHATSAPP_ACCESS_TOKEN: "EAAG-e2e-token",
    WHATSAPP_PHONE_NUMBER_ID: "100200300",
    WHATSAPP_APP_SECRET: share.whatsappAppSecret,
    WHATSAPP_VERIFY_TOKEN: "whatsapp-e2e-verify",
    // Tests of rate limits give each burst a client address of its own through X-Forwarded-For.
    TRUST_PROXY: "1",
    // /status answers admins and this bearer only (docs/operations.md#health).
    STATUS_TOKEN: "e2e-status-token-0123456789",
    // App origins that may call the API from a browser: a page api-cors.spec.ts serves, and a hybrid app's WebView.
    API_CORS_ORIGINS: `${localhost(share.ports.corsListed)} capacitor://localhost`,
    // One access line per request would bury the test report; warnings and errors still show.
    LOG_LEVEL: "warn",
    // One web process, not one per core: the workers' servers already share the machine's cores,
    // and a back-office change then shows at once on every page, where a second process would
    // show its cached places and brands for up to a minute (docs/operations.md#tests).
    WEB_CONCURRENCY: "1",
    ...(share.databaseUrl ? { DATABASE_URL: share.databaseUrl } : {}),
    // BullMQ needs a worker, and a worker needs a shared database: Redis only with PostgreSQL.
    ...(share.redisUrl ? { REDIS_URL: share.redisUrl } : {}),
  };
}

/** `output`: what it printed, kept for the message when it fails to start. */
type Child = { child: ChildProcess; output: string[]; stop: () => Promise<void> };

/**
 * A compiled entry point (build/node/…, built by global-setup.ts) with the app's environment. Its
 * error output goes to this worker's output, and its standard output too when `echoStdout` says so (the
 * job worker logs each retry of a job there, which would bury the report).
 */
function startNode(script: string, name: string, env: Record<string, string>, echoStdout: boolean): Child {
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const lines = (echo: boolean) => (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n").filter(Boolean)) {
      output.push(line);
      if (echo) console.log(`[${name} w${index}] ${line}`);
    }
  };
  child.stdout!.on("data", lines(echoStdout));
  child.stderr!.on("data", lines(true));
  // A worker that dies without its teardown must not leave its server holding the ports.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, output, stop };
}

/** Waits until `url` answers 2xx, or fails when `started` exits or time runs out. */
async function answering(url: string, started: Child, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    if (started.child.exitCode !== null)
      throw new Error(
        `${url}: the process exited (${started.child.exitCode}):\n${started.output.slice(-20).join("\n")}`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s:\n${started.output.slice(-20).join("\n")}`);
}

/** This worker's clone, made afresh from the template (nothing may be connected to the template meanwhile). */
async function cloneDatabase(): Promise<ScratchDatabase> {
  const admin = new URL(templateUrl!);
  const templateName = decodeURIComponent(admin.pathname.slice(1));
  admin.pathname = "/postgres";
  const clone = await scratchDatabase(admin.toString(), cloneName(templateName, index), { template: templateName });
  if (!clone) throw new Error(`PostgreSQL at ${admin.host} did not answer to clone ${templateName}`);
  return clone;
}

/** Starts this worker's fakes, database, server and job worker; returns how to stop them all. */
export async function startWorkerServers(): Promise<{ stop: () => Promise<void> }> {
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const resend = await startResendFake(portOf(share.resendFakeUrl));
    stops.push(resend.close);
    // Only payment-card.spec.ts's own Stripe-enabled server talks to it; the suite's server uses the demo gateway.
    const stripe = await startStripeFake(portOf(share.stripeFakeUrl), { webhookSecret: share.stripeWebhookSecret });
    stops.push(stripe.close);
    const tronGrid = await startTronGridFake(portOf(share.tronGridFakeUrl));
    stops.push(tronGrid.close);
    const binancePay = await startBinancePayFake(portOf(share.binancePayFakeUrl), {
      webhookUrl: `${share.baseURL}/webhooks/binance-pay`,
    });
    stops.push(binancePay.close);
    const whatsapp = await startWhatsappFake(portOf(share.whatsappFakeUrl), {
      appSecret: share.whatsappAppSecret,
      webhookUrl: `${share.baseURL}/webhooks/whatsapp`,
    });
    stops.push(whatsapp.close);
    if (share.databaseUrl) {
      const clone = await cloneDatabase();
      stops.push(clone.drop);
    }
    if (share.redisUrl && !(await flushRedis(share.redisUrl)))
      throw new Error(`Redis did not answer at ${share.redisUrl}`);

    const env = appEnv();
    // The compiled server and worker, as production runs them (docs/operations.md#build).
    const server = startNode("build/node/server.js", "server", env, true);
    stops.push(server.stop);
    await answering(`${share.baseURL}/healthz`, server, 120_000);
    if (share.redisUrl) {
      const worker = startNode(
        "build/node/worker.js",
        "worker",
        { ...env, WORKER_HEALTH_PORT: String(share.ports.jobWorkerHealth) },
        false,
      );
      stops.push(worker.stop);
      await answering(localhost(share.ports.jobWorkerHealth), worker, 60_000);
    }
  } catch (error) {
    await stopAll();
    throw error;
  }
  return { stop: stopAll };
}
