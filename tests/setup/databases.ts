/**
 * Vitest global set-up of the "db" and "db-isolated" projects (docs/operations.md#tests): the test
 * database gets its schema once, the way a deployment does (migrations are a start-up step, never a
 * side effect of connecting), and then serves as the template of one database per worker, so test files run in
 * parallel without seeing each other's rows:
 * - PostgreSQL (DATABASE_URL): `<db>_w1` … `<db>_wN`, each `CREATE DATABASE … TEMPLATE <db>`;
 * - PGlite (no DATABASE_URL): copies of the migrated directory, `<dir>_w1` … `<dir>_wN`;
 * - Redis (TEST_REDIS_URL `…/n`): databases n … n+N−1, emptied first.
 * tests/setup/worker-services.ts points each worker at its own; the clones go at teardown.
 */
import fs from "node:fs";
import type { TestProject } from "vitest/node";
import { closeDb, pgliteDir, withSetupLock } from "../../db/client";
import { flushRedis, scratchDatabase, type ScratchDatabase } from "../../scripts/support";

export type WorkerServices = { databaseUrl?: string; pgliteDir?: string; redisUrl?: string };

declare module "vitest" {
  export interface ProvidedContext {
    /** Index i − 1 belongs to the worker whose VITEST_POOL_ID is i. */
    workerServices: WorkerServices[];
  }
}

function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers ?? project.globalConfig.maxWorkers;
  return Math.max(1, Number(configured) || 1);
}

async function clonePostgres(baseUrl: string, workers: number) {
  const template = decodeURIComponent(new URL(baseUrl).pathname.slice(1));
  const adminUrl = new URL(baseUrl);
  adminUrl.pathname = "/postgres";
  // A template must have no other sessions: the migrating connection is closed by now.
  const clones: ScratchDatabase[] = [];
  for (let worker = 1; worker <= workers; worker++) {
    const clone = await scratchDatabase(adminUrl.toString(), `${template}_w${worker}`, { template });
    if (!clone) throw new Error(`PostgreSQL at ${adminUrl.host} did not answer to clone ${template}`);
    clones.push(clone);
  }
  return { urls: clones.map((clone) => clone.url), drop: () => Promise.all(clones.map((clone) => clone.drop())) };
}

function clonePglite(dir: string, workers: number) {
  const dirs = Array.from({ length: workers }, (_, i) => `${dir}_w${i + 1}`);
  for (const clone of dirs) {
    fs.rmSync(clone, { recursive: true, force: true });
    fs.cpSync(dir, clone, { recursive: true });
  }
  return { dirs, drop: () => dirs.forEach((clone) => fs.rmSync(clone, { recursive: true, force: true })) };
}

async function redisPerWorker(baseUrl: string, workers: number): Promise<string[]> {
  const url = new URL(baseUrl);
  const first = Number(url.pathname.slice(1) || "0");
  const urls = Array.from({ length: workers }, (_, i) => {
    const each = new URL(baseUrl);
    each.pathname = `/${first + i}`;
    return each.toString();
  });
  for (const each of urls)
    if (!(await flushRedis(each))) throw new Error(`Redis at ${new URL(each).host} did not answer to empty ${each}`);
  return urls;
}

type Prepared = { services: WorkerServices[]; drop: () => Promise<void> };
/*
 * The "db" and "db-isolated" projects (vitest.config.ts) both name this set-up, and vitest's main
 * process runs it once per project: the first run makes the clones, the second gets the same ones
 * (a worker's VITEST_POOL_ID is the same whichever project's file it runs, one file at a time),
 * and the last teardown drops them.
 */
const shared = globalThis as typeof globalThis & {
  ruedaTestDatabases?: { prepared: Promise<Prepared>; users: number };
};

async function prepare(workers: number): Promise<Prepared> {
  await withSetupLock(({ migrate }) => migrate());
  await closeDb();

  const databaseUrl = process.env.DATABASE_URL;
  const dir = databaseUrl ? null : pgliteDir();
  // An in-memory PGlite (`memory://`) has nothing to copy: each worker starts its own.
  const postgresClones = databaseUrl ? await clonePostgres(databaseUrl, workers) : null;
  const pgliteClones = dir && !dir.includes("://") ? clonePglite(dir, workers) : null;
  const redisUrls = process.env.TEST_REDIS_URL ? await redisPerWorker(process.env.TEST_REDIS_URL, workers) : [];
  return {
    services: Array.from({ length: workers }, (_, i) => ({
      databaseUrl: postgresClones?.urls[i],
      pgliteDir: pgliteClones?.dirs[i] ?? dir ?? undefined,
      redisUrl: redisUrls[i],
    })),
    drop: async () => {
      await postgresClones?.drop();
      pgliteClones?.drop();
    },
  };
}

export default async function setUpDatabases(project: TestProject) {
  shared.ruedaTestDatabases ??= { prepared: prepare(workerCount(project)), users: 0 };
  const mine = shared.ruedaTestDatabases;
  mine.users++;
  project.provide("workerServices", (await mine.prepared).services);

  return async () => {
    if (--mine.users > 0) return;
    shared.ruedaTestDatabases = undefined;
    await (await mine.prepared).drop();
  };
}
