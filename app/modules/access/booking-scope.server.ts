import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";

const { bookings } = schema;

/**
 * THE scope of every booking read and write (docs/security.md#accounts-and-access: every by-id
 * query on owned data also filters by owner/supplier): a driver sees their own bookings and never a
 * `deleted` one, a supplier's staff their supplier's, an admin all. Callers put this condition in
 * the query itself, so a booking outside it is indistinguishable from a missing one (404).
 */
export function bookingScope(user: Pick<SessionUser, "id" | "type" | "supplierId">): SQL {
  if (user.type === "admin") return sql`true`;
  if (user.type === "supplier") return user.supplierId === null ? sql`false` : eq(bookings.supplierId, user.supplierId);
  return and(eq(bookings.driverId, user.id), ne(bookings.status, "deleted"))!;
}

/** Whether `user` runs bookings (supplier staff or admin) rather than books them. */
export const isStaff = (user: Pick<SessionUser, "type">) => user.type === "admin" || user.type === "supplier";
