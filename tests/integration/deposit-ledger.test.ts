import type { AppLoadContext } from "@remix-run/node";
import { asc, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { dashboardFigures } from "~/modules/backoffice/dashboard.server";
import { closeRental } from "~/modules/counter/close.server";
import { refundHeldDeposit } from "~/modules/counter/deposit-refund.server";
import { finalReceipt } from "~/modules/counter/final-receipt.server";
import { pickUp } from "~/modules/counter/pickup.server";
import type { ReturnForm } from "~/modules/counter/return";
import { recordReturn } from "~/modules/counter/return.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { action as bookingAction, loader as bookingLoader } from "~/routes/booking";
import { schema } from "~/utils/db.server";
import { pdfText } from "../pdf-text";
import { formPost } from "../route-calls";
import { form, fx, now, pickupHooks } from "./fixtures/pickup";

/*
 * The deposit ledger (docs/domain.md#deposit-ledger) against the real database: a $100 cash
 * deposit received at the pick-up, what the final bill retains at the return, the refund recorded
 * at the close (never more than is held, never by another supplier's staff nor on one's own
 * booking), the balance the booking page and the final receipt show, and the dashboard's deposits
 * overdue to return after the supplier's days.
 */
const { auditLog, depositLedger, rentals, suppliers } = schema;

pickupHooks();

/** Back on time (14:00 in Caracas is the drop-off), the odometer and the fuel as they went out. */
const returnForm = (damages: ReturnForm["damages"] = []): ReturnForm => ({
  odometer: 48213,
  fuel: 6,
  returnedAt: "2026-12-06T13:00",
  damages,
  photos: [],
  marks: [],
});
const returnedAt = new Date("2026-12-06T17:00:00Z");
const afterReturn = new Date("2026-12-06T17:30:00Z");
const DAY = 86_400_000;

/** A booking picked up with a $100 cash deposit and returned, with `damages` on the bill. */
async function returnedWithCash(damages: ReturnForm["damages"] = [], values: Parameters<typeof fx.book>[0] = {}) {
  const booking = await fx.book(values);
  // A staff member's own booking is handed over by someone else (docs/security.md#payments).
  const by = booking.driverId === fx.staff.id ? fx.admin : fx.staff;
  // (With the staff member's licence, which their account lacks.)
  const licence = { licenceNumber: "V-9", licenceCountry: "Venezuela", licenceExpiresOn: "2030-01-01" };
  const taken = form({
    deposit: 10_000,
    depositTaken: "cash",
    depositReference: "REC-1",
    ...(booking.driverId === fx.staff.id ? licence : {}),
  });
  expect(await pickUp(by, booking.id, taken, now)).toBe("pickedUp");
  expect(await recordReturn(by, booking.id, returnForm(damages), afterReturn)).toMatchObject({ outcome: "returned" });
  return booking;
}

const ledgerOf = (bookingId: number) =>
  fx.db.select().from(depositLedger).where(eq(depositLedger.bookingId, bookingId)).orderBy(asc(depositLedger.id));
const rentalOf = async (bookingId: number) =>
  (await fx.db.select().from(rentals).where(eq(rentals.bookingId, bookingId)))[0];
const refund = (cents: number, reference = "TRF-778") =>
  ({ refundAmount: cents, refundMethod: "cash", refundReference: reference }) as const;

/** A form posted to the booking page as `user`, without JavaScript; a thrown answer (404) returned. */
const postBooking = (user: StaffUser, id: number, fields: Record<string, string>) =>
  bookingAction({
    request: formPost(`/booking?b=${id}`, fields),
    context: { user, language: "en", t: getFixedT("en") } as unknown as AppLoadContext,
    params: {},
  }).catch((thrown: unknown) => thrown) as Promise<Response>;

/** The booking page as `user` loads it. */
const page = async (user: StaffUser, id: number) =>
  (await bookingLoader({
    request: new Request(`http://rueda.test/booking?b=${id}`),
    context: { user, language: "en", t: getFixedT("en") } as unknown as AppLoadContext,
    params: {},
  })) as unknown as Record<string, unknown>;

describe("the ledger of a cash deposit", () => {
  it("records the deposit received at the pick-up and what the final bill retains at the return", async () => {
    const booking = await returnedWithCash([{ amountCents: 3000, note: "Scratched door" }]);
    expect(await ledgerOf(booking.id)).toEqual([
      expect.objectContaining({
        kind: "received",
        amountCents: 10_000,
        method: "cash",
        reference: "REC-1",
        recordedBy: fx.staff.id,
        recordedAt: now,
      }),
      expect.objectContaining({ kind: "retained", amountCents: 3000, method: null, reason: "finalBill" }),
    ]);
    // Received − refunded − retained: $70 still held, for the driver and staff alike.
    for (const user of [fx.driver, fx.staff])
      expect(await page(user, booking.id)).toMatchObject({
        depositLedger: { balance: { receivedCents: 10_000, retainedCents: 3000, refundedCents: 0, heldCents: 7000 } },
      });
    const actions = await fx.db
      .select({ action: auditLog.action, changes: auditLog.changes })
      .from(auditLog)
      .where(like(auditLog.action, "booking.deposit%"))
      .orderBy(asc(auditLog.id));
    expect(actions).toEqual([
      { action: "booking.depositReceived", changes: expect.objectContaining({ amountCents: [null, 10_000] }) },
      { action: "booking.depositRetained", changes: expect.objectContaining({ reason: [null, "finalBill"] }) },
    ]);
  });

  it("refunds at the close what is held, with its reference and who; the balance is then 0 and the receipt lists it", async () => {
    const booking = await returnedWithCash();
    expect(await closeRental(fx.staff, booking.id, refund(10_000), afterReturn)).toBe("closed");
    expect((await ledgerOf(booking.id)).map((e) => [e.kind, e.amountCents, e.method, e.reference])).toEqual([
      ["received", 10_000, "cash", "REC-1"],
      ["refunded", 10_000, "cash", "TRF-778"],
    ]);
    expect((await ledgerOf(booking.id))[1]).toMatchObject({ recordedBy: fx.staff.id, recordedAt: afterReturn });
    expect(await page(fx.driver, booking.id)).toMatchObject({
      depositLedger: { balance: { heldCents: 0, refundedCents: 10_000 }, refund: false },
    });
    const [audit] = await fx.db.select().from(auditLog).where(eq(auditLog.action, "booking.close"));
    expect(audit.changes).toMatchObject({ depositReturnedCents: [null, 10_000] });
    const text = await pdfText((await finalReceipt(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Refunded · Cash (dollars) · reference TRF-778 $100");
    expect(text).toContain("Still held $0");
  });

  it("refuses a refund larger than what is held, saying so; nothing changes", async () => {
    const booking = await returnedWithCash([{ amountCents: 3000, note: "Scratched door" }]);
    const before = await fx.db.select().from(auditLog);
    expect(await closeRental(fx.staff, booking.id, refund(7001), afterReturn)).toBe("refundTooLarge");
    expect((await rentalOf(booking.id)).state).toBe("returned");
    expect((await ledgerOf(booking.id)).map((e) => e.kind)).toEqual(["received", "retained"]);
    expect(await fx.db.select().from(auditLog)).toHaveLength(before.length);
    // Posted on the booking page: said next to the amount, in the reader's language.
    const answer = await postBooking(fx.staff, booking.id, {
      intent: "close",
      refundAmount: "70.01",
      refundMethod: "mobilePayment",
      refundReference: "0102-99",
    });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(await answer.json())).toContain("bookings:deposit.errors.tooLarge");
    expect((await ledgerOf(booking.id)).map((e) => e.kind)).toEqual(["received", "retained"]);
    // A refund asked without its amount is not a close.
    expect(await closeRental(fx.staff, booking.id, {}, afterReturn)).toBe("asksChanged");
  });

  it("leaves what a partial refund did not give back held, for a refund after the close; never more", async () => {
    const booking = await returnedWithCash();
    expect(await closeRental(fx.staff, booking.id, refund(6000), afterReturn)).toBe("closed");
    expect(await page(fx.staff, booking.id)).toMatchObject({
      depositLedger: { balance: { heldCents: 4000 }, refund: true },
    });
    expect(await refundHeldDeposit(fx.staff, booking.id, refund(4001, "B-2"))).toBe("tooLarge");
    // Posted on the booking page without JavaScript: the plain form's fields, a redirect to the ledger.
    const posted = await postBooking(fx.staff, booking.id, {
      intent: "depositRefund",
      refundAmount: "15",
      refundMethod: "bankTransfer",
      refundReference: "0105-12",
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/booking?b=${booking.id}#deposit`);
    expect(await refundHeldDeposit(fx.admin, booking.id, refund(2500, "B-2"))).toBe("refunded");
    expect(await refundHeldDeposit(fx.admin, booking.id, refund(1, "B-3"))).toBe("tooLarge");
    expect((await ledgerOf(booking.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ["received", 10_000],
      ["refunded", 6000],
      ["refunded", 1500],
      ["refunded", 2500],
    ]);
  });

  it("is for the booking's supplier's staff and admins: another supplier's staff get a 404, nothing written", async () => {
    const booking = await returnedWithCash();
    expect(await closeRental(fx.otherStaff, booking.id, refund(10_000), afterReturn)).toBe("notFound");
    expect(await refundHeldDeposit(fx.otherStaff, booking.id, refund(100))).toBe("notFound");
    expect(await refundHeldDeposit(fx.driver, booking.id, refund(100))).toBe("notFound");
    const post = (intent: string) =>
      postBooking(fx.otherStaff, booking.id, { intent, refundAmount: "100", refundMethod: "cash" });
    for (const intent of ["close", "depositRefund"]) expect((await post(intent)).status).toBe(404);
    expect((await ledgerOf(booking.id)).map((e) => e.kind)).toEqual(["received"]);
    expect((await rentalOf(booking.id)).state).toBe("returned");
  });

  it("is refused to a staff member refunding the deposit of their own booking", async () => {
    const booking = await returnedWithCash([], { driverId: fx.staff.id });
    expect(await closeRental(fx.staff, booking.id, refund(10_000), afterReturn)).toBe("ownBooking");
    expect(await refundHeldDeposit(fx.staff, booking.id, refund(100))).toBe("ownBooking");
    expect((await ledgerOf(booking.id)).map((e) => e.kind)).toEqual(["received"]);
  });
});

describe("deposits overdue to return (the dashboard)", () => {
  const overdueOf = async (user: StaffUser, at: Date) =>
    (await dashboardFigures(user, at)).overdueDeposits.map((d) => [d.bookingId, d.heldCents]);

  it("lists a deposit still held more than the supplier's days after the return, in the caller's scope", async () => {
    const booking = await returnedWithCash([{ amountCents: 2500, note: "Dent" }]);
    // The return is stored as typed: 13:00 in Caracas, 17:00 UTC. Default: 7 days.
    expect((await rentalOf(booking.id)).returnedAt).toEqual(returnedAt);
    expect(await overdueOf(fx.staff, new Date(returnedAt.getTime() + 7 * DAY))).toEqual([]);
    expect(await overdueOf(fx.staff, new Date(returnedAt.getTime() + 7 * DAY + 60_000))).toEqual([[booking.id, 7500]]);
    expect(await overdueOf(fx.admin, new Date(returnedAt.getTime() + 8 * DAY))).toEqual([[booking.id, 7500]]);
    expect(await overdueOf(fx.otherStaff, new Date(returnedAt.getTime() + 8 * DAY))).toEqual([]);
    // The supplier's own days: 10 → not yet overdue 8 days after.
    await fx.db.update(suppliers).set({ depositReturnDays: 10 }).where(eq(suppliers.id, fx.llanos.id));
    expect(await overdueOf(fx.staff, new Date(returnedAt.getTime() + 8 * DAY))).toEqual([]);
    expect(await overdueOf(fx.staff, new Date(returnedAt.getTime() + 11 * DAY))).toEqual([[booking.id, 7500]]);
    // Refunded: no longer listed.
    expect(await closeRental(fx.staff, booking.id, refund(7500), afterReturn)).toBe("closed");
    expect(await overdueOf(fx.staff, new Date(returnedAt.getTime() + 11 * DAY))).toEqual([]);
  });
});
