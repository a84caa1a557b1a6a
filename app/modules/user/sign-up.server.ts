import { and, eq } from "drizzle-orm";
import type { Language } from "~/modules/i18n/languages";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { consume } from "~/modules/security/rate-limit.server";
import { proveHuman, type CaptchaProof } from "~/modules/security/captcha.server";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { emailInvitation, recipientFields, sendLinkEmail, type Invitation } from "./account-emails.server";
import { hashPassword } from "./password.server";

const { users } = schema;

const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION;

export type SignUpInput = {
  fullName: string;
  email: string;
  phone: string;
  birthDate: string;
  password: string;
  language: Language;
};

/**
 * A new account's details; without a password hash the owner chooses one through the activation
 * link. A staff account an admin creates has a type and supplier and no birth date (drivers'
 * accounts have their birth date: docs/domain.md#driver-age).
 */
export type UnactivatedAccountInput = Omit<SignUpInput, "password" | "birthDate"> & {
  birthDate?: string;
  passwordHash?: string;
  type?: (typeof users.$inferInsert)["type"];
  supplierId?: number | null;
  /** An account an admin makes: its owner gets the invitation instead of the sign-up activation email. */
  invitation?: Invitation;
};

/**
 * Creates an unactivated account and its activation email in the caller's transaction (sign-up
 * and a visitor's checkout), or reports the email as taken. Two creations with one address at
 * the same moment: the unique index refuses the second (SQLSTATE 23505), which the caller
 * reports as `emailTaken`.
 */
export async function createUnactivatedAccount(
  tx: Executor,
  input: UnactivatedAccountInput,
  now = new Date(),
): Promise<{ ok: true; userId: number } | { ok: false; reason: "emailTaken" }> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) return { ok: false, reason: "emailTaken" };
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      fullName: input.fullName,
      phone: input.phone,
      birthDate: input.birthDate ?? null,
      passwordHash: input.passwordHash ?? null,
      type: input.type ?? "user",
      supplierId: input.supplierId ?? null,
      language: input.language,
      activated: false,
    })
    .returning(recipientFields);
  if (input.invitation) await emailInvitation(tx, user, input.invitation, now);
  else await sendLinkEmail(tx, user, "activation", now);
  return { ok: true, userId: user.id };
}

/** Creates an unactivated account and its activation email, or reports the email as taken. */
export async function registerUser(
  input: SignUpInput,
  now = new Date(),
): Promise<{ ok: true; userId: number } | { ok: false; reason: "emailTaken" }> {
  const { password, ...details } = input;
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  try {
    return await db.transaction((tx) => createUnactivatedAccount(tx, { ...details, passwordHash }, now));
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, reason: "emailTaken" };
    throw error;
  }
}

/**
 * registerUser under the per-client sign-up limit (docs/security.md#rate-limits), then the captcha
 * when it is on (docs/security.md#captcha): the proof is checked and spent here, after the attempt
 * is counted, so page and API ask the same and a client cannot make the server ask Google at will.
 */
export async function registerUserLimited(
  input: SignUpInput,
  ip: string,
  captcha: CaptchaProof,
): Promise<
  Awaited<ReturnType<typeof registerUser>> | { ok: false; reason: "rateLimited" | "captcha" | "captchaUnavailable" }
> {
  if (!(await consume("sign-up", ip))) return { ok: false, reason: "rateLimited" };
  const verdict = await proveHuman(captcha, ip);
  if (verdict !== "passed") return { ok: false, reason: verdict === "failed" ? "captcha" : "captchaUnavailable" };
  return registerUser(input);
}

/** The active account with this address, if any. */
export async function findAccountByEmail(email: string): Promise<{ id: number; type: string } | null> {
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, type: users.type })
    .from(users)
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(users.status, "active")));
  return user ?? null;
}

/** Whether an address is free for a new account, as the sign-up form tells it: under the sign-up limit (docs/security.md#rate-limits). */
export async function emailAvailableLimited(email: string, ip: string): Promise<boolean | "rateLimited"> {
  if (!(await consume("sign-up", ip))) return "rateLimited";
  return (await findAccountByEmail(email)) === null;
}
