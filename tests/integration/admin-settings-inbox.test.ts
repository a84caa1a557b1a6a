import { desc, eq, and } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  bolivarEstimateRate,
  cardGateway,
  enabledOnlineMethods,
  offeredOnlineMethods,
  paymentSettings,
} from "~/modules/payment/config.server";
import { saveSettings, settingsPage } from "~/modules/payment/settings.server";
import { getDb, schema } from "~/utils/db.server";
import { banks as bankRows } from "../../db/seed-data";
import { admin, adminUsersHooks, settingsInput } from "./fixtures/admin-users";
import { setHandled, listContactMessages } from "~/modules/contact/inbox.server";

/*
 * The payment settings (docs/domain.md#exchange-rate) and the contact inbox
 * (docs/domain.md#contact-inbox) against the real database.
 */

const { auditLog, contactMessages, exchangeRates, settings } = schema;

adminUsersHooks();

describe("payment settings", () => {
  const input = settingsInput("245.5", "2026-11-23");

  beforeEach(async () => {
    const db = await getDb();
    await db.insert(schema.banks).values(bankRows);
  });

  it("creates the settings on the first save, with the rate's first history row", async () => {
    expect(await saveSettings(admin, input)).toBe("saved");
    expect(await paymentSettings()).toMatchObject({
      rate: { usdToBsRate: "245.5000", rateDate: "2026-11-23", source: "BCV" },
      bankName: "Banco de Venezuela",
      cardPaymentsEnabled: true,
    });
    const page = await settingsPage("en");
    expect(page.history).toMatchObject([{ rate: "245.5", rateDate: "2026-11-23", source: "BCV", setBy: "Ada Admin" }]);
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
      rate: { usdToBsRate: "250.1234", rateDate: "2026-11-24" },
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
