import fs from "node:fs";
import path from "node:path";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { getEnv } from "../config/env";
import * as schema from "./schema";
import { countQuery } from "./query-count";

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what a function that writes should accept. */
export type Executor = Database | Transaction;

type Kind = "postgres" | "pglite";
type Handle = { db: Database; kind: Kind; close: () => Promise<void> };

const logger = { logQuery: () => countQuery() };

export const migrationsFolder = path.resolve("db/migrations");

async function openPostgres(url: string, max: number): Promise<Handle> {
  const postgres = (await import("postgres")).default;
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, { max, onnotice: () => {} });
  const db = drizzle(client, { schema, logger });
  return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

async function openPglite(dir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { drizzle } = await import("drizzle-orm/pglite");
  if (!dir.includes("://")) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { btree_gist } });
  const db = drizzle(client, { schema, logger });
  // Both drivers expose the same query builder; one type keeps call sites simple.
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

/*
 * The web server (tsx) and the Remix server bundle each get their own copy of this
 * module; keeping the handle on globalThis makes them share one connection, which
 * matters most for PGlite, where two instances on one directory would corrupt it.
 */
const globalKey = Symbol.for("rueda.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Handle> };
const store = globalThis as GlobalWithDb;

/** Where the embedded database lives when there is no DATABASE_URL. */
export function pgliteDir(env = getEnv()): string {
  return env.PGLITE_DIR ?? path.join(env.DATA_DIR, "pglite");
}

function open(): Promise<Handle> {
  const env = getEnv();
  return env.DATABASE_URL ? openPostgres(env.DATABASE_URL, env.DATABASE_POOL_SIZE) : openPglite(pgliteDir(env));
}

/** The shared connection (pool). Opening it never changes the schema: see `withSetupLock`. */
export function getHandle(): Promise<Handle> {
  if (!store[globalKey]) {
    const pending = open();
    store[globalKey] = pending;
    // A failed start must not be cached, or every later request repeats the same error.
    pending.catch(() => {
      if (store[globalKey] === pending) delete store[globalKey];
    });
  }
  return store[globalKey];
}

export async function getDb(): Promise<Database> {
  return (await getHandle()).db;
}

export async function closeDb() {
  const pending = store[globalKey];
  if (!pending) return;
  delete store[globalKey];
  await (await pending).close();
}

async function applyMigrations(db: Database, kind: Kind) {
  if (kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(db, { migrationsFolder });
  }
}

/** Any fixed number: every process that sets the database up takes this one lock. */
const SETUP_LOCK = 726_173_001;

export type SetupTools = { db: Database; kind: Kind; migrate: () => Promise<void> };

/**
 * Runs the start-up steps that must happen once per database (migrations, demo data,
 * the first admin) while holding a PostgreSQL advisory lock, so two machines starting
 * on one empty database take turns instead of both migrating and seeding
 * (docs/operations.md#start-up). On PostgreSQL the steps run on a connection of their
 * own, which holds the lock; PGlite belongs to one process, so it needs no lock.
 */
export async function withSetupLock<T>(steps: (tools: SetupTools) => Promise<T>): Promise<T> {
  const env = getEnv();
  if (!env.DATABASE_URL) {
    const { db, kind } = await getHandle();
    return steps({ db, kind, migrate: () => applyMigrations(db, kind) });
  }
  const handle = await openPostgres(env.DATABASE_URL, 1);
  const { db } = handle;
  try {
    await db.execute(`select pg_advisory_lock(${SETUP_LOCK})`);
    return await steps({ db, kind: "postgres", migrate: () => applyMigrations(db, "postgres") });
  } finally {
    // Closing the connection releases the lock too; unlocking first keeps the intent plain.
    await db.execute(`select pg_advisory_unlock(${SETUP_LOCK})`).catch(() => {});
    await handle.close();
  }
}

export { schema };
