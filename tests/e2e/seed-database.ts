import { share } from "./worker-servers";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import type { Executor } from "../../db/client";
import * as schema from "../../db/schema";
import { activatedAccount } from "./activated-account";
import { test, uniqueEmail } from "./support";

/**
 * For a spec file that writes its data straight into the app's database, called at its top:
 * that needs a shared PostgreSQL (DATABASE_URL). Without it the server keeps its PGlite
 * database in memory, out of this process's reach, and the file's tests are skipped, saying
 * so. Returns the connection for use inside the tests.
 */
export function seedDatabase(what: string): () => Executor {
  const databaseUrl = share.databaseUrl;
  test.skip(
    !databaseUrl,
    `seeds ${what} through the database: run with DATABASE_URL (PostgreSQL); the PGlite fallback lives inside the server`,
  );
  let client: ReturnType<typeof postgres> | undefined;
  let db: Executor | undefined;
  test.beforeAll(() => {
    client = postgres(databaseUrl!, { max: 2, onnotice: () => {} });
    db = drizzle(client, { schema }) as unknown as Executor;
  });
  test.afterAll(async () => {
    await client?.end({ timeout: 5 });
  });
  return () => db!;
}

/**
 * A raw SQL connection to this worker's database for one spec file, called at its top: opened on
 * first use and closed after the file's tests.
 */
export function specSql(): ReturnType<typeof postgres> {
  const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
  test.afterAll(async () => {
    await sql.end();
  });
  return sql;
}

/** An account made through the real sign-up form and activated; the page's browser context is signed in as it. Returns its id. */
export async function signedInDriver(
  page: Page,
  db: Executor,
  account: { fullName: string; password: string; emailPrefix: string },
): Promise<number> {
  const email = uniqueEmail(account.emailPrefix);
  const { fullName, password } = account;
  await activatedAccount(page.request, email, password, { fullName });
  const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
  return user.id;
}
