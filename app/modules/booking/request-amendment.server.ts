import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { AMENDMENT_REQUEST_MAX } from "./amend-schema";
import { canRequestAmendment } from "./eligibility";
import { lockInScope, paidCentsOf } from "./move.server";
import { isPickedUp } from "./rental.server";
import { withinChangeLimit } from "./change-limit.server";
import { tellStaff } from "./tell-staff.server";

const { cars } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * The driver asks for a change to an online-paid booking: nothing changes on the booking; the
 * supplier's staff and the admins get a notification and an email with the driver's words
 * (docs/domain.md#staff-notices), and settle it
 * with the driver (who is told they will be contacted).
 */
export async function requestAmendment(
  user: User,
  id: number,
  request: string,
  now = new Date(),
): Promise<"requested" | "refused" | "notFound"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return "notFound";
    // docs/domain.md#pick-up: nothing to change once the car is out.
    if (await isPickedUp(tx, booking.id)) return "refused";
    const [car] = await tx
      .select({ cancellationCents: cars.cancellationCents })
      .from(cars)
      .where(eq(cars.id, booking.carId));
    if (
      !canRequestAmendment(
        user.id,
        { ...booking, paidCents: await paidCentsOf(tx, booking.id) },
        car.cancellationCents,
        now,
      )
    )
      return "refused";
    await tellStaff(tx, booking.id, { kind: "amendmentRequested", request: request.slice(0, AMENDMENT_REQUEST_MAX) });
    return "requested";
  });
}

/** requestAmendment under the account's booking-change limit: what the page and the API call. */
export const requestAmendmentLimited = (user: User, id: number, request: string, now = new Date()) =>
  withinChangeLimit(user.id, () => requestAmendment(user, id, request, now));
