import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { setHandled, listContactMessages } from "~/modules/contact/inbox.server";
import {
  bolivarEstimateRate,
  cardGateway,
  enabledOnlineMethods,
  offeredOnlineMethods,
  paymentSettings,
} from "~/modules/payment/config.server";
import type { SettingsInput } from "~/modules/payment/settings";
import { saveSettings, settingsPage } from "~/modules/payment/settings.server";
import { activateWithPassword } from "~/modules/user/activation.server";
import {
  changeUserType,
  createStaffAccount,
  deleteUser,
  listUsers,
  loadUser,
  setSuspended,
} from "~/modules/user/admin-users.server";
import { SignInError, verifyCredentials } from "~/modules/user/auth.server";
import { hashPassword } from "~/modules/user/password.server";
import { getDb, schema } from "~/utils/db.server";
import { findSessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { banks as bankRows } from "../../db/seed-data";
import { createSupplier, createUser, outboxTokens, resetDatabase } from "../factories";

/*
 * The admins' user management, payment settings and contact inbox against the real database
 * (docs/domain.md#user-management, #exchange-rate, #contact-inbox; docs/security.md#suspension).
 */
const { apiTokens, auditLog, contactMessages, exchangeRates, sessions, settings, tokens, users } = schema;
const HOUR = 3_600_000;
const PASSWORD = "secret1";

let admin: StaffUser;
let driverId: number;
let supplierId: number;

const asAdmin = (id: number) => ({ id, type: "admin", supplierId: null }) as StaffUser;

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

async function auditActions(subjectId: number) {
  const db = await getDb();
  const rows = await db
    .select({ action: auditLog.action, actorId: auditLog.actorId, changes: auditLog.changes })
    .from(auditLog)
    .where(eq(auditLog.subjectId, subjectId))
    .orderBy(auditLog.id);
  return rows;
}

async function userRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const passwordHash = await hashPassword(PASSWORD);
  admin = asAdmin((await createUser(db, { type: "admin", fullName: "Ada Admin" })).id);
  driverId = (
    await createUser(db, {
      fullName: "Diego Driver",
      email: `diego-${crypto.randomBytes(3).toString("hex")}@example.com`,
      passwordHash,
    })
  ).id;
  supplierId = (await createSupplier(db, { name: "Llanos" })).id;
});

afterAll(async () => {
  await closeDb();
});

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

