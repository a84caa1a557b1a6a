/** What the test and benchmark scripts share: scratch databases, the production build, a running server. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import postgres from "postgres";

export type ScratchDatabase = {
  url: string;
  /** Drops the database. */
  drop: () => Promise<void>;
  /** Leaves the database in place (a benchmark's --keep). */
  keep: () => Promise<void>;
};

/**
 * A new, empty database next to `adminUrl`'s (a copy of `template` when given, which must have no
 * open sessions), or null when PostgreSQL is not reachable.
 */
export async function scratchDatabase(
  adminUrl: string,
  name: string,
  options: { template?: string } = {},
): Promise<ScratchDatabase | null> {
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    return null;
  }
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"${options.template ? ` template "${options.template}"` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
    keep: () => admin.end({ timeout: 5 }),
  };
}

/** Empties one Redis database (`redis://…/n`); false when Redis does not answer. */
export async function flushRedis(url: string): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.flushdb();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** Benchmarks measure the production build; rebuild only what changed since the last build. */
export function buildIfNeeded() {
  const builtAfter = (file: string, sources: string[]) =>
    fs.existsSync(file) && fs.statSync(file).mtimeMs > Math.max(...sources.map(newestMtime));
  const appSources = ["app", "db", "jobs", "config", "vite.config.ts"];
  const nodeSources = [...appSources, "server.ts", "worker.ts", "scripts"];
  const step = !builtAfter("build/server/index.js", appSources)
    ? ["npm", ["run", "build"]]
    : !builtAfter("build/node/server.js", nodeSources)
      ? [process.execPath, ["scripts/build-node.mjs"]]
      : null;
  if (!step) {
    console.log("Build is up to date.");
    return;
  }
  console.log(`Building (${step === null ? "" : step[0] === "npm" ? "npm run build" : "server and worker"})…`);
  const result = spawnSync(step[0] as string, step[1] as string[], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("build failed");
}

export type RunningServer = {
  child: ChildProcess;
  /** What the server printed, line by line. */
  output: string[];
  stop: () => Promise<void>;
};

/**
 * The image's `NODE_OPTIONS` (the Dockerfile's `ENV NODE_OPTIONS=…`), so the benchmarks and the restart
 * test measure the processes production runs (docs/operations.md#memory).
 */
function imageNodeOptions(): string {
  const dockerfile = fs.readFileSync(path.join(import.meta.dirname, "..", "Dockerfile"), "utf8");
  return dockerfile.match(/^ENV NODE_OPTIONS="([^"]*)"/m)?.[1] ?? "";
}

/**
 * The compiled server (build/node/server.js, `npm run build`) on the production build, with NODE_ENV=production and the image's NODE_OPTIONS, once /healthz answers (two minutes
 * by default: PGlite's migrations and demo data take most of a minute on a busy machine).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  {
    timeoutMs = 120_000,
    // Another server than the product's (the search's floor of scripts/bench-search.ts): its node arguments and the line it prints when it serves.
    args = ["build/node/server.js"],
    servingLine = "Rueda is serving",
  } = {},
): Promise<RunningServer> {
  // node itself (not npm) so the PID we hold is the server's, as in production.
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_OPTIONS: process.env.NODE_OPTIONS ?? imageNodeOptions(),
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const output: string[] = [];
  child.stdout!.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  // Ready once this process said it serves (another, stopping on the same port, may still answer /healthz).
  const serving = () => output.some((line) => line.startsWith(servingLine));
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline && child.exitCode === null;) {
    try {
      if (serving() && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error("the server did not start");
}
