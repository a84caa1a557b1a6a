import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createSupplier, inviteStaff, listStaff, removeStaff } from "~/modules/suppliers/suppliers.server";
import { activateWithPassword } from "~/modules/user/activation.server";
import { verifyCredentials } from "~/modules/user/auth.server";
import { getDb, schema } from "~/utils/db.server";
import { createUserSession, findSessionUser } from "~/utils/session.server";
import { sessionCookie } from "~/utils/cookies.server";
import { createUser, outboxTokens } from "../factories";
import { admin, tag, supplierValues, auditOf, backOfficeHooks } from "./fixtures/back-office";

/*
 * Supplier staff accounts from the back office against the real database: the invitation, and
 * removal signing the account out. Every test makes its own rows.
 */
const { users, sessions } = schema;

backOfficeHooks();

describe("staff accounts", () => {
  it("an invitation makes a supplier account without a password, emailed an invitation with its activation link through which the person chooses one", async () => {
    const { id: supplierId } = await createSupplier(admin, supplierValues(), null);
    const email = `ana-${tag()}@sierra.example`;
    const outcome = await inviteStaff(admin, supplierId, { fullName: "Ana Pérez", email, language: "en" });
    expect(outcome.status).toBe("invited");
    const userId = outcome.status === "invited" ? outcome.userId : 0;
    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      email,
      type: "supplier",
      supplierId,
      activated: false,
      passwordHash: null,
      language: "en",
      status: "active",
    });
    expect(await listStaff(supplierId)).toEqual([{ id: userId, fullName: "Ana Pérez", email, activated: false }]);
    const [entry] = await auditOf("user", userId);
    expect(entry).toMatchObject({ action: "supplier.staffInvite", supplierId, actorId: admin.id });

    const token = (await outboxTokens(db, email, "staff-invitation")).at(-1);
    expect(token).toBeDefined();
    expect(await activateWithPassword(token, "staff-pass1")).toEqual({ status: "activated", userId });
    expect(await verifyCredentials(email, "staff-pass1")).toMatchObject({ id: userId });
    expect(await listStaff(supplierId)).toEqual([{ id: userId, fullName: "Ana Pérez", email, activated: true }]);
  });

  it("refuses an address that already has an account, and a supplier that does not exist", async () => {
    const db = await getDb();
    const { id: supplierId } = await createSupplier(admin, supplierValues(), null);
    const driver = await createUser(db);
    expect(await inviteStaff(admin, supplierId, { fullName: "Driver", email: driver.email, language: "es" })).toEqual({
      status: "emailTaken",
    });
    const [unchanged] = await db
      .select({ type: users.type, supplierId: users.supplierId })
      .from(users)
      .where(eq(users.id, driver.id));
    expect(unchanged).toEqual({ type: "user", supplierId: null });
    expect(
      await inviteStaff(admin, 2_000_000_000, { fullName: "Nobody", email: `n-${tag()}@x.example`, language: "es" }),
    ).toEqual({ status: "notFound" });
  });

  it("removing a staff account signs it out everywhere and cancels its links; inviting the address again brings it back", async () => {
    const db = await getDb();
    const { id: supplierId } = await createSupplier(admin, supplierValues(), null);
    const { id: otherSupplierId } = await createSupplier(admin, supplierValues(), null);
    const email = `luis-${tag()}@sierra.example`;
    const invited = await inviteStaff(admin, supplierId, { fullName: "Luis", email, language: "es" });
    const userId = invited.status === "invited" ? invited.userId : 0;
    const token = (await outboxTokens(db, email, "staff-invitation")).at(-1)!;
    await activateWithPassword(token, "staff-pass1");
    const sessionId = await sessionCookie.parse((await createUserSession(userId, true)).split(";")[0]);
    expect(await findSessionUser(sessionId)).toMatchObject({ id: userId, type: "supplier", supplierId });

    // Only through its own supplier.
    expect(await removeStaff(admin, otherSupplierId, userId)).toBe("notFound");
    expect(await removeStaff(admin, supplierId, userId)).toBe("removed");
    expect(await findSessionUser(sessionId)).toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(await listStaff(supplierId)).toEqual([]);
    await expect(verifyCredentials(email, "staff-pass1")).rejects.toThrow();
    expect((await auditOf("user", userId))[0]).toMatchObject({ action: "supplier.staffRemove", supplierId });
    expect(await removeStaff(admin, supplierId, userId)).toBe("notFound");

    const again = await inviteStaff(admin, otherSupplierId, { fullName: "Luis Again", email, language: "fr" });
    expect(again).toEqual({ status: "invited", userId });
    const [revived] = await db.select().from(users).where(eq(users.id, userId));
    expect(revived).toMatchObject({
      status: "active",
      supplierId: otherSupplierId,
      activated: false,
      passwordHash: null,
      fullName: "Luis Again",
    });
  });
});
