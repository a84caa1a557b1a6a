import { and, count, eq } from "drizzle-orm";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { type Language, languageOrDefault } from "~/modules/i18n/languages";
import { getEnv } from "~/utils/env.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { issueToken } from "./tokens.server";

const { users } = schema;

export type AdminInvitation = { status: "created" | "promoted"; userId: number; link: string };

/**
 * Makes `email` an administrator and emails a one-hour link to choose a password
 * (docs/operations.md#first-admin). A new account gets no password at all, so nobody
 * can sign in with it before the link is used; an existing account is promoted and keeps
 * its password. Returns the link as well, for the operator's console.
 */
export async function inviteAdmin(
  executor: Executor,
  input: { email: string; fullName?: string; language?: Language },
  now = new Date(),
): Promise<AdminInvitation> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await executor.select({ id: users.id }).from(users).where(eq(users.email, email));
  let userId: number;
  let status: AdminInvitation["status"];
  if (existing) {
    await executor
      .update(users)
      .set({ type: "admin", supplierId: null, status: "active", blacklisted: false })
      .where(eq(users.id, existing.id));
    ({ id: userId } = existing);
    status = "promoted";
  } else {
    const [created] = await executor
      .insert(users)
      .values({
        email,
        fullName: input.fullName?.trim() || email,
        type: "admin",
        activated: true,
        language: input.language ?? "es",
      })
      .returning({ id: users.id });
    userId = created.id;
    status = "created";
  }
  const [user] = await executor
    .select({ fullName: users.fullName, language: users.language })
    .from(users)
    .where(eq(users.id, userId));
  const { id: tokenId, token } = await issueToken(executor, userId, "reset", now);
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, getEnv().APP_URL).toString();
  await enqueueEmail(
    executor,
    {
      template: "admin-invitation",
      to: [email],
      language: languageOrDefault(user.language),
      data: { fullName: user.fullName, link },
    },
    `admin-invitation-${tokenId}`,
  );
  return { status, userId, link };
}

/**
 * At start-up: when the database has no active administrator and ADMIN_EMAIL is set,
 * that address is invited as the first one. Runs under the set-up lock, so two machines
 * starting together send one invitation.
 */
export async function inviteFirstAdmin(
  executor: Executor,
  adminEmail: string | undefined,
): Promise<"exists" | "invited" | "missing"> {
  const [{ admins }] = await executor
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.type, "admin"), eq(users.status, "active")));
  if (admins > 0) return "exists";
  if (!adminEmail) return "missing";
  await executor.transaction((tx) => inviteAdmin(tx, { email: adminEmail }));
  return "invited";
}

/** `npm run admin:create`: the same invitation, in one transaction on the shared database. */
export async function createAdmin(input: {
  email: string;
  fullName?: string;
  language?: Language;
}): Promise<AdminInvitation> {
  const db = await getDb();
  return db.transaction((tx) => inviteAdmin(tx, input));
}
