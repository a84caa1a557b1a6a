import { eq } from "drizzle-orm";
import { bookingStaff, notify } from "~/modules/notification/notify.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { AMENDMENT_REQUEST_MAX } from "./amend-schema";
import { canRequestAmendment } from "./eligibility";
import { lockInScope, paidCentsOf } from "./move.server";

const { cars } = schema;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * The driver asks for a change to an online-paid booking: nothing changes on the booking; the
 * supplier's staff and the admins get a notification with the driver's words, and settle it
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
    const staff = await bookingStaff(tx, booking.supplierId);
    const params = { reference: booking.reference, request: request.slice(0, AMENDMENT_REQUEST_MAX) };
    await notify(
      tx,
      staff.map((s) => ({
        userId: s.id,
        bookingId: booking.id,
        messageKey: "notifications:messages.amendmentRequested" as const,
        params,
      })),
    );
    return "requested";
  });
}
