import { and, eq } from "drizzle-orm";
import { type Language, languageOrDefault } from "~/modules/i18n/languages";
import { enqueueEmail } from "~/modules/email/outbox-email.server";
import { getDb, schema, type Executor } from "~/utils/db.server";
import { consume, consumeAll } from "~/modules/security/rate-limit.server";
import { proveHuman, type CaptchaProof } from "~/modules/security/captcha.server";
import { getEnv } from "~/utils/env.server";
import { endOtherSignIns, type Credential } from "~/utils/session.server";
import { deleteImageIfUnreferenced, storeImage } from "~/modules/images/images.server";
import { AVATAR_SIZE } from "./avatar.server";
import { hashPassword, verifyPassword } from "./password.server";
import { checkToken, discardUnusedTokens, issueToken, useToken } from "./tokens.server";
import type { DocumentType } from "./validation";
import { sqlState, UNIQUE_VIOLATION } from "~/utils/postgres.server";
import { logError } from "~/utils/log.server";

const { users } = schema;

/** What an email to a user needs. */
const recipientFields = { id: users.id, email: users.email, fullName: users.fullName, language: users.language };
type Recipient = { id: number; email: string; fullName: string; language: string };

const languageOf = (user: Recipient): Language => languageOrDefault(user.language);

function link(path: string, token: string) {
  return new URL(`${path}?token=${encodeURIComponent(token)}`, getEnv().APP_URL).toString();
}

const isUniqueViolation = (error: unknown) => sqlState(error) === UNIQUE_VIOLATION;

/** The emails that carry a one-time link: template, page, job-id prefix and the kind of token. */
const linkEmails = {
  activation: { template: "activation", path: "/activate", jobPrefix: "activation-email", token: "activation" },
  reset: { template: "password-reset", path: "/reset-password", jobPrefix: "password-reset", token: "reset" },
  // An account made by an admin: the activation link, in an email that says who invited them to what.
  invitation: { template: "staff-invitation", path: "/activate", jobPrefix: "staff-invitation", token: "activation" },
} as const;

/** Who invited a staff member, to which supplier (none for an administrator) and as what (docs/domain.md#user-management). */
export type Invitation = { inviter: string; supplier: string | null; role: "admin" | "supplier" };

/** A new link of this kind, emailed in the user's language in the same transaction. */
async function sendLinkEmail(
  tx: Executor,
  user: Recipient,
  kind: keyof typeof linkEmails,
  now: Date,
  extra: Record<string, string | null> = {},
) {
  const { template, path, jobPrefix, token: tokenKind } = linkEmails[kind];
  const { id, token } = await issueToken(tx, user.id, tokenKind, now);
  await enqueueEmail(
    tx,
    {
      template,
      to: [user.email],
      language: languageOf(user),
      data: { ...extra, fullName: user.fullName, link: link(path, token) },
    },
    `${jobPrefix}-${id}`,
  );
}

/** The invitation to an account made without its owner (a staff member an admin invites), with its activation link, in the caller's transaction. */
export function emailInvitation(tx: Executor, user: Recipient, invitation: Invitation, now = new Date()) {
  return sendLinkEmail(tx, user, "invitation", now, invitation);
}

async function sendPasswordChangedEmail(tx: Executor, user: Recipient, changedAt: Date) {
  await enqueueEmail(
    tx,
    { template: "password-changed", to: [user.email], language: languageOf(user), data: { fullName: user.fullName } },
    `password-changed-${user.id}-${changedAt.getTime()}`,
  );
}

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

/**
 * What an emailed link (activation or reset) of this account would do, without spending it;
 * `unknown` when it is no link of this account (checked by id and address together).
 */
export async function inspectAccountLink(input: { userId: number; email: string; token: unknown }, now = new Date()) {
  const db = await getDb();
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, input.userId), eq(users.email, input.email.trim().toLowerCase()), eq(users.status, "active")),
    );
  if (!owner) return { status: "unknown" as const };
  for (const kind of ["activation", "reset"] as const) {
    const link = await checkToken(db, kind, input.token, now);
    if (link.status !== "unknown" && link.userId === owner.id) return { status: link.status, kind };
  }
  return { status: "unknown" as const };
}

