import { eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { endOtherSignIns } from "~/utils/session.server";
import type { ActivationResult } from "./account.server";
import { hashPassword } from "./password.server";
import { checkToken, useToken } from "./tokens.server";

const { users } = schema;

/**
 * Spends the activation link: the account is activated with the password chosen here, and every
 * session and API token it had is ended, in one transaction (docs/security.md#unproven-addresses).
 * Until the link is used nobody has proven the address, so nothing set before survives: not a
 * password typed at sign-up (whoever signed up may not own the address), not a sign-in.
 * The link is checked before the costly hash; useToken still decides a race between two uses.
 */
export async function activateWithPassword(
  token: unknown,
  password: string,
  now = new Date(),
): Promise<ActivationResult> {
  const db = await getDb();
  const link = await checkToken(db, "activation", token, now);
  if (link.status === "expired") return { status: "expired", userId: link.userId };
  if (link.status !== "valid") return { status: link.status };
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const result = await useToken(tx, "activation", token, now);
    if (result.status === "valid") {
      await tx.update(users).set({ activated: true, passwordHash, updatedAt: now }).where(eq(users.id, result.userId));
      await endOtherSignIns(result.userId, null, tx);
      return { status: "activated", userId: result.userId };
    }
    if (result.status === "expired") return { status: "expired", userId: result.userId };
    return { status: result.status };
  });
}
