import { and, eq } from "drizzle-orm";
import { enqueue } from "~/utils/jobs.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { Language } from "~/modules/i18n/languages";

/**
 * Stores the message and, in the same transaction, one email job per admin (in that
 * admin's language), so a stored message is never left without its notification.
 */
export async function submitContactMessage(input: {
  userId: number | null;
  email: string;
  subject: string;
  message: string;
  language: Language;
}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(schema.contactMessages).values(input).returning({ id: schema.contactMessages.id });
    const admins = await tx
      .select({ id: schema.users.id, email: schema.users.email, language: schema.users.language })
      .from(schema.users)
      .where(and(eq(schema.users.type, "admin"), eq(schema.users.status, "active")));
    const fallback = getEnv().ADMIN_EMAIL;
    const recipients = admins.length ? admins : fallback ? [{ id: 0, email: fallback, language: "es" }] : [];
    for (const admin of recipients) {
      await enqueue(
        tx,
        "send-email",
        {
          template: "contact-message",
          to: [admin.email],
          language: admin.language as Language,
          data: { email: input.email, subject: input.subject, message: input.message },
        },
        `contact-message-${row.id}-${admin.id}`,
      );
    }
    return row.id;
  });
}