/** The account's emailed links that are still unused stop working (e.g. after it was activated elsewhere). */
export async function discardAccountLinks(userId: number) {
  const db = await getDb();
  await discardUnusedTokens(db, userId);
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

/**
 * Whether `password` is the account's current one. Each attempt is counted first (10 per
 * account per 15 minutes, shared with changing the password), so a stolen session or token
 * cannot be used to guess the current password at speed.
 */
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

export type ProfileInput = {
  fullName: string;
  phone?: string;
  location?: string;
  bio?: string;
  birthDate?: string;
  documentType?: DocumentType;
  documentNumber?: string;
};

/** The columns of a profile; a field left out (or empty) is cleared. */
function profileColumns(input: Partial<ProfileInput>) {
  return {
    fullName: input.fullName,
    phone: input.phone || null,
    location: input.location || null,
    bio: input.bio || null,
    birthDate: input.birthDate || null,
    documentType: input.documentType ? Number(input.documentType) : null,
    documentNumber: input.documentNumber || null,
  };
}

/** The settings page's profile form: every field is sent, so an absent one is cleared. */
export async function updateProfile(userId: number, input: ProfileInput) {
  const db = await getDb();
  await db.update(users).set(profileColumns(input)).where(eq(users.id, userId));
}

/**
 * The API's profile update: only the fields sent change (an empty string clears one), so a
 * client that sends part of the profile keeps the rest (docs/architecture.md#api).
 */
export async function updateProfileFields(userId: number, input: Partial<ProfileInput>) {
  const columns = profileColumns(input);
  const changed = Object.fromEntries(
    Object.entries(columns).filter(([name]) => input[name as keyof ProfileInput] !== undefined),
  );
  if (Object.keys(changed).length === 0) return;
  const db = await getDb();
  await db.update(users).set(changed).where(eq(users.id, userId));
}

export async function updateLanguage(userId: number, language: Language) {
  const db = await getDb();
  await db.update(users).set({ language }).where(eq(users.id, userId));
}

/**
 * Saves a signed-in user's language from a page (the language links, Settings): a failed save
 * is logged and reported as false, so the page still opens in the chosen language and says
 * "Error while changing language" instead of failing whole (docs/domain.md#changing-language).
 */
export async function saveLanguageChoice(userId: number, language: Language): Promise<boolean> {
  try {
    await updateLanguage(userId, language);
    return true;
  } catch (error) {
    logError("save-language", error);
    return false;
  }
}

export async function updateEmailNotifications(userId: number, enabled: boolean) {
  const db = await getDb();
  await db.update(users).set({ enableEmailNotifications: enabled }).where(eq(users.id, userId));
}

/**
 * Sets the user's avatar to a picture made by avatarFromUpload, or removes it (null). The
 * picture it replaces is deleted in the same transaction, unless another account shows it too.
 */
export async function replaceAvatar(userId: number, webp: Buffer | null): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for("update");
    if (!before) return;
    const avatar = webp ? await storeImage(tx, webp, { width: AVATAR_SIZE, height: AVATAR_SIZE }) : null;
    await tx.update(users).set({ avatar }).where(eq(users.id, userId));
    if (before.avatar !== avatar) await deleteImageIfUnreferenced(tx, before.avatar);
  });
}

export async function loadProfile(userId: number) {
  const db = await getDb();
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      type: users.type,
      supplierId: users.supplierId,
      activated: users.activated,
      phone: users.phone,
      location: users.location,
      bio: users.bio,
      birthDate: users.birthDate,
      documentType: users.documentType,
      documentNumber: users.documentNumber,
      avatar: users.avatar,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
    })
    .from(users)
    .where(eq(users.id, userId));
  return user ?? null;
}
