/*
 * What PostgreSQL tells us and accepts, read in one place: the SQLSTATE of a refused statement
 * (drizzle wraps the driver's error and keeps the original on `cause`). The ids an integer column
 * can hold are ./row-id.ts.
 */
export const UNIQUE_VIOLATION = "23505";
export const EXCLUSION_VIOLATION = "23P01";

export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === "string" ? code : undefined;
}
