import { eq } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { languageOrDefault } from "~/modules/i18n/languages";
import { notify } from "~/modules/notification/notify.server";
import { getDb, schema, type Executor, type Transaction } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { isStaff } from "~/modules/access/booking-scope.server";
import { lockInScope, moveBooking, type MoveRefusal } from "./move.server";
import type { BookingStatus } from "./status";
import { withinChangeLimit } from "./change-limit.server";

const { users } = schema;
type BookingRow = typeof schema.bookings.$inferSelect;

type User = Pick<SessionUser, "id" | "type" | "supplierId">;

/**
 * `balanceDue`: `paid` asked for while the booking's succeeded payments do not cover its price;
 * `pickedUp`: cancelled or deleted asked for once the car is out (docs/domain.md#pick-up).
 */
export type ChangeResult =
  { ok: true; status: BookingStatus } | { ok: false; reason: "notFound" | "refused" | "balanceDue" | "pickedUp" };

/**
 * Tells a booking's driver about it: a notification, and an email in their language when they
 * take email notifications (docs/domain.md#booking-status), in the caller's transaction.
 */
export async function tellDriver(
  tx: Executor,
  booking: Pick<BookingRow, "id" | "driverId">,
  message: {
    messageKey: `notifications:messages.${string}`;
    template: "booking-status-changed" | "booking-cancel-declined";
    params: Record<string, string>;
  },
  /** The email's job id; by default one per notification. */
  jobId?: string,
) {
  const [notificationId] = await notify(tx, [
    { userId: booking.driverId, bookingId: booking.id, messageKey: message.messageKey, params: message.params },
  ]);
  const [driver] = await tx
    .select({
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
    })
    .from(users)
    .where(eq(users.id, booking.driverId));
  if (!driver?.enableEmailNotifications) return;
  await enqueueEmail(
    tx,
    {
      template: message.template,
      to: [driver.email],
      language: languageOrDefault(driver.language),
      data: { fullName: driver.fullName, ...message.params },
    },
    jobId ?? `${message.template}-${notificationId}`,
  );
}

/**
 * A person moves one booking to `to` through the status door (move.server.ts checks the table,
 * the actor's preconditions, writes history and — for staff — the audit row), then the driver
 * is notified and (when they take email notifications) emailed in their language, all in the
 * caller's transaction (docs/domain.md#booking-status).
 */
export async function transition(
  tx: Transaction,
  user: User,
  booking: BookingRow,
  to: BookingStatus,
  note: string | null = null,
): Promise<ChangeResult> {
  const mover = isStaff(user)
    ? ({ kind: "staff", userId: user.id } as const)
    : ({ kind: "driver", userId: user.id } as const);
  const moved = await moveBooking(tx, booking, to, mover, { note });
  if (!moved.ok) return { ok: false, reason: refusalOf(moved.reason) };
  await tellDriver(
    tx,
    booking,
    {
      messageKey: "notifications:messages.statusChanged",
      template: "booking-status-changed",
      params: { reference: booking.reference, status: to },
    },
    `booking-status-${moved.eventId}`,
  );
  return { ok: true, status: to };
}

const refusalOf = (reason: MoveRefusal): "refused" | "balanceDue" | "pickedUp" =>
  reason === "balanceDue" || reason === "pickedUp" ? reason : "refused";

/**
 * A status change asked for by staff on one booking. Drivers never set a status: their one
 * move, cancelling, goes through cancelBooking and its rules (docs/domain.md#cancellation).
 */
export async function changeStatus(user: User, id: number, to: BookingStatus): Promise<ChangeResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const booking = await lockInScope(tx, user, id);
    if (!booking) return { ok: false, reason: "notFound" } as const;
    if (!isStaff(user)) return { ok: false, reason: "refused" } as const;
    return transition(tx, user, booking, to);
  });
}

/** changeStatus under the account's booking-change limit (the booking page's post). */
export const changeStatusLimited = (user: User, id: number, to: BookingStatus) =>
  withinChangeLimit(user.id, () => changeStatus(user, id, to));

export type BulkResult = { id: number; reference: string | null; result: ChangeResult };

/** One status change (or soft delete) for each selected booking, each on its own; refused ones are reported, not fatal. */
export async function bulkChangeStatus(user: User, ids: number[], to: BookingStatus): Promise<BulkResult[]> {
  const results: BulkResult[] = [];
  for (const id of [...new Set(ids)]) {
    const db = await getDb();
    const outcome = await db.transaction(async (tx) => {
      const booking = await lockInScope(tx, user, id);
      if (!booking) return { reference: null, result: { ok: false, reason: "notFound" } as ChangeResult };
      if (!isStaff(user))
        return { reference: booking.reference, result: { ok: false, reason: "refused" } as ChangeResult };
      return { reference: booking.reference, result: await transition(tx, user, booking, to) };
    });
    results.push({ id, ...outcome });
  }
  return results;
}
