import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { consume, consumeAll } from "~/modules/security/rate-limit.server";
import { endOtherSignIns } from "~/utils/session.server";
import { recipientFields, sendLinkEmail, sendPasswordChangedEmail } from "./account-emails.server";
import { hashPassword } from "./password.server";
import { checkToken, useToken } from "./tokens.server";

const { users } = schema;

/**
 * The forgot-password form's request (page and API): 5 per address and 20 per client per
 * 15 minutes are counted first, then the link is emailed or the address reported unknown.
 */
export async function requestPasswordResetLimited(
  email: string,
  ip: string,
  now = new Date(),
): Promise<"sent" | "notRegistered" | "rateLimited"> {
  const allowed = await consumeAll([
    ["forgot-password", email],
    ["forgot-password-ip", ip],
  ]);
  if (!allowed) return "rateLimited";
  return requestPasswordReset(email, now);
}

/** Emails a one-hour reset link, or says the address is unknown (the spec shows that message). */
export async function requestPasswordReset(email: string, now = new Date()): Promise<"sent" | "notRegistered"> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select(recipientFields)
      .from(users)
      .where(and(eq(users.email, email), eq(users.status, "active")));
    if (!user) return "notRegistered";
    await sendLinkEmail(tx, user, "reset", now);
    return "sent";
  });
}

export async function inspectResetLink(token: unknown, now = new Date()) {
  const db = await getDb();
  return checkToken(db, "reset", token, now);
}

export type ResetResult = Awaited<ReturnType<typeof resetPassword>>;

/** The reset form's submission, counted per client first (20 per 15 minutes), then resetPassword. */
export async function resetPasswordLimited(
  token: unknown,
  password: string,
  ip: string,
  now = new Date(),
): Promise<ResetResult | { status: "rateLimited" }> {
  if (!(await consume("reset-password-ip", ip))) return { status: "rateLimited" };
  return resetPassword(token, password, now);
}

/**
 * Spends a reset link and sets the new password. The link proves the address, so the
 * account counts as activated; every session of the account is signed out.
 */
export async function resetPassword(token: unknown, password: string, now = new Date()) {
  const db = await getDb();
  // The link is checked before the costly hash (docs/security.md#rate-limits): a forged or spent
  // one costs a lookup, not argon2. useToken below still decides a race between two valid uses.
  const link = await checkToken(db, "reset", token, now);
  if (link.status !== "valid") return { status: link.status };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const result = await useToken(tx, "reset", token, now);
    if (result.status !== "valid") return { status: result.status };
    const [user] = await tx
      .update(users)
      .set({ passwordHash, activated: true, updatedAt: now })
      .where(eq(users.id, result.userId))
      .returning(recipientFields);
    await endOtherSignIns(user.id, null, tx);
    await sendPasswordChangedEmail(tx, user, now);
    return { status: "changed" as const, userId: user.id };
  });
}
