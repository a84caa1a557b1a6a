import { and, eq } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { getDb, schema } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import type { Language } from "~/modules/i18n/languages";
import { consume } from "~/modules/security/rate-limit.server";

/**
 * Stores the message and, in the same transaction, one email job per active admin (in
 * that admin's language) and one to ADMIN_EMAIL, so a stored message is never left
 * without its notification (docs/operations.md#first-admin).
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
    // ADMIN_EMAIL always gets a copy: the admins may be demo accounts whose addresses reach nobody.
    const operator = getEnv().ADMIN_EMAIL;
    const known = admins.some((admin) => admin.email === operator);
    const recipients = operator && !known ? [...admins, { id: 0, email: operator, language: "es" }] : admins;
    for (const admin of recipients) {
      await enqueueEmail(
        tx,
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

/** submitContactMessage under the per-client contact limit (docs/security.md#rate-limits); the page and the API call this one. */
export async function submitContactMessageLimited(
  input: Parameters<typeof submitContactMessage>[0],
  ip: string,
): Promise<"sent" | "rateLimited"> {
  if (!(await consume("contact", ip))) return "rateLimited";
  await submitContactMessage(input);
  return "sent";
}
