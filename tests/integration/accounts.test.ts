import crypto from "node:crypto";
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changePassword } from "~/modules/user/password-change.server";
import { inspectActivationLink, resendActivation, activateWithPassword } from "~/modules/user/activation.server";
import { registerUser } from "~/modules/user/sign-up.server";
import { requestPasswordReset, resetPassword } from "~/modules/user/password-reset.server";
import { verifyCredentials } from "~/modules/user/auth.server";
import { verifyPassword } from "~/modules/user/password.server";
import { hashToken, issueToken, useToken } from "~/modules/user/tokens.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { outboxTokens } from "../factories";
import { purgeExpired } from "../../jobs/handlers/purge-expired-tokens";

const { users, tokens, sessions, outbox, apiTokens } = schema;
const HOUR = 3600_000;

const email = (prefix: string) => `${prefix}-${crypto.randomBytes(4).toString("hex")}@example.com`;

async function signUp(address = email("user"), language: "es" | "en" = "en") {
  const result = await registerUser({
    fullName: "Test Driver",
    email: address,
    phone: "+584141112233",
    birthDate: "1990-01-01",
    password: "secret1",
    language,
  });
  if (!result.ok) throw new Error("sign-up failed");
  return { userId: result.userId, email: address };
}

/** The token inside the newest email job of `template` sent to `to`. */
async function tokenFromOutbox(to: string, template: string): Promise<string> {
  const token = (await outboxTokens(await getDb(), to, template)).at(-1);
  if (!token) throw new Error(`no ${template} email to ${to}`);
  return token;
}

async function userRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function addSession(userId: number, id = crypto.randomBytes(16).toString("hex")) {
  const db = await getDb();
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + HOUR) });
  return id;
}

beforeAll(async () => {
  await getDb();
});
afterAll(async () => {
  await closeDb();
});

