import type { TFunction } from "i18next";
import { notificationMessage } from "~/modules/notification/message";
import {
  deleteNotifications,
  markNotifications,
  unreadCount,
  type NotificationTarget,
} from "~/modules/notification/notifications.server";
import { ApiError } from "./errors";

/*
 * The notification calls over the module /notifications uses, whose every query filters by the
 * reader: another user's notification id matches nothing, which the API answers 404.
 */

/** A notification as the API shows it: its text worded as the page words it. */
export function presentNotification(
  t: TFunction,
  item: {
    id: number;
    bookingId: number | null;
    messageKey: string;
    params: Record<string, string | number>;
    isRead: boolean;
    createdAt: string;
  },
) {
  const { id, bookingId, messageKey, params, isRead, createdAt } = item;
  return { id, bookingId, message: notificationMessage(t, item), messageKey, params, isRead, createdAt };
}

/** Marks or deletes one or all of the reader's notifications; how many, and the new counter. */
export async function changeNotifications(
  userId: number,
  target: NotificationTarget,
  change: "read" | "unread" | "delete",
) {
  const changed =
    change === "delete"
      ? await deleteNotifications(userId, target)
      : await markNotifications(userId, target, change === "read");
  if (target !== "all" && changed === 0) throw new ApiError(404);
  return { changed, unread: await unreadCount(userId) };
}
