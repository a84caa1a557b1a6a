import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { loadReceipt, renderReceipt } from "~/modules/payment/receipt.server";
import { getDb, schema } from "~/utils/db.server";
import type { SessionUser } from "~/utils/session.server";
import { closeDb } from "../../db/client";
import { createBooking, createCar, createMaiquetia, createSupplier, createUser, resetDatabase } from "../factories";
import { pdfText } from "../pdf-text";

/*
 * Which bookings have a receipt, for whom (docs/security.md#accounts-and-access: the booking
 * scope), and that it carries what the database holds.
 */
const WEEK = 7 * 86_400_000;
type Who = Pick<SessionUser, "id" | "type" | "supplierId">;
let fx: {
  driver: Who;
  otherDriver: Who;
  staff: Who;
  otherStaff: Who;
  placeId: number;
  carId: number;
  supplierId: number;
};

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const supplier = await createSupplier(db, { name: "Llanos Rent" });
  const otherSupplier = await createSupplier(db);
  const car = await createCar(db, { supplierId: supplier.id, name: "Toyota Corolla", locationIds: [place.id] });
  const who = (u: { id: number; type: SessionUser["type"]; supplierId: number | null }): Who => ({
    id: u.id,
    type: u.type,
    supplierId: u.supplierId,
  });
  fx = {
    driver: who(await createUser(db, { fullName: "Μαρία Núñez", email: "maria@example.com" })),
    otherDriver: who(await createUser(db)),
    staff: who(await createUser(db, { type: "supplier", supplierId: supplier.id })),
    otherStaff: who(await createUser(db, { type: "supplier", supplierId: otherSupplier.id })),
    placeId: place.id,
    carId: car.id,
    supplierId: supplier.id,
  };
});

afterAll(async () => {
  await closeDb();
});

/** A booking of the test car (`weeks` later for each further one, so none overlap). */
async function booking(status: "paid" | "pending", payment: "succeeded" | "pending" | null, weeks = 0) {
  const db = await getDb();
  const row = await createBooking(db, {
    carId: fx.carId,
    supplierId: fx.supplierId,
    driverId: fx.driver.id,
    locationId: fx.placeId,
    startsAt: new Date(Date.parse("2026-12-03T14:00:00Z") + weeks * WEEK),
    endsAt: new Date(Date.parse("2026-12-06T14:00:00Z") + weeks * WEEK),
    status,
    paymentMethod: "cardPayment",
  });
  if (payment) {
    await db.insert(schema.payments).values({
      bookingId: row.id,
      method: "cardPayment",
      status: payment,
      amountCents: row.priceCents,
      providerReference: `stripe:cs_test_${row.id}`,
    });
  }
  return row;
}

describe("loadReceipt", () => {
  it("gives the driver and the supplier's staff the receipt of a paid booking, in their language", async () => {
    const paid = await booking("paid", "succeeded");
    for (const user of [fx.driver, fx.staff]) {
      const found = await loadReceipt(user, paid.id, "el");
      if (!found.ok) throw new Error(found.reason);
      const text = await pdfText(await renderReceipt(found.receipt, "el"));
      for (const expected of [
        `Κωδικός κράτησης ${paid.reference}`,
        "Οδηγός Μαρία Núñez maria@example.com",
        "Όχημα Toyota Corolla",
        "Εταιρεία Llanos Rent",
        "Παραλαβή Αεροδρόμιο Μαϊκετία",
        "3 Δεκ 2026, 10:00",
        "3 ημέρες × $50 $150",
        "Τρόπος πληρωμής Κάρτα",
        `Αναφορά πληρωμής …${`cs_test_${paid.id}`.slice(-8)}`,
        "Ποσό που καταβλήθηκε $150",
      ]) {
        expect(text).toContain(expected);
      }
    }
    const spanish = await loadReceipt(fx.driver, paid.id, "es");
    expect(spanish.ok && spanish.receipt.pickup.name).toBe("Aeropuerto de Maiquetía");
  });

  it("shows the payer's bank reference as typed and the bolívares paid at the stored rate, never the internal key", async () => {
    const row = await booking("paid", null);
    const db = await getDb();
    await db.insert(schema.payments).values({
      bookingId: row.id,
      method: "mobilePayment",
      status: "succeeded",
      amountCents: row.priceCents,
      providerReference: "pm:0134:4512378:2026-11-25",
      details: {
        bank: "0134",
        phone: "04141234567",
        reference: "004512378",
        date: "2026-11-25",
        amountBs: "36825.00",
        rate: "245.5000",
        rateDate: "2026-11-25",
      },
    });
    const found = await loadReceipt(fx.driver, row.id, "en");
    if (!found.ok) throw new Error(found.reason);
    expect(found.receipt.payments).toEqual([
      expect.objectContaining({ reference: "004512378", bolivars: { amount: "36,825 Bs", rate: "245.5" } }),
    ]);
    const text = await pdfText(await renderReceipt(found.receipt, "en"));
    expect(text).toContain("Payment reference 004512378");
    expect(text).toContain("Paid in bolívares 36,825 Bs at 245.5 Bs per dollar");
    expect(text).not.toContain("pm:");
  });

  it("is not found for another driver or another supplier's staff, nor for a missing booking", async () => {
    const paid = await booking("paid", "succeeded");
    expect(await loadReceipt(fx.otherDriver, paid.id, "es")).toEqual({ ok: false, reason: "notFound" });
    expect(await loadReceipt(fx.otherStaff, paid.id, "es")).toEqual({ ok: false, reason: "notFound" });
    expect(await loadReceipt(fx.driver, paid.id + 1000, "es")).toEqual({ ok: false, reason: "notFound" });
  });

  it("has no receipt until the booking is paid with a succeeded payment", async () => {
    const cases = [
      ["pending", null],
      ["pending", "pending"],
      ["paid", null],
      ["paid", "pending"],
    ] as const;
    for (const [index, [status, payment]] of cases.entries()) {
      const row = await booking(status, payment, index);
      expect(await loadReceipt(fx.driver, row.id, "es"), `${status}/${payment}`).toEqual({
        ok: false,
        reason: "notPaid",
      });
    }
  });
});
