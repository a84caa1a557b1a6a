import { count, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getDb } from "~/utils/db.server";
import { pageQuery } from "./paging";

/**
 * A list read a page at a time: how many rows of `table` match `where`, and the requested page of
 * them clamped to those that exist (`pageQuery`), for the page's own LIMIT/OFFSET query.
 */
export async function countedPage(
  table: PgTable,
  where: SQL | undefined,
  requested: number | string | null,
  size?: number,
) {
  const db = await getDb();
  const [{ total }] = await db.select({ total: count() }).from(table).where(where);
  return { total, ...pageQuery(total, requested, size) };
}
