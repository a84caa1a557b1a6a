/*
 * What an error log line may say (docs/security.md#error-logs): the operation and the error's
 * code, never the values it was working on. A database error carries the SQL text and every
 * parameter (drizzle's "Failed query: … params: …", postgres' `parameters` and its "Failing row
 * contains (…)" detail): a new password's hash, emails, phones. So a database error is logged as
 * its SQLSTATE and the names of the table, constraint and column, and any other error as its
 * name and message; both with the stack's frames (file and line, no values). The web server, the
 * worker and the Remix bundle all use it; the line goes through the one logger
 * (docs/operations.md#logs), with the request's id when there is one, and to the error reporter
 * when one is configured (docs/operations.md#error-reporting), as the same summary.
 */
import { log } from "./logger.server";
import { reportError } from "./error-report.server";

/** The fields the PostgreSQL drivers give a server error (postgres.js spells some with `_name`, PGlite without). */
type DatabaseError = {
  code: string;
  table_name?: string;
  table?: string;
  constraint_name?: string;
  constraint?: string;
  column_name?: string;
  column?: string;
  routine?: string;
};

const MAX_CAUSES = 5;
const MAX_FRAMES = 12;
const sqlState = /^[0-9A-Z]{5}$/;

function isDatabaseError(value: unknown): value is DatabaseError {
  if (typeof value !== "object" || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.code === "string" &&
    sqlState.test(candidate.code) &&
    ("severity" in candidate || "routine" in candidate)
  );
}

/** The database error an error is or wraps (drizzle wraps the driver's in `cause`). */
function databaseErrorIn(error: unknown): DatabaseError | null {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSES && current; depth++) {
    if (isDatabaseError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Whether drizzle's wrapper is in the chain: its message holds the query and its parameters. */
function wrapsQuery(error: unknown): boolean {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSES && current; depth++) {
    if (
      typeof current === "object" &&
      current !== null &&
      ("params" in current || "parameters" in current || "query" in current)
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** What a failed job's row keeps (`outbox.last_error`, shown to admins): the error's message, unless a query's values could be in it. */
export function errorMessage(error: unknown): string {
  if (databaseErrorIn(error) || wrapsQuery(error)) return errorHeadline(error);
  return error instanceof Error ? error.message : String(error);
}

/** One line naming the error without the values it carried. */
export function errorHeadline(error: unknown): string {
  const database = databaseErrorIn(error);
  if (database) {
    const names = [
      ["table", database.table_name ?? database.table],
      ["constraint", database.constraint_name ?? database.constraint],
      ["column", database.column_name ?? database.column],
      ["routine", database.routine],
    ]
      .filter(([, value]) => value)
      .map(([name, value]) => `${name}=${value}`);
    return [`database error ${database.code}`, ...names].join(" ");
  }
  if (wrapsQuery(error)) return "database query failed (no server error code)";
  if (error instanceof Error) return `${error.name}: ${error.message.split("\n")[0]}`;
  if (typeof error === "object" && error !== null && "status" in error)
    return `thrown response ${String((error as { status: unknown }).status)}`;
  return `thrown ${typeof error}`;
}

/** The stack's frames (file and line, no values); the stack's first line is the message, so it is left out. */
export function errorFrames(error: unknown): string[] {
  return error instanceof Error && error.stack
    ? error.stack
        .split("\n")
        .filter((line) => /^\s+at /.test(line))
        .slice(0, MAX_FRAMES)
        .map((line) => line.trim())
    : [];
}

/** The headline and the stack's frames. */
export function errorSummary(error: unknown): string {
  return [errorHeadline(error), ...errorFrames(error).map((frame) => `    ${frame}`)].join("\n");
}

/**
 * One error line: `{"level":"error","op":where,"error":headline,"stack":[frames],"msg":"where: headline"}`.
 * The error object itself is never handed to the logger: its serializer would write the message
 * and every property, query values included.
 */
export function logError(where: string, error: unknown): void {
  const headline = errorHeadline(error);
  log().error({ op: where, error: headline, stack: errorFrames(error) }, `${where}: ${headline}`);
  reportError(where, error);
}
