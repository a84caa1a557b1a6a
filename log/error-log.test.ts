import { describe, expect, it } from "vitest";
import { errorHeadline, errorMessage } from "./error-log";

/** Shaped like drizzle's DrizzleQueryError around a driver's error (docs/security.md#error-logs). */
function wrapped(cause: unknown) {
  return Object.assign(
    new Error("Failed query: insert into users values ($1, $2)\nparams: ana@example.com,$argon2id$secret"),
    { query: "insert…", params: ["ana@example.com"], cause },
  );
}

describe("error log lines name the failure, never its values", () => {
  it("a postgres.js error: SQLSTATE and names, no detail or parameters", () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      severity: "ERROR",
      code: "23505",
      table_name: "users",
      constraint_name: "users_email_unique",
      detail: "Key (email)=(ana@example.com) already exists.",
      parameters: ["ana@example.com"],
    });
    expect(errorHeadline(wrapped(driver))).toBe("database error 23505 table=users constraint=users_email_unique");
  });

  it("a PGlite error names its fields without _name", () => {
    const driver = Object.assign(new Error("boom"), {
      severity: "ERROR",
      code: "22021",
      table: "users",
      column: "full_name",
      routine: "report_invalid_encoding",
    });
    expect(errorHeadline(driver)).toBe(
      "database error 22021 table=users column=full_name routine=report_invalid_encoding",
    );
  });

  it("a failed query without a server error (connection lost) still hides the parameters", () => {
    const headline = errorHeadline(wrapped(new Error("write CONNECTION_CLOSED")));
    expect(headline).not.toContain("ana@example.com");
    expect(errorMessage(wrapped(undefined))).not.toContain("params");
  });

  it("other errors keep their message (a job's last error)", () => {
    expect(errorMessage(new Error("Resend internal_server_error: Simulated outage"))).toBe(
      "Resend internal_server_error: Simulated outage",
    );
    expect(errorHeadline(new RangeError("out of range"))).toBe("RangeError: out of range");
  });
});
