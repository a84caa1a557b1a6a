import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { createBooking } from "~/modules/booking/create-booking.server";
import { bookingPage } from "~/modules/counter/booking-page.server";
import { bolivarEstimateRate, enabledOnlineMethods } from "~/modules/payment/config.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { loadReceipt } from "~/modules/payment/receipt.server";
import type { SettingsInput } from "~/modules/payment/settings";
import { saveSettings, settingsPage } from "~/modules/payment/settings.server";
import { mobilePaymentPage, submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { rateOn } from "~/modules/pricing/exchange-rate.server";
import { appToday } from "~/modules/time/calendar";
import { getDb, schema } from "~/utils/db.server";
import { banks as bankRows } from "../../db/seed-data";
import { settingsInput } from "./fixtures/admin-users";
import { checkoutHooks, fx, input } from "./fixtures/checkout";

/*
 * The day's rate, stored (docs/domain.md#exchange-rate): the rate that applies on a day is the
 * latest one dated on or before it; an override of a day's rate is audited; a booking and its
 * payments keep the rate they used, so tomorrow's rate changes none of them.
 */

const { auditLog, bookings, payments } = schema;

checkoutHooks();

/** The calendar day `days` after today in Caracas. */
function day(days: number): string {
  const at = new Date(`${appToday()}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The form with estimates shown, so the estimates' rate is read. */
const settingsOf = (rate: string, rateDate: string): SettingsInput => ({
  ...settingsInput(rate, rateDate),
  bolivarEstimates: true,
});

async function admin() {
  const db = await getDb();
  await db.insert(schema.banks).values(bankRows).onConflictDoNothing();
  return { id: fx.adminId, type: "admin", supplierId: null } as StaffUser;
}

describe("the rate of a day", () => {
  it("a rate dated tomorrow applies from tomorrow, not before, and the last one carries over", async () => {
    const actor = await admin();
    await saveSettings(actor, settingsOf("36.5", day(-3)));
    expect(await bolivarEstimateRate()).toEqual({ rate: "36.5000", rateDate: day(-3) });
    expect(await saveSettings(actor, settingsOf("40", day(1)))).toBe("saved");
    // Today still has the rate published three days ago: tomorrow's is not today's.
    expect(await bolivarEstimateRate()).toEqual({ rate: "36.5000", rateDate: day(-3) });
    const db = await getDb();
    expect(await rateOn(db, day(-4))).toBeNull();
    expect(await rateOn(db, day(-1))).toMatchObject({ usdToBsRate: "36.5000", rateDate: day(-3), source: "BCV" });
    expect(await rateOn(db, day(1))).toMatchObject({ usdToBsRate: "40.0000", rateDate: day(1) });
    expect(await rateOn(db, day(3))).toMatchObject({ usdToBsRate: "40.0000", rateDate: day(1) });
    // Before the first rate's day (only tomorrow's left), pago móvil is not offered: no amount in bolívares can be given.
    expect(await enabledOnlineMethods()).toContain("mobilePayment");
    await db.delete(schema.exchangeRates).where(eq(schema.exchangeRates.rateDate, day(-3)));
    expect(await enabledOnlineMethods()).not.toContain("mobilePayment");
  });

  it("a cached rate does not outlive its day", async () => {
    const actor = await admin();
    await saveSettings(actor, settingsOf("36.5", day(-3)));
    await saveSettings(actor, settingsOf("40", day(1)));
    expect(await bolivarEstimateRate()).toEqual({ rate: "36.5000", rateDate: day(-3) });
    // The next day in Caracas, within the cache's minute: the rate dated that day, not the one kept.
    const tomorrow = day(1);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date(`${tomorrow}T04:00:30Z`) });
    try {
      expect(await bolivarEstimateRate()).toEqual({ rate: "40.0000", rateDate: tomorrow });
    } finally {
      vi.useRealTimers();
    }
  });

  it("entering a rate for a day that has one overrides it, audited with the previous value", async () => {
    const actor = await admin();
    await saveSettings(actor, settingsOf("36.5", day(0)));
    expect(await saveSettings(actor, { ...settingsOf("37.25", day(0)), source: "BCV (corregida)" })).toBe("saved");
    expect(await bolivarEstimateRate()).toEqual({ rate: "37.2500", rateDate: day(0) });
    const db = await getDb();
    const audits = await db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.action, "settings.rate"))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.changes)).toEqual([
      { rate: [null, "36.5"], rateDate: [null, day(0)], source: [null, "BCV"] },
      { rate: ["36.5", "37.25"], source: ["BCV", "BCV (corregida)"] },
    ]);
    const page = await settingsPage("en");
    expect(page.history).toMatchObject([
      { rate: "37.25", rateDate: day(0), source: "BCV (corregida)" },
      { rate: "36.5", rateDate: day(0), source: "BCV" },
    ]);
    expect(page.current).toMatchObject({ rate: "37.25", rateDate: day(0), source: "BCV (corregida)" });
  });
});

describe("a booking's rate", () => {
  it("keeps the rate of the day it was made; tomorrow's rate changes no existing booking or receipt", async () => {
    const actor = await admin();
    await saveSettings(actor, settingsOf("36.5", day(-3)));
    const now = new Date();
    const result = await createBooking(input({ paymentMethod: "mobilePayment" }), now);
    if (!result.ok) throw new Error(result.reason);
    const db = await getDb();
    const bookingRow = async () => (await db.select().from(bookings).where(eq(bookings.id, result.bookingId)))[0];
    expect(await bookingRow()).toMatchObject({ usdToBsRate: "36.5000", rateDate: day(-3) });

    const payable = await loadPayableBooking(result.bookingId, { userId: fx.driverId, grant: null }, undefined, now);
    if (!payable) throw new Error("not payable");
    const page = await mobilePaymentPage(payable);
    expect(page?.amount).toMatchObject({ rate: "36.5", rateDate: day(-3) });
    const transfer = { bank: "0134", phone: "04141234567", reference: "001234", date: day(0) };
    expect(await submitMobilePayment(payable, transfer, now)).toMatchObject({ ok: true });
    await db.update(payments).set({ status: "succeeded" });
    await db.update(bookings).set({ status: "paid" });
    const driver = { id: fx.driverId, type: "user" as const, supplierId: null };
    const before = await loadReceipt(driver, result.bookingId, "en", now);
    expect(before.ok && before.receipt.payments[0].bolivars?.rate).toBe("36.5");
    const bookingBefore = await bookingRow();
    // The booking page's estimate in bolívares is at the booking's rate, whatever today's becomes.
    const pageRate = async () =>
      (await bookingPage(driver, result.bookingId, { grant: null, language: "es" }))?.booking;
    expect((await pageRate())?.bolivarRate).toMatchObject({ rate: "36.5000", rateLabel: "36.5" });

    await saveSettings(actor, settingsOf("99", day(1)));
    await saveSettings(actor, settingsOf("45", day(0)));

    expect(await bookingRow()).toEqual(bookingBefore);
    expect((await pageRate())?.bolivarRate).toMatchObject({ rate: "36.5000", rateLabel: "36.5" });
    expect(await loadReceipt(driver, result.bookingId, "en", now)).toEqual(before);
    expect((await db.select().from(payments))[0].details).toMatchObject({ rate: "36.5000", rateDate: day(-3) });
  });

  it("is null when no rate applied on its day", async () => {
    const result = await createBooking(input({ paymentMethod: "cardPayment" }), new Date());
    if (!result.ok) throw new Error(result.reason);
    const db = await getDb();
    const [row] = await db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(row).toMatchObject({ usdToBsRate: null, rateDate: null });
  });
});