describe("sign-up", () => {
  it("creates an unactivated account with a hashed password and an activation email job in its language", async () => {
    const { userId, email: address } = await signUp(email("new"), "es");
    const user = await userRow(userId);
    expect(user.activated).toBe(false);
    expect(user.language).toBe("es");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const db = await getDb();
    const jobs = await db.select().from(outbox).where(like(outbox.jobId, "activation-email-%"));
    const job = jobs.find((j) => (j.payload as { to: string[] }).to.includes(address))!;
    expect(job.payload).toMatchObject({ template: "activation", language: "es" });
    expect((job.payload as { text: string }).text).toContain("Test Driver");
    const token = await tokenFromOutbox(address, "activation");
    const [stored] = await db.select().from(tokens).where(eq(tokens.userId, userId));
    // Only the SHA-256 of the 32-byte token is stored.
    expect(stored.tokenHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(stored.tokenHash).not.toContain(token);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeGreaterThan(23.9 * HOUR);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThan(24.1 * HOUR);
  });

  it("refuses an email that is already registered and writes nothing", async () => {
    const { email: address } = await signUp();
    const db = await getDb();
    const before = (await db.select().from(outbox)).length;
    const again = await registerUser({
      fullName: "Someone Else",
      email: address,
      phone: "+584141112233",
      birthDate: "1990-01-01",
      password: "secret2",
      language: "en",
    });
    expect(again).toEqual({ ok: false, reason: "emailTaken" });
    expect((await db.select().from(outbox)).length).toBe(before);
    expect(await db.select().from(users).where(eq(users.email, address))).toHaveLength(1);
  });
});

describe("activation links", () => {
  it("activate once; a second use is refused as used", async () => {
    const { userId, email: address } = await signUp();
    const token = await tokenFromOutbox(address, "activation");
    expect(await inspectActivationLink(token)).toEqual({ status: "valid", userId });
    expect(await activateWithPassword(token, "secret2")).toEqual({ status: "activated", userId });
    expect((await userRow(userId)).activated).toBe(true);
    expect(await activateWithPassword(token, "secret2")).toEqual({ status: "used" });
  });

  it("are unknown when forged", async () => {
    expect(await activateWithPassword("x".repeat(43), "secret2")).toEqual({ status: "unknown" });
    expect(await activateWithPassword("not a token", "secret2")).toEqual({ status: "unknown" });
    expect(await activateWithPassword("a".repeat(100_000), "secret2")).toEqual({ status: "unknown" });
    expect(await activateWithPassword(undefined, "secret2")).toEqual({ status: "unknown" });
  });

  it("expire after 24 hours (token aged in the database); resending gives a working link and retires the old one", async () => {
    const { userId, email: address } = await signUp();
    const oldToken = await tokenFromOutbox(address, "activation");
    const db = await getDb();
    await db
      .update(tokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(tokens.tokenHash, hashToken(oldToken)));
    expect(await activateWithPassword(oldToken, "secret2")).toEqual({ status: "expired", userId });
    expect((await userRow(userId)).activated).toBe(false);

    expect(await resendActivation(userId)).toBe("sent");
    const newToken = await tokenFromOutbox(address, "activation");
    expect(newToken).not.toBe(oldToken);
    expect(await activateWithPassword(oldToken, "secret2")).toEqual({ status: "unknown" });
    expect(await activateWithPassword(newToken, "secret2")).toEqual({ status: "activated", userId });
    expect(await resendActivation(userId)).toBe("alreadyActive");
  });

  it("expire exactly 24 hours after being issued (clock moved forward)", async () => {
    const { userId } = await signUp();
    const db = await getDb();
    const issuedAt = new Date();
    const { token } = await db.transaction((tx) => issueToken(tx, userId, "activation", issuedAt));
    expect(await activateWithPassword(token, "secret2", new Date(issuedAt.getTime() + 24 * HOUR))).toEqual({
      status: "expired",
      userId,
    });
    expect(await activateWithPassword(token, "secret2", new Date(issuedAt.getTime() + 24 * HOUR - 1000))).toEqual({
      status: "activated",
      userId,
    });
  });

  it("of one kind do not work as another", async () => {
    const { userId } = await signUp();
    const db = await getDb();
    const { token } = await issueToken(db, userId, "reset");
    expect(await activateWithPassword(token, "secret2")).toEqual({ status: "unknown" });
  });

  it("spent concurrently succeed exactly once", async () => {
    const { userId } = await signUp();
    const db = await getDb();
    const { token } = await issueToken(db, userId, "reset");
    const results = await Promise.all(Array.from({ length: 5 }, () => useToken(db, "reset", token)));
    expect(results.filter((r) => r.status === "valid")).toHaveLength(1);
    expect(results.filter((r) => r.status === "used")).toHaveLength(4);
  });
});

describe("password reset", () => {
  it("says an unknown address is not registered and writes nothing", async () => {
    const db = await getDb();
    const before = (await db.select().from(outbox)).length;
    expect(await requestPasswordReset(email("nobody"))).toBe("notRegistered");
    expect((await db.select().from(outbox)).length).toBe(before);
  });

  it("sets the new password once, signs every session out, and refuses the link a second time", async () => {
    const { userId, email: address } = await signUp();
    const session = await addSession(userId);
    expect(await requestPasswordReset(address)).toBe("sent");
    const token = await tokenFromOutbox(address, "password-reset");
    expect(await resetPassword(token, "brand-new")).toEqual({ status: "changed", userId });
    const user = await userRow(userId);
    expect(await verifyPassword(user.passwordHash, "brand-new")).toBe(true);
    expect(await verifyPassword(user.passwordHash, "secret1")).toBe(false);
    expect(user.activated).toBe(true);
    const db = await getDb();
    expect(await db.select().from(sessions).where(eq(sessions.id, session))).toHaveLength(0);
    const changed = await db
      .select()
      .from(outbox)
      .where(like(outbox.jobId, `password-changed-${userId}-%`));
    expect(changed).toHaveLength(1);

    expect(await resetPassword(token, "another-one")).toEqual({ status: "used" });
    expect(await verifyPassword((await userRow(userId)).passwordHash, "brand-new")).toBe(true);
  });

  it("expires after one hour", async () => {
    const { email: address, userId } = await signUp();
    const requestedAt = new Date();
    await requestPasswordReset(address, requestedAt);
    const token = await tokenFromOutbox(address, "password-reset");
    expect(await resetPassword(token, "too-late", new Date(requestedAt.getTime() + HOUR + 1))).toEqual({
      status: "expired",
    });
    expect(await verifyPassword((await userRow(userId)).passwordHash, "secret1")).toBe(true);
  });

  it("keeps only the newest link working", async () => {
    const { email: address } = await signUp();
    await requestPasswordReset(address);
    const first = await tokenFromOutbox(address, "password-reset");
    await requestPasswordReset(address);
    const second = await tokenFromOutbox(address, "password-reset");
    expect(await resetPassword(first, "brand-new")).toEqual({ status: "unknown" });
    expect((await resetPassword(second, "brand-new")).status).toBe("changed");
  });
});

describe("change password", () => {
  it("needs the current password, then signs out the other sessions only", async () => {
    const { userId } = await signUp();
    const mine = await addSession(userId);
    const other = await addSession(userId);
    expect(
      await changePassword({
        userId,
        currentPassword: "wrong",
        password: "brand-new",
        keep: { kind: "session", id: mine },
      }),
    ).toBe("wrongPassword");
    expect(await verifyPassword((await userRow(userId)).passwordHash, "secret1")).toBe(true);
    expect(
      await changePassword({
        userId,
        currentPassword: "secret1",
        password: "brand-new",
        keep: { kind: "session", id: mine },
      }),
    ).toBe("changed");
    expect(await verifyPassword((await userRow(userId)).passwordHash, "brand-new")).toBe(true);
    const db = await getDb();
    const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId));
    expect(left.map((s) => s.id)).toEqual([mine]);
    expect(other).not.toBe(mine);
  });
});

