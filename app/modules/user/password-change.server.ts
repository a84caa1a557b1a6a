import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { consume } from "~/modules/security/rate-limit.server";
import { endOtherSignIns, type Credential } from "~/utils/session.server";
import { recipientFields, sendPasswordChangedEmail } from "./account-emails.server";
import { hashPassword, verifyPassword } from "./password.server";

const { users } = schema;

/**
 * Whose attempts a current-password check spends (docs/security.md#rate-limits): the account's
 * change-password budget, or, for the spec's GET form, which any site can make a signed-in
 * browser send, a budget of its own per account and client.
 */
export type CheckBudget = { kind: "account" } | { kind: "client"; ip: string };

async function withinCheckBudget(userId: number, budget: CheckBudget): Promise<boolean> {
  if (budget.kind === "account") return consume("change-password", String(userId));
  return (
    (await consume("check-password-client", `${userId}:${budget.ip}`)) &&
    (await consume("check-password-account", String(userId)))
  );
}

/**
 * Whether `password` is the account's current one. Each attempt is counted first (10 per
 * account per 15 minutes, shared with changing the password), so a stolen session or token
 * cannot be used to guess the current password at speed.
 */
export async function verifyCurrentPassword(
  userId: number,
  password: string,
  budget: CheckBudget = { kind: "account" },
): Promise<"matches" | "wrong" | "rateLimited"> {
  if (!(await withinCheckBudget(userId, budget))) return "rateLimited";
  const db = await getDb();
  const [current] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return current && (await verifyPassword(current.passwordHash, password)) ? "matches" : "wrong";
}

/**
 * Checks the current password (verifyCurrentPassword), stores the new one and signs out every
 * other session and API token (`keep` is the caller's own).
 */
export async function changePassword(
  input: { userId: number; currentPassword: string; password: string; keep: Credential | null },
  now = new Date(),
): Promise<"changed" | "wrongPassword" | "rateLimited"> {
  const verdict = await verifyCurrentPassword(input.userId, input.currentPassword);
  if (verdict === "rateLimited") return "rateLimited";
  if (verdict === "wrong") return "wrongPassword";
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, input.userId))
      .returning(recipientFields);
    await endOtherSignIns(user.id, input.keep, tx);
    await sendPasswordChangedEmail(tx, user, now);
  });
  return "changed";
}
