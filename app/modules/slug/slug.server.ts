import { like } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "~/utils/db.server";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { freeSlug } from "./slug";

/** A slug `column`'s table does not hold yet, from `base` (which only has a-z, 0-9 and hyphens, so no LIKE wildcard). */
export async function unusedSlug(
  executor: Executor,
  column: PgColumn,
  base: string,
  maxLength: number,
): Promise<string> {
  const rows = await executor
    .select({ slug: column })
    .from(column.table)
    .where(like(column, `${base}%`));
  return freeSlug(
    base,
    rows.map((row) => String(row.slug)),
    maxLength,
  );
}

/**
 * Runs a transaction that inserts a row with an `unusedSlug`, again when a concurrent insert
 * took the same slug first (the unique index refuses the second, SQLSTATE 23505). Only for
 * transactions whose sole unique column is the slug.
 */
export async function retryingSlugClash<T>(transaction: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (error) {
      if (sqlState(error) !== UNIQUE_VIOLATION || attempt >= attempts) throw error;
    }
  }
}