describe("credentials", () => {
  it("refuse wrong passwords, unknown and deleted accounts alike; blacklisted accounts are suspended", async () => {
    const { userId, email: address } = await signUp();
    const db = await getDb();
    await db.update(users).set({ activated: true }).where(eq(users.id, userId));
    await expect(verifyCredentials(address.toUpperCase(), "secret1")).resolves.toEqual({
      id: userId,
      email: address,
      language: "en",
      type: "user",
    });
    await expect(verifyCredentials(address, "wrong")).rejects.toMatchObject({ reason: "incorrect" });
    await expect(verifyCredentials(email("ghost"), "secret1")).rejects.toMatchObject({ reason: "incorrect" });
    await db.update(users).set({ blacklisted: true }).where(eq(users.id, userId));
    await expect(verifyCredentials(address, "secret1")).rejects.toMatchObject({ reason: "suspended" });
    await expect(verifyCredentials(address, "wrong")).rejects.toMatchObject({ reason: "incorrect" });
    await db.update(users).set({ blacklisted: false, status: "deleted" }).where(eq(users.id, userId));
    await expect(verifyCredentials(address, "secret1")).rejects.toMatchObject({ reason: "incorrect" });
  });
});

describe("purge job", () => {
  it("drops tokens a week past expiry or use and expired sessions, and keeps the rest", async () => {
    const { userId } = await signUp();
    const db = await getDb();
    const now = new Date();
    const day = 24 * HOUR;
    const row = (label: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId,
      kind: "reset" as const,
      tokenHash: hashToken(`${label}-${crypto.randomBytes(8).toString("hex")}`),
      expiresAt,
      usedAt,
    });
    const inserted = await db
      .insert(tokens)
      .values([
        row("long-expired", new Date(now.getTime() - 8 * day)),
        row("recently-expired", new Date(now.getTime() - 1 * day)),
        row("used-long-ago", new Date(now.getTime() + day), new Date(now.getTime() - 8 * day)),
        row("used-recently", new Date(now.getTime() + day), new Date(now.getTime() - day)),
        row("valid", new Date(now.getTime() + HOUR)),
      ])
      .returning({ id: tokens.id, tokenHash: tokens.tokenHash });
    const expiredSession = crypto.randomBytes(8).toString("hex");
    await db.insert(sessions).values({ id: expiredSession, userId, expiresAt: new Date(now.getTime() - 1000) });
    const liveSession = await addSession(userId);
    const [expiredApiToken, liveApiToken] = await db
      .insert(apiTokens)
      .values([
        { userId, tokenHash: hashToken("api-expired"), expiresAt: new Date(now.getTime() - 1000) },
        { userId, tokenHash: hashToken("api-live"), expiresAt: new Date(now.getTime() + day) },
      ])
      .returning({ id: apiTokens.id });

    const purged = await purgeExpired(now);
    expect(purged.tokens).toBeGreaterThanOrEqual(2);
    const left = await db.select({ id: tokens.id }).from(tokens).where(eq(tokens.userId, userId));
    const ids = new Set(left.map((t) => t.id));
    expect(inserted.map((t) => ids.has(t.id))).toEqual([false, true, false, true, true]);
    expect(
      await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, expiredSession))),
    ).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.id, liveSession))).toHaveLength(1);
    const apiLeft = (await db.select({ id: apiTokens.id }).from(apiTokens).where(eq(apiTokens.userId, userId))).map(
      (t) => t.id,
    );
    expect(apiLeft).toEqual([liveApiToken.id]);
    expect(apiLeft).not.toContain(expiredApiToken.id);
    // Running it again changes nothing.
    const again = await purgeExpired(now);
    expect(again.tokens).toBe(0);
  });
});
