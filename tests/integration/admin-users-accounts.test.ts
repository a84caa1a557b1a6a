import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activateWithPassword } from "~/modules/user/activation.server";
import { changeUserType, createStaffAccount, listUsers } from "~/modules/user/admin-users.server";
import { verifyCredentials } from "~/modules/user/auth.server";
import { getDb, schema } from "~/utils/db.server";
import { createUser, outboxTokens } from "../factories";
import { admin, driverId, supplierId, auditActions, userRow, adminUsersHooks } from "./fixtures/admin-users";

/*
 * The admins' user management against the real database (docs/domain.md#user-management): an
 * account's type, staff accounts the admin creates, and the users list.
 */
const { auditLog, users } = schema;

adminUsersHooks();

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
