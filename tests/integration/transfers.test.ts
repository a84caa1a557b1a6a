import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expireMobilePayments } from "~/modules/payment/expire-mobile-payments.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { submitTransfer, transferPage } from "~/modules/payment/submit-transfer.server";
import { verificationQueue } from "~/modules/payment/verification-queue.server";
import { approveMobilePayment, rejectMobilePayment } from "~/modules/payment/verify-mobile-payment.server";
import { loadReceipt, renderReceipt } from "~/modules/payment/receipt.server";
import { getDb, schema } from "~/utils/db.server";
import { pdfText } from "../pdf-text";
import { DAY, fx, mobilePaymentHooks, now, payable, staff } from "./fixtures/mobile-payment";

/*
 * Zelle and the bolívar bank transfer (docs/domain.md#transfers): declared by reference, verified in
 * pago móvil's queue, paid in parts that make the booking paid only once they cover it, with IGTF
 * on the dollars sent to a supplier that collects it (docs/domain.md#igtf).
 */
const { bookings, exchangeRates, payments, settings, suppliers } = schema;

mobilePaymentHooks();

const admin = () => staff(fx.adminId, "admin");
const zelle = { amount: 6000, reference: "ZL12AB34", date: "2026-11-20" };
const bank = { amount: 4000, bank: "0134", reference: "0098765", date: "2026-11-20" };

/** The world of the pago móvil tests with both methods on, a $100 booking and, unless told, an IGTF supplier. */
async function setUp({ igtf = true } = {}) {
  const db = await getDb();
  await db.update(settings).set({
    zelleEnabled: true,
    zelleEmail: "pagos@rueda.example",
    zelleHolder: "Rueda Alquileres LLC",
    bankTransferEnabled: true,
    bankTransferBankCode: "0102",
    bankTransferAccount: "01020123450000012345",
    bankTransferHolder: "Rueda Alquileres C.A.",
    bankTransferRif: "J123456784",
  });
  await db.update(suppliers).set({ collectsIgtf: igtf }).where(eq(suppliers.id, fx.supplierId));
  await db.update(bookings).set({ priceCents: 10000 }).where(eq(bookings.id, fx.bookingId));
}

async function submitted(method: "zelle" | "bankTransfer", input: typeof zelle | typeof bank) {
  const outcome = await submitTransfer(await payable(), method, input, now);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.paymentId;
}

async function bookingRow() {
  const db = await getDb();
  return (await db.select().from(bookings).where(eq(bookings.id, fx.bookingId)))[0];
}

