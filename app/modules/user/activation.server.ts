import { and, eq } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";
import { endOtherSignIns } from "~/utils/session.server";
import { consume } from "~/modules/security/rate-limit.server";
import { logError } from "~/utils/log.server";
import { recipientFields, sendLinkEmail } from "./account-emails.server";
import { hashPassword } from "./password.server";
import { findAccountByEmail } from "./sign-up.server";
import { checkToken, useToken } from "./tokens.server";

const { users } = schema;

export type ActivationResult =
  { status: "activated"; userId: number } | { status: "expired"; userId: number } | { status: "used" | "unknown" };

/** What an activation link would do, without spending it (the page shown before the button). */
export async function inspectActivationLink(token: unknown, now = new Date()) {
  const db = await getDb();
  return checkToken(db, "activation", token, now);
}

export type ResendResult = "sent" | "alreadyActive" | "unknown";

/**
 * The "resend" buttons: a fresh link within the per-account limit. Failures are logged
 * and reported, so each page can answer with its own message.
 */
export async function resendActivationLimited(userId: number): Promise<ResendResult | "rateLimited" | "error"> {
  if (!(await consume("resend-activation", String(userId)))) return "rateLimited";
  try {
    return await resendActivation(userId);
  } catch (error) {
    logError("resend-activation", error);
    return "error";
  }
}

/**
 * "Resend the activation email" asked by address (the sign-in page and the API): counted per
 * client before the address is looked up (20 per 15 minutes), so it is no fast oracle of which
 * addresses have accounts, then per account as resendActivationLimited.
 */
export async function resendActivationByEmail(
  email: string,
  ip: string,
): Promise<ResendResult | "rateLimited" | "error"> {
  if (!(await consume("resend-activation-ip", ip))) return "rateLimited";
  const account = await findAccountByEmail(email);
  if (!account) return "unknown";
  return resendActivationLimited(account.id);
}

/** Emails a fresh activation link to a not-yet-activated account. */
export async function resendActivation(userId: number, now = new Date()): Promise<ResendResult> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ ...recipientFields, activated: users.activated })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, "active")));
    if (!user) return "unknown";
    if (user.activated) return "alreadyActive";
    await sendLinkEmail(tx, user, "activation", now);
    return "sent";
  });
}

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
