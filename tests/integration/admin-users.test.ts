import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  deleteUser,
  listUsers,
  loadUser,
  setSuspended,
  changeUserType,
  createStaffAccount,
} from "~/modules/user/admin-users.server";
import { SignInError, verifyCredentials } from "~/modules/user/auth.server";
import { getDb, schema } from "~/utils/db.server";
import { findSessionUser } from "~/utils/session.server";
import { PASSWORD, admin, driverId, auditActions, userRow, adminUsersHooks, supplierId } from "./fixtures/admin-users";
import { activateWithPassword } from "~/modules/user/activation.server";
import { createUser, outboxTokens } from "../factories";

/*
 * The admins' user management against the real database (docs/domain.md#user-management):
 * suspending and deleting accounts, both signing the account out everywhere in the same change
 * (docs/security.md#suspension); an account's type, staff accounts the admin creates, and the users
 * list.
 */

const { apiTokens, auditLog, sessions, tokens, users } = schema;

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

describe("changing the type", () => {
  it("makes a driver supplier staff of an existing supplier, audited", async () => {
    expect(await changeUserType(admin, driverId, { type: "supplier", supplierId })).toBe("changed");
    expect(await userRow(driverId)).toMatchObject({ type: "supplier", supplierId });
    expect(await auditActions(driverId)).toEqual([
      {
        action: "user.type",
        actorId: admin.id,
        changes: { type: ["user", "supplier"], supplierId: [null, supplierId] },
      },
    ]);
    expect(await changeUserType(admin, driverId, { type: "supplier", supplierId })).toBe("unchanged");
  });

  it("drops the supplier of anyone who is not supplier staff", async () => {
    await changeUserType(admin, driverId, { type: "supplier", supplierId });
    expect(await changeUserType(admin, driverId, { type: "user", supplierId })).toBe("changed");
    expect(await userRow(driverId)).toMatchObject({ type: "user", supplierId: null });
  });

  it("refuses an unknown or deleted supplier and demoting oneself", async () => {
    const db = await getDb();
    expect(await changeUserType(admin, driverId, { type: "supplier", supplierId: 999_999 })).toBe("unknownSupplier");
    await db.update(schema.suppliers).set({ status: "deleted" }).where(eq(schema.suppliers.id, supplierId));
    expect(await changeUserType(admin, driverId, { type: "supplier", supplierId })).toBe("unknownSupplier");
    expect(await changeUserType(admin, admin.id, { type: "user" })).toBe("selfDemote");
    expect(await userRow(admin.id)).toMatchObject({ type: "admin" });
    expect(await auditActions(driverId)).toEqual([]);
  });
});

describe("creating a staff account", () => {
  const input = {
    fullName: "Sofía Staff",
    email: "sofia@llanos.example",
    phone: "+584141112233",
    type: "supplier" as const,
  };

  it("creates it unactivated and passwordless, with the invitation's activation link that lets its owner choose a password", async () => {
    const created = await createStaffAccount(admin, { ...input, supplierId }, "fr");
    if (!created.ok) throw new Error(created.reason);
    expect(await userRow(created.userId)).toMatchObject({
      type: "supplier",
      supplierId,
      activated: false,
      passwordHash: null,
      language: "fr",
      birthDate: null,
    });
    const [token] = await outboxTokens(await getDb(), input.email, "staff-invitation");
    expect(await activateWithPassword(token, "chosen-password")).toEqual({
      status: "activated",
      userId: created.userId,
    });
    expect(await verifyCredentials(input.email, "chosen-password")).toMatchObject({ id: created.userId });
    expect(await auditActions(created.userId)).toEqual([
      {
        action: "user.create",
        actorId: admin.id,
        changes: {
          fullName: [null, input.fullName],
          email: [null, input.email],
          phone: [null, input.phone],
          type: [null, "supplier"],
          supplierId: [null, supplierId],
        },
      },
    ]);
  });

  it("refuses a taken address or an unknown supplier, writing nothing", async () => {
    const { email } = await userRow(driverId);
    expect(await createStaffAccount(admin, { ...input, email, type: "admin" }, "es")).toEqual({
      ok: false,
      reason: "emailTaken",
    });
    expect(await createStaffAccount(admin, { ...input, supplierId: 999_999 }, "es")).toEqual({
      ok: false,
      reason: "unknownSupplier",
    });
    const db = await getDb();
    expect(await db.select().from(users).where(eq(users.email, input.email))).toEqual([]);
    expect(await db.select().from(auditLog)).toEqual([]);
  });
});

describe("the list", () => {
  it("searches name and email, filters by type, and takes % literally", async () => {
    const db = await getDb();
    await createUser(db, { fullName: "100% Rent", email: "percent@example.com", type: "supplier", supplierId });
    const names = async (q: string, type: "admin" | "supplier" | "user" | null = null) =>
      (await listUsers({ q, type, page: 1 }, "en")).items.map((u) => u.fullName);
    expect(await names("diego")).toEqual(["Diego Driver"]);
    expect(await names("PERCENT@")).toEqual(["100% Rent"]);
    expect(await names("%")).toEqual(["100% Rent"]);
    expect(await names("", "admin")).toEqual(["Ada Admin"]);
    expect(await names("", "supplier")).toEqual(["100% Rent"]);
  });

  it("pages by 30, clamping a page past the end", async () => {
    const db = await getDb();
    for (let i = 0; i < 31; i++) await createUser(db, { fullName: `Bulk ${i}` });
    const last = await listUsers({ q: "Bulk", type: null, page: 9 }, "en");
    expect(last).toMatchObject({ total: 31, page: 2, pages: 2 });
    expect(last.items).toHaveLength(1);
  });
});
