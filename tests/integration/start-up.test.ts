import { count, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { SCORE_MIN_REVIEWS, scoreOf } from "~/modules/catalogue/supplier-score";
import { submitContactMessage } from "~/modules/contact/contact.server";
import { enabledOnlineMethods } from "~/modules/payment/config.server";
import { supplierScores } from "~/modules/review/supplier-scores.server";
import { prepareDatabase } from "~/modules/setup/prepare-database.server";
import { inviteAdmin } from "~/modules/user/admin-account.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import { demoLogins } from "../../db/seed-data";
import { createUser, resetDatabase } from "../factories";

// Read by the contact module on first use; set before anything asks for the configuration.
const operator = "operator@rueda.test";
process.env.ADMIN_EMAIL = operator;

const { users, outbox } = schema;

async function emailJobs(template: string) {
  const db = await getDb();
  const rows = await db.select().from(outbox).orderBy(outbox.id);
  return rows.map((r) => r.payload as { template: string; to: string[] }).filter((p) => p.template === template);
}

beforeEach(async () => {
  await resetDatabase(await getDb());
});
afterAll(async () => {
  await closeDb();
});

describe("start-up without demo data (production)", () => {
  it("leaves an empty database without accounts and reports that no administrator exists", async () => {
    const prepared = await prepareDatabase({ demoData: false });
    expect(prepared).toMatchObject({ seeded: false, admin: "missing" });
    const db = await getDb();
    const [{ total }] = await db.select({ total: count() }).from(users);
    expect(total).toBe(0);
  });

  it("invites ADMIN_EMAIL as the first administrator, without a usable password, once", async () => {
    const first = await prepareDatabase({ demoData: false, adminEmail: "Boss@Rueda.test" });
    expect(first.admin).toBe("invited");
    const db = await getDb();
    const [admin] = await db.select().from(users).where(eq(users.email, "boss@rueda.test"));
    expect(admin).toMatchObject({ type: "admin", passwordHash: null, status: "active" });
    const invitations = await emailJobs("admin-invitation");
    expect(invitations).toHaveLength(1);
    expect(invitations[0].to).toEqual(["boss@rueda.test"]);
    expect(JSON.stringify(invitations[0])).toContain("/reset-password?token=");

    const second = await prepareDatabase({ demoData: false, adminEmail: "boss@rueda.test" });
    expect(second.admin).toBe("exists");
    expect(await emailJobs("admin-invitation")).toHaveLength(1);
  });
});

describe("start-up with demo data", () => {
  it("loads the demo accounts into an empty database, and only then", async () => {
    expect((await prepareDatabase({ demoData: true })).seeded).toBe(true);
    expect((await prepareDatabase({ demoData: true })).seeded).toBe(false);
    const db = await getDb();
    const emails = (await db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const login of demoLogins) expect(emails).toContain(login.email);
  });

  it("gives the final bill its settings (docs/domain.md#final-bill): every supplier's, every limited car's", async () => {
    await prepareDatabase({ demoData: true });
    const db = await getDb();
    const suppliers = await db
      .select({ refuel: schema.suppliers.refuelEighthCents, grace: schema.suppliers.lateGraceMinutes })
      .from(schema.suppliers);
    expect(suppliers.length).toBeGreaterThan(0);
    expect(suppliers.every((s) => s.grace === 59 && s.refuel > 0)).toBe(true);
    const cars = await db.select({ mileage: schema.cars.mileage, extraKm: schema.cars.extraKmCents }).from(schema.cars);
    expect(cars.filter((c) => c.mileage > 0).every((c) => c.extraKm > 0)).toBe(true);
    expect(cars.filter((c) => c.mileage < 0).every((c) => c.extraKm === 0)).toBe(true);
  });

  it("shows reviews (docs/domain.md#reviews): four suppliers scored from their visible reviews, Andes and Orinoco new", async () => {
    await prepareDatabase({ demoData: true });
    const db = await getDb();
    const suppliers = await db.select({ id: schema.suppliers.id, slug: schema.suppliers.slug }).from(schema.suppliers);
    const scores = await supplierScores(suppliers.map((s) => s.id));
    const reviews = await db.select().from(schema.reviews);
    for (const supplier of suppliers) {
      const own = reviews.filter((r) => r.supplierId === supplier.id && r.publishedAt !== null && r.hiddenAt === null);
      const score = scores.get(supplier.id)!;
      if (supplier.slug === "andes" || supplier.slug === "orinoco") {
        expect(score).toEqual({ count: 0, average: null });
        continue;
      }
      expect(own.length).toBeGreaterThanOrEqual(SCORE_MIN_REVIEWS);
      expect(score).toEqual(
        scoreOf(
          own.length,
          own.reduce((sum, r) => sum + r.overall, 0),
        ),
      );
    }
  });

  it("offers every way of paying a transfer (docs/domain.md#transfers): pago móvil, Zelle and the bank transfer", async () => {
    await prepareDatabase({ demoData: true });
    expect(await enabledOnlineMethods()).toEqual(expect.arrayContaining(["mobilePayment", "zelle", "bankTransfer"]));
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "seeds once when several machines start on one empty database together",
    async () => {
      const results = await Promise.all(Array.from({ length: 4 }, () => prepareDatabase({ demoData: true })));
      expect(results.filter((r) => r.seeded)).toHaveLength(1);
      const db = await getDb();
      const [{ admins }] = await db.select({ admins: count() }).from(users).where(eq(users.email, demoLogins[0].email));
      expect(admins).toBe(1);
    },
  );
});

describe("administrators", () => {
  it("promotes an existing account and keeps its password", async () => {
    const db = await getDb();
    const driver = await createUser(db, { passwordHash: "kept-hash" });
    const invitation = await db.transaction((tx) => inviteAdmin(tx, { email: driver.email.toUpperCase() }));
    expect(invitation).toMatchObject({ status: "promoted", userId: driver.id });
    expect(invitation.link).toMatch(/\/reset-password\?token=/);
    const [row] = await db.select().from(users).where(eq(users.id, driver.id));
    expect(row).toMatchObject({ type: "admin", passwordHash: "kept-hash" });
  });

  it("sends contact messages to ADMIN_EMAIL as well as to the admin accounts (which may be demo addresses)", async () => {
    await prepareDatabase({ demoData: true });
    await submitContactMessage({
      userId: null,
      email: "visitor@example.com",
      subject: "Hi",
      message: "Hello",
      language: "en",
    });
    const recipients = (await emailJobs("contact-message")).flatMap((p) => p.to);
    expect(recipients.sort()).toEqual([demoLogins[0].email, operator].sort());
  });
});