describe("Zelle and bank transfer", () => {
  it("pays $100 in two parts: $60 by Zelle with IGTF $1.80 shown before paying, $40 in bolívares with none; paid once both are approved", async () => {
    await setUp();
    const zellePage = await transferPage(await payable(), "zelle", 6000);
    expect(zellePage).toMatchObject({
      account: { email: "pagos@rueda.example", holder: "Rueda Alquileres LLC" },
      send: { part: "$60", igtf: "$1.80", total: "$61.80", bs: null },
    });
    const zelleId = await submitted("zelle", zelle);

    // What no transfer awaiting staff covers is the rest: $40, asked in bolívares at the day's rate.
    const bankPage = await transferPage(await payable(), "bankTransfer", null);
    expect(bankPage).toMatchObject({
      account: { bank: "0102 · Banco de Venezuela", account: "0102-0123-45-0000012345", rif: "J-12345678-4" },
      partCents: 4000,
      send: { part: "$40", igtf: null, total: "$40", bs: "1,460 Bs" },
      rate: { rate: "36.5", date: "2026-11-20" },
    });
    const bankId = await submitted("bankTransfer", bank);

    const db = await getDb();
    const rows = await db.select().from(payments).orderBy(payments.id);
    expect(rows.map((row) => [row.method, row.amountCents, row.details])).toEqual([
      [
        "zelle",
        6000,
        expect.objectContaining({ igtfCents: 180, amountBs: null, rate: "36.5000", rateDate: "2026-11-20" }),
      ],
      [
        "bankTransfer",
        4000,
        expect.objectContaining({ igtfCents: 0, amountBs: "1460.00", rate: "36.5000", rateDate: "2026-11-20" }),
      ],
    ]);

    expect(await approveMobilePayment(admin(), zelleId, now)).toBe("partial");
    expect((await bookingRow()).status).toBe("pending");
    expect((await payable()).balanceCents).toBe(4000);
    expect(await approveMobilePayment(admin(), bankId, now)).toBe("paid");
    expect((await bookingRow()).status).toBe("paid");
    // The IGTF is a tax on the payment, not part of what the booking is due: no credit appears.
    const paid = await loadPayableBooking(fx.bookingId, { userId: fx.driverId, grant: null }, undefined, now);
    expect(paid).toMatchObject({ paidCents: 10000, balanceCents: 0, creditCents: 0 });

    // The receipt lists both payments, each with its rate, base, IVA and (the Zelle part) IGTF.
    const found = await loadReceipt({ id: fx.driverId, type: "user", supplierId: null }, fx.bookingId, "en", now);
    if (!found.ok) throw new Error(found.reason);
    const text = (await pdfText(await renderReceipt(found.receipt, "en"))).replace(/\s+/g, " ");
    for (const expected of [
      "Zelle",
      "Bank transfer in bolívares",
      "1,460 Bs at 36.5 Bs per dollar",
      "Rate 36.5 Bs per dollar (BCV, 2026-11-20)",
      // $60 = $51.72 + IVA $8.28; $40 = $34.48 + IVA $5.52, in bolívares at 36.5.
      "Taxable base $51.72 · 1,887.78 Bs",
      "IVA (16%) $8.28 · 302.22 Bs",
      "IGTF (3%) $1.80 · 65.70 Bs",
      "Taxable base $34.48 · 1,258.52 Bs",
      "IVA (16%) $5.52 · 201.48 Bs",
      "This receipt is not a fiscal invoice.",
    ])
      expect(text).toContain(expected);
    expect(text.match(/IGTF \(3%\)/g)).toHaveLength(1);
  });

  it("adds no IGTF for a supplier that does not collect it", async () => {
    await setUp({ igtf: false });
    expect((await transferPage(await payable(), "zelle", 6000))?.send.igtf).toBeNull();
    await submitted("zelle", zelle);
    const db = await getDb();
    expect((await db.select().from(payments))[0].details.igtfCents).toBe(0);
  });

  it("refuses a part beyond what transfers awaiting staff leave open", async () => {
    await setUp();
    await submitted("zelle", zelle);
    expect(await submitTransfer(await payable(), "bankTransfer", { ...bank, amount: 4001 }, now)).toEqual({
      ok: false,
      reason: "tooMuch",
    });
  });

  it("refuses a Zelle or bank transfer reference already registered, for any booking", async () => {
    await setUp();
    await submitted("zelle", { ...zelle, amount: 1000 });
    await submitted("bankTransfer", { ...bank, amount: 1000 });
    const other = await payable(fx.otherBookingId);
    // Typed in small letters, or with the bank's leading zeros dropped: the same transfer.
    expect(await submitTransfer(other, "zelle", { ...zelle, amount: 1000, date: "2026-11-19" }, now)).toEqual({
      ok: false,
      reason: "duplicate",
    });
    expect(await submitTransfer(other, "bankTransfer", { ...bank, amount: 1000, reference: "98765" }, now)).toEqual({
      ok: false,
      reason: "duplicate",
    });
  });

  it("lets nobody approve or reject a transfer of their own booking", async () => {
    await setUp();
    const db = await getDb();
    await db.update(bookings).set({ driverId: fx.adminId }).where(eq(bookings.id, fx.bookingId));
    const own = await loadPayableBooking(fx.bookingId, { userId: fx.adminId, grant: null }, undefined, now);
    const outcome = await submitTransfer(own!, "zelle", zelle, now);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(await approveMobilePayment(admin(), outcome.paymentId, now)).toBe("ownBooking");
    expect(await rejectMobilePayment(admin(), outcome.paymentId, "No", now)).toBe("ownBooking");
    expect((await db.select().from(payments))[0].status).toBe("pending");
    expect(await approveMobilePayment(staff(fx.otherAdminId, "admin"), outcome.paymentId, now)).toBe("partial");
  });

  it("releases the hold when its only transfer is rejected, as pago móvil does", async () => {
    await setUp();
    const paymentId = await submitted("bankTransfer", bank);
    expect((await bookingRow()).status).toBe("pending");
    expect(await rejectMobilePayment(admin(), paymentId, "Not on the statement", now)).toBe("rejected");
    // The hold still runs: the driver may pay again.
    expect((await bookingRow()).status).toBe("void");
  });

  it("expires a transfer nobody verified within 48 hours", async () => {
    await setUp();
    await submitted("zelle", zelle);
    const db = await getDb();
    // The database stamps the submission with its own clock.
    const submittedAt = (await db.select().from(payments))[0].createdAt;
    expect(await expireMobilePayments(new Date(submittedAt.getTime() + 2 * DAY - 60_000))).toBe(0);
    expect(await expireMobilePayments(new Date(submittedAt.getTime() + 2 * DAY + 1000))).toBe(1);
    expect((await db.select().from(payments))[0]).toMatchObject({
      status: "failed",
      details: expect.objectContaining({ failure: "expired" }),
    });
  });

  it("filters the queue by method", async () => {
    await setUp();
    const zelleId = await submitted("zelle", zelle);
    const bankId = await submitted("bankTransfer", bank);
    const ids = async (method: "zelle" | "bankTransfer" | null) =>
      (await verificationQueue(admin(), { method })).awaiting.rows.map((row) => row.paymentId);
    expect(await ids(null)).toEqual([zelleId, bankId]);
    expect(await ids("zelle")).toEqual([zelleId]);
    expect(await ids("bankTransfer")).toEqual([bankId]);
    expect((await verificationQueue(admin(), { method: "zelle" })).awaiting.rows[0]).toMatchObject({
      amountUsd: "$60",
      igtf: "$1.80",
      transferReference: "ZL12AB34",
    });
  });

  it("keeps each payment's rate: tomorrow's rate, or today's overridden, changes nothing stored", async () => {
    await setUp();
    const paymentId = await submitted("bankTransfer", bank);
    const db = await getDb();
    await db.insert(exchangeRates).values([
      { usdToBsRate: "40.0000", rateDate: "2026-11-21", source: "BCV" },
      { usdToBsRate: "38.0000", rateDate: "2026-11-20", source: "BCV" },
    ]);
    expect(await approveMobilePayment(admin(), paymentId, new Date(now.getTime() + DAY))).toBe("partial");
    const [payment] = await db.select().from(payments);
    expect(payment.details).toMatchObject({ amountBs: "1460.00", rate: "36.5000", rateDate: "2026-11-20" });
  });
});
