import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema";
import { createBooking, createCar, createLocation, createSupplier, createUser } from "../factories";

const migrationsFolder = path.resolve("db/migrations");
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

type Opened = { db: Database; migrate: () => Promise<void>; close: () => Promise<void> };
type Engine = { name: string; open: () => Promise<Opened> };

/** postgres.js answers `execute` with an array of rows, PGlite with `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

const engines: Engine[] = [
  {
    name: "PGlite",
    open: async () => {
      const client = new PGlite("memory://", { extensions: { btree_gist } });
      const db = drizzlePglite(client, { schema });
      const migrate = () => migratePglite(db, { migrationsFolder });
      await migrate();
      return { db: db as unknown as Database, migrate, close: () => client.close() };
    },
  },
];
// `npm test` provides a scratch PostgreSQL database whenever PostgreSQL is reachable (always in CI).
if (process.env.DATABASE_URL) {
  engines.push({
    name: "PostgreSQL",
    open: async () => {
      const client = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
      const db = drizzlePostgres(client, { schema });
      await db.execute(sql`drop schema if exists public cascade`);
      await db.execute(sql`drop schema if exists drizzle cascade`);
      await db.execute(sql`create schema public`);
      const migrate = () => migratePostgres(db, { migrationsFolder });
      await migrate();
      return { db, migrate, close: () => client.end({ timeout: 5 }) };
    },
  });
}

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

describe.each(engines)("migrations on $name", ({ open }) => {
  let opened: Opened;
  // Once per engine, for both tests: a fresh PGlite starts and migrates here, seconds alone and far
  // longer on a busy machine (opening it again in the second test timed out there).
  beforeAll(async () => {
    opened = await open();
    closers.push(opened.close);
  }, 90_000);

  it("apply every committed migration, twice without change", async () => {
    const { db, migrate } = opened;
    const applied = async () =>
      rowsOf<{ count: number }>(
        await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`),
      )[0].count;
    expect(await applied()).toBe(journal.entries.length);
    await migrate();
    expect(await applied()).toBe(journal.entries.length);
    const constraint = rowsOf<{ conname: string }>(
      await db.execute(sql`select conname from pg_constraint where conname = 'bookings_no_overlap'`),
    );
    expect(constraint).toHaveLength(1);
  });

  it("refuse overlapping blocking bookings of one car, accept back-to-back and cancelled ones", async () => {
    const { db } = opened;
    const supplier = await createSupplier(db);
    const location = await createLocation(db);
    const driver = await createUser(db);
    const car = await createCar(db, { supplierId: supplier.id, locationIds: [location.id] });
    const other = await createCar(db, { supplierId: supplier.id, locationIds: [location.id] });
    const base = { carId: car.id, supplierId: supplier.id, driverId: driver.id, locationId: location.id };
    await createBooking(db, {
      ...base,
      startsAt: new Date("2027-01-10T10:00:00Z"),
      endsAt: new Date("2027-01-12T10:00:00Z"),
    });

    const overlap = createBooking(db, {
      ...base,
      startsAt: new Date("2027-01-11T10:00:00Z"),
      endsAt: new Date("2027-01-13T10:00:00Z"),
    });
    await expect(overlap).rejects.toMatchObject({ cause: { code: "23P01" } });

    await expect(
      createBooking(db, {
        ...base,
        startsAt: new Date("2027-01-12T10:00:00Z"),
        endsAt: new Date("2027-01-14T10:00:00Z"),
      }),
    ).resolves.toBeTruthy();
    await expect(
      createBooking(db, {
        ...base,
        status: "cancelled",
        startsAt: new Date("2027-01-11T00:00:00Z"),
        endsAt: new Date("2027-01-11T20:00:00Z"),
      }),
    ).resolves.toBeTruthy();
    await expect(
      createBooking(db, {
        ...base,
        carId: other.id,
        startsAt: new Date("2027-01-11T10:00:00Z"),
        endsAt: new Date("2027-01-13T10:00:00Z"),
      }),
    ).resolves.toBeTruthy();
  });
});
