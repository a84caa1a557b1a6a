import { and, eq, or } from "drizzle-orm";
import { schema, type Executor } from "~/utils/db.server";

const { notifications, users } = schema;

/**
 * One notification for one user. The message is an i18n key of the `notifications`
 * namespace (or of the pago móvil one, which keeps its texts together) with its values, so
 * each reader sees it in their own language; a `status` value is a booking status, shown
 * with its translated label (common:bookingStatus).
 */
export type NotificationEntry = {
  userId: number;
  bookingId?: number | null;
  messageKey: `notifications:messages.${string}` | `mobilePayment:notification.${string}`;
  params?: Record<string, string | number>;
};

/** Writes notifications in the caller's transaction, so they exist exactly when the change does; returns their ids in order. */
export async function notify(executor: Executor, entries: NotificationEntry[]): Promise<number[]> {
  if (entries.length === 0) return [];
  const rows = await executor
    .insert(notifications)
    .values(
      entries.map((e) => ({
        userId: e.userId,
        bookingId: e.bookingId ?? null,
        messageKey: e.messageKey,
        params: e.params ?? {},
      })),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

export type Recipient = {
  id: number;
  email: string;
  fullName: string;
  language: string;
  enableEmailNotifications: boolean;
};

/** Who runs a supplier's bookings: its active staff and every active admin. */
export async function bookingStaff(executor: Executor, supplierId: number): Promise<Recipient[]> {
  return executor
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
    })
    .from(users)
    .where(
      and(
        eq(users.status, "active"),
        eq(users.blacklisted, false),
        or(eq(users.type, "admin"), and(eq(users.type, "supplier"), eq(users.supplierId, supplierId))),
      ),
    );
}
