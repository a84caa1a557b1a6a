/** What the test and benchmark scripts share: scratch databases, the production build, a running server. */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";

export type ScratchDatabase = {
  url: string;
  /** Drops the database. */
  drop: () => Promise<void>;
  /** Leaves the database in place (a benchmark's --keep). */
  keep: () => Promise<void>;
};

/** A new, empty database next to `adminUrl`'s, or null when PostgreSQL is not reachable. */
export async function scratchDatabase(adminUrl: string, name: string): Promise<ScratchDatabase | null> {
  const admin = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    return null;
  }
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.unsafe(`create database "${name}"`);
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

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), 0);
}

/** Benchmarks measure the production build; rebuild only when what goes into it changed since the last one. */
export function buildIfNeeded() {
  const built = "build/server/index.js";
  const sources = ["app", "db", "jobs", "vite.config.ts"];
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs > Math.max(...sources.map(newestMtime))) {
    console.log("Build is up to date.");
    return;
  }
  console.log("Building (remix vite:build)…");
  const result = spawnSync("npx", ["remix", "vite:build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (result.status !== 0) throw new Error("build failed");
}

export type RunningServer = {
  child: ChildProcess;
  /** What the server printed, line by line. */
  output: string[];
  stop: () => Promise<void>;
};

/**
 * server.ts on the production build, with NODE_ENV=production, once /healthz answers (two minutes
 * by default: PGlite's migrations and demo data take most of a minute on a busy machine).
 */
export async function startServer(
  port: number,
  env: Record<string, string>,
  { timeoutMs = 120_000 } = {},
): Promise<RunningServer> {
  // node --import tsx (not npx) so the PID we hold is the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ...env },
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
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return { child, output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error("the server did not start");
}