describe("payment settings", () => {
  const input: SettingsInput = {
    rate: "245.5",
    rateDate: "2026-11-23",
    bank: "0102",
    phone: "04141234567",
    rif: "J-12345678-4",
    holder: "Rueda Alquileres C.A.",
    cardPayments: true,
  };

  beforeEach(async () => {
    const db = await getDb();
    await db.insert(schema.banks).values(bankRows);
  });

  it("creates the settings on the first save, with the rate's first history row", async () => {
    expect(await saveSettings(admin, input)).toBe("saved");
    expect(await paymentSettings()).toMatchObject({
      usdToBsRate: "245.5000",
      rateDate: "2026-11-23",
      bankName: "Banco de Venezuela",
      cardPaymentsEnabled: true,
    });
    const page = await settingsPage("en");
    expect(page.history).toMatchObject([{ rate: "245.5", rateDate: "2026-11-23", setBy: "Ada Admin" }]);
  });

  it("keeps every rate change as history in the same change, and only rate changes", async () => {
    const db = await getDb();
    await saveSettings(admin, input);
    expect(await saveSettings(admin, { ...input, rate: "250.1234", rateDate: "2026-11-24" })).toBe("saved");
    expect(
      await saveSettings(admin, { ...input, rate: "250.1234", rateDate: "2026-11-24", holder: "Rueda C.A." }),
    ).toBe("saved");
    expect(
      await saveSettings(admin, { ...input, rate: "250.1234", rateDate: "2026-11-24", holder: "Rueda C.A." }),
    ).toBe("unchanged");

    expect(await paymentSettings()).toMatchObject({
      usdToBsRate: "250.1234",
      rateDate: "2026-11-24",
      mobilePaymentHolder: "Rueda C.A.",
    });
    const history = await db
      .select({ rate: exchangeRates.usdToBsRate, rateDate: exchangeRates.rateDate, by: exchangeRates.createdBy })
      .from(exchangeRates)
      .orderBy(desc(exchangeRates.id));
    expect(history).toEqual([
      { rate: "250.1234", rateDate: "2026-11-24", by: admin.id },
      { rate: "245.5000", rateDate: "2026-11-23", by: admin.id },
    ]);
    const audits = await db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual([
      "settings.rate",
      "settings.mobilePayment",
      "settings.cardPayments",
      "settings.rate",
      "settings.mobilePayment",
    ]);
    expect(audits[3].changes).toEqual({ rate: ["245.5", "250.1234"], rateDate: ["2026-11-23", "2026-11-24"] });
    expect(audits[4].changes).toEqual({ holder: ["Rueda Alquileres C.A.", "Rueda C.A."] });
  });

  it("refuses a bank that is not in the list, changing nothing", async () => {
    const db = await getDb();
    expect(await saveSettings(admin, { ...input, bank: "9999" })).toBe("unknownBank");
    expect(await db.select().from(settings)).toEqual([]);
    expect(await db.select().from(exchangeRates)).toEqual([]);
  });

  it("turns card payments off for checkout and the payment pages", async () => {
    expect(cardGateway()).not.toBeNull();
    await saveSettings(admin, input);
    expect(await enabledOnlineMethods()).toContain("cardPayment");
    await saveSettings(admin, { ...input, cardPayments: false });
    expect(await enabledOnlineMethods()).not.toContain("cardPayment");
    expect(await enabledOnlineMethods()).toContain("mobilePayment");
  });

  it("are read once for the catalogue's offer of paying now, and again at once after a save", async () => {
    const db = await getDb();
    await saveSettings(admin, input);
    expect(await offeredOnlineMethods()).toContain("cardPayment");
    // Changed behind this process's back (as another web process's save would): a search view does
    // not read the settings again, so it keeps the offer it has until told or the minute is over.
    await db.update(settings).set({ cardPaymentsEnabled: false });
    expect(await offeredOnlineMethods()).toContain("cardPayment");
    // Checkout and the payment pages still decide on the settings as they are.
    expect(await enabledOnlineMethods()).not.toContain("cardPayment");
    // A save here is shown at once.
    await saveSettings(admin, { ...input, cardPayments: false, holder: "Rueda C.A." });
    expect(await offeredOnlineMethods()).toEqual(["mobilePayment"]);
  });

  it("show prices in bolívares only once switched on, at the current rate, audited, and at once after a save", async () => {
    const db = await getDb();
    await saveSettings(admin, input);
    expect(await bolivarEstimateRate()).toBeNull();
    expect(await saveSettings(admin, { ...input, bolivarEstimates: true })).toBe("saved");
    expect(await bolivarEstimateRate()).toEqual({ rate: "245.5000", rateDate: "2026-11-23" });
    await saveSettings(admin, { ...input, rate: "250", bolivarEstimates: true });
    expect(await bolivarEstimateRate()).toEqual({ rate: "250.0000", rateDate: "2026-11-23" });
    await saveSettings(admin, { ...input, rate: "250", bolivarEstimates: false });
    expect(await bolivarEstimateRate()).toBeNull();
    const audits = await db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.bolivarEstimates"))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.changes)).toEqual([
      { bolivarEstimates: [false, true] },
      { bolivarEstimates: [true, false] },
    ]);
  });
});

describe("contact inbox", () => {
  async function message(subject: string, createdAt: Date) {
    const db = await getDb();
    const [row] = await db
      .insert(contactMessages)
      .values({ email: "visitor@example.com", subject, message: "Hello", language: "es", createdAt })
      .returning({ id: contactMessages.id });
    return row.id;
  }

  it("lists newest first, marks handled by whom, and undoes it, each audited", async () => {
    const db = await getDb();
    const older = await message("Older", new Date("2026-11-20T10:00:00Z"));
    await message("Newer", new Date("2026-11-21T10:00:00Z"));
    expect((await listContactMessages({ filter: null, page: 1 }, "en")).items.map((m) => m.subject)).toEqual([
      "Newer",
      "Older",
    ]);

    expect(await setHandled(admin, older, true)).toBe("changed");
    expect(await setHandled(admin, older, true)).toBe("unchanged");
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(row.handledBy).toBe(admin.id);
    expect(row.handledAt).toBeInstanceOf(Date);
    const handled = await listContactMessages({ filter: "handled", page: 1 }, "en");
    expect(handled.items).toMatchObject([{ subject: "Older", handledBy: "Ada Admin" }]);
    expect(handled.unhandled).toBe(1);
    expect((await listContactMessages({ filter: "unhandled", page: 1 }, "en")).items.map((m) => m.subject)).toEqual([
      "Newer",
    ]);

    expect(await setHandled(admin, older, false)).toBe("changed");
    const [undone] = await db.select().from(contactMessages).where(eq(contactMessages.id, older));
    expect(undone).toMatchObject({ handledAt: null, handledBy: null });
    const audits = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, "contact"), eq(auditLog.subjectId, older)));
    expect(audits.map((a) => a.action)).toEqual(["contact.handle", "contact.unhandle"]);
  });

  it("answers notFound for a message that does not exist", async () => {
    expect(await setHandled(admin, 999_999, true)).toBe("notFound");
  });
});
