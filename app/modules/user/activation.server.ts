import { eq, sql } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import type { ActivationResult } from "./account.server";
import { hashPassword } from "./password.server";
import { checkToken, useToken } from "./tokens.server";

const { users } = schema;

/**
 * Whether this activation link's account has no password yet: a visitor's checkout creates
 * the account without one (docs/domain.md#tokens), so activating is also choosing it.
 */
export async function activationNeedsPassword(token: unknown, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const link = await checkToken(db, "activation", token, now);
  if (link.status !== "valid") return false;
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, link.userId));
  return user !== undefined && user.passwordHash === null;
}

/** Spends the activation link, sets the chosen password (unless the account already has one) and activates the account. */
export async function activateWithPassword(token: unknown, password: string, now = new Date()): Promise<ActivationResult> {
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const result = await useToken(tx, "activation", token, now);
    if (result.status === "valid") {
      await tx
        .update(users)
        .set({ activated: true, passwordHash: sql`coalesce(${users.passwordHash}, ${passwordHash})`, updatedAt: now })
        .where(eq(users.id, result.userId));
      return { status: "activated", userId: result.userId };
    }
    if (result.status === "expired") return { status: "expired", userId: result.userId };
    return { status: result.status };
  });
}
