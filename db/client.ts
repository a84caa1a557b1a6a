import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import * as schema from "./schema";
import { countQuery } from "./query-count";

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Either the database or an open transaction: what a function that writes should accept. */
export type Executor = Database | Transaction;

type Handle = { db: Database; kind: "postgres" | "pglite"; close: () => Promise<void> };

const logger = { logQuery: () => countQuery() };

export const migrationsFolder = path.resolve(process.env.MIGRATIONS_DIR ?? "db/migrations");

async function openPostgres(url: string): Promise<Handle> {
  const postgres = (await import("postgres")).default;
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10), onnotice: () => {} });
  const db = drizzle(client, { schema, logger });
  // Web processes forked by server.ts start after the primary has migrated.
  if (!cluster.isWorker) await migrate(db, { migrationsFolder });
  return { db, kind: "postgres", close: () => client.end({ timeout: 5 }) };
}

async function openPglite(dir: string): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (!dir.includes("://")) fs.mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir, { extensions: { btree_gist } });
  const db = drizzle(client, { schema, logger });
  await migrate(db, { migrationsFolder });
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

function open(): Promise<Handle> {
  const url = process.env.DATABASE_URL;
  return url ? openPostgres(url) : openPglite(process.env.PGLITE_DIR ?? path.join(process.env.DATA_DIR ?? ".data", "pglite"));
}

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

export { schema };
