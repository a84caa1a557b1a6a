import { and, count, eq, gt, notExists, or, sql } from "drizzle-orm";
import { consume, consumeAll, refund, rules, type LimitName } from "~/modules/security/rate-limit.server";
import { schema, type Transaction } from "~/utils/db.server";

/*
 * How much checkout one client and one account may do, so unpaid bookings cannot hold the fleet
 * (docs/domain.md#limits, docs/security.md#rate-limits). The page (/checkout) and the API
 * (POST /api/bookings) both ask here; the cap is checked inside the booking's own transaction.
 */

const { bookings, payments, users } = schema;

/** Open unpaid bookings a driver may have at once: an address nobody has proven gets fewer. */
export const UNPAID_CAP = { activated: 10, unactivated: 3 } as const;

/** Bookings a client may make in an hour without signing in (docs/domain.md#limits). */
export const VISITOR_BOOKINGS_PER_HOUR = rules["checkout-visitor"].points;

/**
 * Counts one checkout for the client's address and, when signed in, for the account; then, for a
 * visitor, one of the client's visitor bookings. Called once the form is valid, before anything is
 * booked: the attempt is counted first, so a parallel burst cannot outrun it
 * (docs/security.md#rate-limits). A visitor's checkout that books nothing gives its count back
 * (`visitorCheckoutRefused`), so the visitors' limit counts bookings made.
 */
export async function checkoutAllowed({
  ip,
  userId,
  visitor,
}: {
  ip: string;
  userId: number | null;
  visitor: boolean;
}): Promise<"allowed" | "rateLimited" | "visitorLimit"> {
  const limits: Array<[LimitName, string]> = [["checkout-ip", ip]];
  if (userId !== null) limits.push(["checkout-account", String(userId)]);
  if (!(await consumeAll(limits))) return "rateLimited";
  if (visitor && !(await consume("checkout-visitor", ip))) return "visitorLimit";
  return "allowed";
}

/** A visitor's checkout counted by checkoutAllowed booked nothing: its count is given back. */
export async function visitorCheckoutRefused(ip: string) {
  await refund("checkout-visitor", ip);
}

export type UnpaidCapFailure = { reason: "tooManyUnpaid"; count: number };

/**
 * In the checkout transaction, once the driver's account is known: refuses when the driver already
 * has as many open unpaid bookings as their cap (docs/domain.md#limits). Open unpaid: pending, or a
 * payment hold still running, picked up in the future, with no succeeded payment. The driver's row
 * is locked first, so parallel checkouts of one account count one after the other: each sees the
 * bookings the earlier ones committed, and a burst cannot outrun the cap.
 */
export async function unpaidCapFailure(tx: Transaction, driverId: number, now: Date): Promise<UnpaidCapFailure | null> {
  const [driver] = await tx
    .select({ activated: users.activated })
    .from(users)
    .where(eq(users.id, driverId))
    .for("update");
  const cap = driver?.activated ? UNPAID_CAP.activated : UNPAID_CAP.unactivated;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.driverId, driverId),
        gt(bookings.startsAt, now),
        or(eq(bookings.status, "pending"), and(eq(bookings.status, "void"), gt(bookings.holdExpiresAt, now))),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.bookingId, bookings.id), eq(payments.status, "succeeded"))),
        ),
      ),
    );
  return n >= cap ? { reason: "tooManyUnpaid", count: n } : null;
}
