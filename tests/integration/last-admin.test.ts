import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { changeUserType, deleteUser, setSuspended } from "~/modules/user/admin-users.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { createUser, resetDatabase } from "../factories";

/*
 * docs/security.md#suspension: two admins demoting, suspending or deleting each other at the same
 * moment never leave no active admin (review finding L8). Real PostgreSQL: the two calls run in
 * two transactions at once.
 */
const { users } = schema;
const asAdmin = (id: number) => ({ id, type: "admin", supplierId: null }) as StaffUser;

async function activeAdmins() {
  const db = await getDb();
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, "admin"), eq(users.status, "active"), eq(users.blacklisted, false)));
}

let ada: StaffUser;
let bea: StaffUser;

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  ada = asAdmin((await createUser(db, { type: "admin", fullName: "Ada Admin" })).id);
  bea = asAdmin((await createUser(db, { type: "admin", fullName: "Bea Admin" })).id);
});

afterAll(async () => {
  await closeDb();
});

describe("two admins acting on each other at once", () => {
  const demote = { type: "user" as const };
  const cases = {
    demote: (actor: StaffUser, target: StaffUser) => changeUserType(actor, target.id, demote),
    suspend: (actor: StaffUser, target: StaffUser) => setSuspended(actor, target.id, true),
    delete: (actor: StaffUser, target: StaffUser) => deleteUser(actor, target.id),
  };

  for (const [name, act] of Object.entries(cases)) {
    it(`${name}: one wins, the other is refused, one admin remains`, async () => {
      const results = await Promise.all([act(ada, bea), act(bea, ada)]);
      expect(results.filter((r) => r === "lastAdmin")).toHaveLength(1);
      expect(await activeAdmins()).toHaveLength(1);
    });
  }

  it("a demotion, a suspension and a deletion at once still leave one admin", async () => {
    const db = await getDb();
    const cleo = asAdmin((await createUser(db, { type: "admin", fullName: "Cleo Admin" })).id);
    await Promise.all([
      changeUserType(ada, bea.id, demote),
      setSuspended(bea, cleo.id, true),
      deleteUser(cleo, ada.id),
    ]);
    expect((await activeAdmins()).length).toBeGreaterThanOrEqual(1);
  });

  it("one admin alone still changes other accounts, and an unactivated admin does not count", async () => {
    const db = await getDb();
    const invited = asAdmin((await createUser(db, { type: "admin", fullName: "Invited", activated: false })).id);
    expect(await changeUserType(ada, bea.id, demote)).toBe("changed");
    // Demoting the last activated admin by the invited one is refused (it is no acting admin).
    expect(await changeUserType(invited, ada.id, demote)).toBe("lastAdmin");
    const driver = await createUser(db, { fullName: "Diego Driver" });
    expect(await setSuspended(ada, driver.id, true)).toBe("changed");
  });
});
