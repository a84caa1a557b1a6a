import { redirect, type AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { consumeAll, refund, reset } from "~/modules/security/rate-limit.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { hashPassword, verifyPassword } from "./password.server";
import { signInPath } from "~/modules/access/redirect";

const { users } = schema;

export type SignInFailure = "incorrect" | "suspended" | "notActivated" | "rateLimited";

export class SignInError extends Error {
  constructor(readonly reason: Exclude<SignInFailure, "rateLimited">) {
    super(reason);
    this.name = "SignInError";
  }
}

/*
 * Unknown addresses and accounts without a password (made at checkout, never activated) still
 * pay for one hash check, so response times do not tell which emails have accounts, nor which
 * accounts have no password yet (docs/security.md#accounts-and-access).
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy password that matches nothing"));

/**
 * Email and password to the account's id; blacklisted accounts learn they are suspended, and
 * unactivated ones that their address is not proven yet, only with the right password
 * (docs/security.md#unproven-addresses).
 */
export type AuthenticatedUser = { id: number; email: string; language: string; type: string };

export async function verifyCredentials(email: string, password: string): Promise<AuthenticatedUser> {
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      language: users.language,
      type: users.type,
      passwordHash: users.passwordHash,
      blacklisted: users.blacklisted,
      activated: users.activated,
      status: users.status,
    })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  if (!user || user.status !== "active" || user.passwordHash === null) {
    await verifyPassword(await decoy(), password);
    throw new SignInError("incorrect");
  }
  if (!(await verifyPassword(user.passwordHash, password))) throw new SignInError("incorrect");
  if (user.blacklisted) throw new SignInError("suspended");
  if (!user.activated) throw new SignInError("notActivated");
  return { id: user.id, email: user.email, language: user.language, type: user.type };
}

export const authenticator = new Authenticator<AuthenticatedUser>();
authenticator.use(
  new FormStrategy(async ({ form }) =>
    verifyCredentials(String(form.get("email") ?? ""), String(form.get("password") ?? "")),
  ),
  "form",
);

/**
 * One sign-in attempt. The attempt is counted before the password is checked (10 per
 * address, 100 per client per 15 minutes), so parallel guesses cannot slip past the limit;
 * a success clears the address's count and gives the client its point back.
 */
async function limitedSignIn(
  { email, ip }: { email: string; ip: string },
  check: () => Promise<AuthenticatedUser>,
): Promise<{ ok: true; user: AuthenticatedUser } | { ok: false; reason: SignInFailure }> {
  const allowed = await consumeAll([
    ["sign-in-email", email],
    ["sign-in-ip", ip],
  ]);
  if (!allowed) return { ok: false, reason: "rateLimited" };
  try {
    const user = await check();
    await Promise.all([reset("sign-in-email", email), refund("sign-in-ip", ip)]);
    return { ok: true, user };
  } catch (error) {
    if (!(error instanceof SignInError)) throw error;
    return { ok: false, reason: error.reason };
  }
}

/** A sign-in attempt from the form in `request` (the sign-in page), under the limits of limitedSignIn. */
export function attemptSignIn(request: Request, { email, ip }: { email: string; ip: string }) {
  return limitedSignIn({ email, ip }, () => authenticator.authenticate("form", request));
}

/** A sign-in attempt with credentials read elsewhere (the JSON API), under the same limits. */
export function attemptCredentials({ email, password, ip }: { email: string; password: string; ip: string }) {
  return limitedSignIn({ email, ip }, () => verifyCredentials(email, password));
}

/** The signed-in user, or a redirect to /sign-in that comes back here afterwards. */
export function requireUser(request: Request, context: AppLoadContext): SessionUser {
  if (!context.user) throw redirect(signInPath(new URL(request.url)));
  return context.user;
}
