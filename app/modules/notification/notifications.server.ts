import { countedPage } from "~/modules/list/counted-page.server";
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { formatInstant } from "~/modules/i18n/date-time.server";
import type { Language } from "~/modules/i18n/languages";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";

const { notifications } = schema;

/** One notification, or every notification of the reader. */
export type NotificationTarget = number | "all";

/*
 * Every read and write goes through `owned`: the reader's own rows only, so an id of
 * someone else's notification (a forged form) matches nothing (docs/security.md#accounts-and-access).
 */
function owned(userId: number, target: NotificationTarget): SQL {
  const mine = eq(notifications.userId, userId);
  return target === "all" ? mine : and(mine, eq(notifications.id, target))!;
}

export type NotificationItem = {
  id: number;
  bookingId: number | null;
  messageKey: string;
  params: Record<string, string | number>;
  isRead: boolean;
  createdAt: string;
  /** Formatted on the server, so hydration never re-formats it differently. */
  date: string;
};

/** A page of the reader's notifications, newest first, 30 a page (docs/domain.md#limits); the page is clamped to those that exist. */
export async function listNotifications(userId: number, rawPage: string | null, language: Language, size?: number) {
  const db = await getDb();
  const { total, page, pages, offset, limit } = await countedPage(notifications, owned(userId, "all"), rawPage, size);
  const rows = await db
    .select()
    .from(notifications)
    .where(owned(userId, "all"))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  const items: NotificationItem[] = rows.map((row) => ({
    id: row.id,
    bookingId: row.bookingId,
    messageKey: row.messageKey,
    params: row.params,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    date: formatInstant(row.createdAt, language, APP_TIME_ZONE),
  }));
  return { items, page, pages, total };
}

/** How many of the reader's notifications are unread (the header's counter, after a change). */
export async function unreadCount(userId: number): Promise<number> {
  const db = await getDb();
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(owned(userId, "all"), eq(notifications.isRead, false)));
  return unread;
}

/** Marks one or all of the reader's notifications read (or unread); returns how many it matched. */
export async function markNotifications(userId: number, target: NotificationTarget, read: boolean): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(notifications)
    .set({ isRead: read })
    .where(owned(userId, target))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes one or all of the reader's notifications; returns how many it deleted. */
export async function deleteNotifications(userId: number, target: NotificationTarget): Promise<number> {
  const db = await getDb();
  const rows = await db.delete(notifications).where(owned(userId, target)).returning({ id: notifications.id });
  return rows.length;
}
