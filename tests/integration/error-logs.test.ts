import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorSummary } from "../../log/error-log";
import { getDb } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createApiClient } from "../api/client";
import { captureLogs } from "../log-capture";

/*
 * docs/security.md#error-logs: a request that fails in the database logs its operation and the
 * SQLSTATE with table and constraint names, never the query's values. The failure is forced with
 * a CHECK constraint on users, so PostgreSQL's own error (whose detail quotes the failing row) and
 * drizzle's wrapper (whose message lists every parameter) are the ones a real fault would give.
 */
const api = createApiClient({ ip: "198.51.100.78" });
const FORCED_NAME = "Forced Failure";

beforeAll(async () => {
  const db = await getDb();
  await db.execute(sql.raw(`alter table users add constraint forced_failure check (full_name <> '${FORCED_NAME}')`));
});

afterAll(async () => {
  const db = await getDb();
  await db.execute(sql.raw("alter table users drop constraint if exists forced_failure"));
  await closeDb();
});

describe("error logs carry no values", () => {
  it("a sign-up that fails in the database logs the operation and SQLSTATE, not the hash, email or phone", async () => {
    const email = `logged-${Date.now()}@example.com`;
    const phone = "+584149998877";
    const log = captureLogs();
    try {
      const response = await api("/api/sign-up?l=en", {
        method: "POST",
        json: {
          fullName: FORCED_NAME,
          email,
          phone,
          birthDate: "1990-01-01",
          password: "secret-password-1",
          confirmPassword: "secret-password-1",
          tos: true,
        },
      });
      expect(response.status).toBe(500);
    } finally {
      log.restore();
    }
    const text = log.text();
    expect(text).toContain('"msg":"api signUp: database error 23514');
    expect(text).toContain("table=users");
    expect(text).toContain("constraint=forced_failure");
    for (const secret of [
      email,
      phone.slice(1),
      "$argon2",
      FORCED_NAME,
      "secret-password-1",
      "Failing row",
      "params:",
      "insert into",
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it("the summary of a non-database error keeps its name, message and frames", () => {
    const summary = errorSummary(new TypeError("cannot read x"));
    expect(summary.split("\n")[0]).toBe("TypeError: cannot read x");
    expect(summary).toMatch(/\n\s+at /);
  });
});
