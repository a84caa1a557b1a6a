import { count, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { StaffUser } from "~/modules/access/staff.server";
import { recordAudit } from "~/modules/audit/audit.server";
import { pageQuery } from "~/modules/list/paging";
import { formatInstant } from "~/modules/i18n/date-time.server";
import type { Language } from "~/modules/i18n/languages";
import { APP_TIME_ZONE } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import type { InboxQuery } from "./inbox";

const { contactMessages, users } = schema;
const handler = alias(users, "handler");

const filterWhere = (filter: InboxQuery["filter"]) =>
  filter === "handled"
    ? isNotNull(contactMessages.handledAt)
    : filter === "unhandled"
      ? isNull(contactMessages.handledAt)
      : undefined;

/** One page (30) of the stored contact messages, newest first, with who sent and who handled each. */
export async function listContactMessages(query: InboxQuery, language: Language) {
  const db = await getDb();
  const where = filterWhere(query.filter);
  const [[{ total }], [{ unhandled }]] = await Promise.all([
    db.select({ total: count() }).from(contactMessages).where(where),
    db.select({ unhandled: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ]);
  const { page, pages, offset, limit } = pageQuery(total, query.page);
  const rows = await db
    .select({
      id: contactMessages.id,
      email: contactMessages.email,
      sender: users.fullName,
      senderId: users.id,
      subject: contactMessages.subject,
      message: contactMessages.message,
      language: contactMessages.language,
      createdAt: contactMessages.createdAt,
      handledAt: contactMessages.handledAt,
      handledBy: handler.fullName,
    })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.userId))
    .leftJoin(handler, eq(handler.id, contactMessages.handledBy))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  const items = rows.map(({ createdAt, handledAt, ...row }) => ({
    ...row,
    receivedAt: formatInstant(createdAt, language, APP_TIME_ZONE),
    handledAt: handledAt ? formatInstant(handledAt, language, APP_TIME_ZONE) : null,
  }));
  return { items, page, pages, total, unhandled };
}

/**
 * Marks a message handled by `actor` (or undoes it), with its audit entry in the same
 * transaction. Marking twice keeps the first handler: a message is handled once.
 */
export async function setHandled(
  actor: StaffUser,
  messageId: number,
  handled: boolean,
  now = new Date(),
): Promise<"changed" | "unchanged" | "notFound"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ handledAt: contactMessages.handledAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, messageId))
      .for("update");
    if (!before) return "notFound";
    if ((before.handledAt !== null) === handled) return "unchanged";
    await tx
      .update(contactMessages)
      .set(handled ? { handledAt: now, handledBy: actor.id } : { handledAt: null, handledBy: null })
      .where(eq(contactMessages.id, messageId));
    await recordAudit(tx, actor, {
      action: handled ? "contact.handle" : "contact.unhandle",
      subjectType: "contact",
      subjectId: messageId,
      changes: { handled: [!handled, handled] },
    });
    return "changed";
  });
}
