import { sql, type SQL } from "drizzle-orm";
import { bookingScope, isStaff } from "~/modules/access/booking-scope.server";
import type { SessionUser } from "~/utils/session.server";

export type Staff = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * THE scope of payment verification (docs/security.md#payments): the payments of the bookings a
 * staff member runs — an admin's all, a supplier's staff their supplier's — and nobody else's.
 * Every query of the queue and of approving or rejecting puts it in its WHERE, so a payment
 * outside it is indistinguishable from a missing one (404).
 */
export function verificationScope(user: Staff): SQL {
  return isStaff(user) ? bookingScope(user) : sql`false`;
}
