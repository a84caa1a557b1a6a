import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteUser, listUsers, loadUser, setSuspended } from "~/modules/user/admin-users.server";
import { SignInError, verifyCredentials } from "~/modules/user/auth.server";
import { getDb, schema } from "~/utils/db.server";
import { findSessionUser } from "~/utils/session.server";
import { PASSWORD, admin, driverId, auditActions, userRow, adminUsersHooks } from "./fixtures/admin-users";

/*
 * Suspending and deleting accounts against the real database (docs/domain.md#user-management,
 * docs/security.md#suspension): both sign the account out everywhere in the same change.
 */
const { apiTokens, sessions, tokens } = schema;

const HOUR = 3_600_000;

async function addSession(userId: number) {
  const db = await getDb();
  const id = crypto.randomBytes(16).toString("hex");
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + HOUR) });
  return id;
}

async function addApiToken(userId: number) {
  const db = await getDb();
  await db
    .insert(apiTokens)
    .values({ userId, tokenHash: crypto.randomBytes(32).toString("hex"), expiresAt: new Date(Date.now() + HOUR) });
}

adminUsersHooks();

describe("suspension", () => {
  it("signs the account out everywhere in the same change: sessions and API tokens go, sign-in says suspended", async () => {
    const db = await getDb();
    const session = await addSession(driverId);
    await addSession(driverId);
    await addApiToken(driverId);
    const bystander = await addSession(admin.id);
    expect(await findSessionUser(session)).not.toBeNull();

    expect(await setSuspended(admin, driverId, true)).toBe("changed");

    expect(await db.select().from(sessions).where(eq(sessions.userId, driverId))).toEqual([]);
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, driverId))).toEqual([]);
    expect(await findSessionUser(session)).toBeNull();
    expect(await findSessionUser(bystander)).not.toBeNull();
    const { email } = await userRow(driverId);
    await expect(verifyCredentials(email, PASSWORD)).rejects.toEqual(new SignInError("suspended"));
    expect(await auditActions(driverId)).toEqual([
      { action: "user.suspend", actorId: admin.id, changes: { blacklisted: [false, true] } },
    ]);
  });

  it("is refused on one's own account, and a second suspension changes nothing", async () => {
    expect(await setSuspended(admin, admin.id, true)).toBe("selfSuspend");
    expect((await userRow(admin.id)).blacklisted).toBe(false);
    await setSuspended(admin, driverId, true);
    expect(await setSuspended(admin, driverId, true)).toBe("unchanged");
    expect(await auditActions(driverId)).toHaveLength(1);
  });

  it("is lifted by reinstating: the password works again", async () => {
    await setSuspended(admin, driverId, true);
    expect(await setSuspended(admin, driverId, false)).toBe("changed");
    const { email } = await userRow(driverId);
    expect(await verifyCredentials(email, PASSWORD)).toMatchObject({ id: driverId });
    expect((await auditActions(driverId)).map((a) => a.action)).toEqual(["user.suspend", "user.reinstate"]);
  });

  it("answers notFound for a missing or deleted account", async () => {
    expect(await setSuspended(admin, 999_999, true)).toBe("notFound");
    await deleteUser(admin, driverId);
    expect(await setSuspended(admin, driverId, true)).toBe("notFound");
  });
});

describe("soft delete", () => {
  it("keeps the row as deleted, signs it out, voids its links and hides it from the list", async () => {
    const db = await getDb();
    const session = await addSession(driverId);
    await addApiToken(driverId);
    await db.insert(tokens).values({
      userId: driverId,
      kind: "reset",
      tokenHash: crypto.randomBytes(32).toString("hex"),
      expiresAt: new Date(Date.now() + HOUR),
    });

    expect(await deleteUser(admin, driverId)).toBe("deleted");

    expect((await userRow(driverId)).status).toBe("deleted");
    expect(await findSessionUser(session)).toBeNull();
    expect(await db.select().from(apiTokens).where(eq(apiTokens.userId, driverId))).toEqual([]);
    expect(await db.select().from(tokens).where(eq(tokens.userId, driverId))).toEqual([]);
    expect(await loadUser(driverId, "en")).toBeNull();
    expect((await listUsers({ q: "Diego", type: null, page: 1 }, "en")).items).toEqual([]);
    const { email } = await userRow(driverId);
    await expect(verifyCredentials(email, PASSWORD)).rejects.toEqual(new SignInError("incorrect"));
    expect((await auditActions(driverId)).map((a) => a.action)).toEqual(["user.delete"]);
  });

  it("is refused on one's own account", async () => {
    expect(await deleteUser(admin, admin.id)).toBe("selfDelete");
    expect((await userRow(admin.id)).status).toBe("active");
  });
});
