import { and, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { changeStatus } from "~/modules/booking/change-status.server";
import { requestAmendment } from "~/modules/booking/request-amendment.server";
import { sweepExpiredHolds } from "~/modules/booking/holds.server";
import { fulfilPayment } from "~/modules/payment/fulfil.server";
import { submitMobilePayment } from "~/modules/payment/submit-mobile-payment.server";
import { loadPayableBooking } from "~/modules/payment/payable.server";
import { inviteStaff } from "~/modules/suppliers/suppliers.server";
import { createStaffAccount } from "~/modules/user/admin-users.server";
import type { StaffUser } from "~/modules/access/staff.server";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createLocation,
  createPaymentSettings,
  createSupplier,
  createUser,
  outboxEmails,
  resetDatabase,
} from "../factories";

/*
 * Everyone told, in their language (docs/domain.md#staff-notices): the supplier's staff and the
 * admins get an in-app notification and — when they take email notifications — an email in their
 * own language for a new booking (every way of paying), a pago móvil transfer to verify, a
 * cancellation (with the audit entry of a driver's cancel) and a change with its old → new
 * values; each names the booking and links to it. Staff invitations name the inviter, the
 * supplier and the role.
 */
const { auditLog, bookings, notifications, payments } = schema;
const DAY = 24 * 3_600_000;
// Ten days from now at 14:00 UTC (10:00 in Caracas).
const base = new Date(Math.floor((Date.now() + 10 * DAY) / DAY) * DAY + 14 * 3_600_000);
const at = (days: number) => new Date(base.getTime() + days * DAY);

type Person = {
  id: number;
  type: "admin" | "supplier" | "user" | "enterprise";
  supplierId: number | null;
  fullName: string;
};
let fx: {
  placeId: number;
  otherPlaceId: number;
  supplierId: number;
  carId: number;
  driver: Person;
  staff: Person;
  quietStaff: Person;
  admin: Person;
  otherStaff: Person;
};

const person = (row: Person): Person => ({
  id: row.id,
  type: row.type,
  supplierId: row.supplierId,
  fullName: row.fullName,
});

async function book(values: Partial<typeof bookings.$inferInsert> = {}) {
  return createBooking(await getDb(), {
    carId: fx.carId,
    supplierId: fx.supplierId,
    driverId: fx.driver.id,
    locationId: fx.placeId,
    startsAt: at(0),
    endsAt: at(2),
    ...values,
  });
}

async function emails(template: string) {
  return outboxEmails(await getDb(), template);
}

async function notesOf(bookingId: number, messageKey: string) {
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.bookingId, bookingId), eq(notifications.messageKey, messageKey)))
    .orderBy(notifications.userId);
}

const emailOf = async (id: number) => {
  const db = await getDb();
  const [row] = await db.select({ email: schema.users.email }).from(schema.users).where(eq(schema.users.id, id));
  return row.email;
};

/** The admin as the back office's session has them. */
async function adminUser(): Promise<StaffUser> {
  const db = await getDb();
  const [row] = await db.select().from(schema.users).where(eq(schema.users.id, fx.admin.id));
  return { ...row, type: "admin", unreadNotifications: 0 };
}

beforeEach(async () => {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createLocation(db, { nameEn: "Maiquetía Airport", nameFr: "Aéroport de Maiquetía" });
  const other = await createLocation(db, { nameEn: "Caracas Altamira", nameFr: "Caracas Altamira" });
  const supplier = await createSupplier(db, { name: "Llanos Rent a Car" });
  const otherSupplier = await createSupplier(db);
  const car = await createCar(db, {
    supplierId: supplier.id,
    locationIds: [place.id, other.id],
    name: "Chevrolet Spark",
  });
  fx = {
    placeId: place.id,
    otherPlaceId: other.id,
    supplierId: supplier.id,
    carId: car.id,
    driver: person(await createUser(db, { fullName: "María Fernanda", language: "es" })),
    staff: person(
      await createUser(db, { type: "supplier", supplierId: supplier.id, fullName: "Luis Llanos", language: "fr" }),
    ),
    quietStaff: person(
      await createUser(db, {
        type: "supplier",
        supplierId: supplier.id,
        fullName: "Quiet Staff",
        enableEmailNotifications: false,
      }),
    ),
    admin: person(await createUser(db, { type: "admin", fullName: "Ana Admin", language: "en" })),
    otherStaff: person(await createUser(db, { type: "supplier", supplierId: otherSupplier.id })),
  };
});

afterAll(async () => {
  await closeDb();
});

describe("a cancellation", () => {
  it("by the driver reaches the supplier's staff and the admins by notification and email, and is audited", async () => {
    const b = await book();
    expect(await cancelBooking(fx.driver, b.id)).toBe("cancelled");

    const notes = await notesOf(b.id, "notifications:messages.cancelledByDriver");
    expect(notes.map((n) => n.userId).sort()).toEqual([fx.staff.id, fx.quietStaff.id, fx.admin.id].sort());
    expect(notes[0].params).toMatchObject({ reference: b.reference, car: "Chevrolet Spark" });

    const sent = await emails("booking-cancelled");
    // The one who turned email notifications off is not emailed; another supplier's staff hear nothing.
    expect(sent.map((e) => e.to[0]).sort()).toEqual([await emailOf(fx.staff.id), await emailOf(fx.admin.id)].sort());
    const toStaff = sent.find((e) => e.language === "fr")!;
    expect(toStaff.subject).toBe(`Le conducteur a annulé la réservation ${b.reference}`);
    expect(toStaff.text).toContain("María Fernanda a annulé la réservation");
    expect(toStaff.text).toContain("Aéroport de Maiquetía");
    expect(toStaff.text).toContain(`/booking?b=${b.id}`);
    const toAdmin = sent.find((e) => e.language === "en")!;
    expect(toAdmin.subject).toBe(`Booking ${b.reference} was cancelled by the driver`);
    expect(toAdmin.text).toContain("Maiquetía Airport");

    const db = await getDb();
    const audit = await db.select().from(auditLog).where(eq(auditLog.subjectId, b.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: "booking.cancel",
        actorId: fx.driver.id,
        subjectType: "booking",
        supplierId: fx.supplierId,
        changes: { status: ["pending", "cancelled"] },
      }),
    ]);
  });

  it("asked for on a booking paid online reaches staff by email too, and so does a change asked for", async () => {
    const b = await book({ status: "paid", paymentMethod: "cardPayment", cancellation: true });
    expect(await cancelBooking(fx.driver, b.id)).toBe("requested");
    const asked = await emails("cancel-requested");
    expect(asked.map((e) => e.to[0]).sort()).toEqual([await emailOf(fx.staff.id), await emailOf(fx.admin.id)].sort());
    expect(asked.find((e) => e.language === "en")!.subject).toBe(`The driver asks to cancel booking ${b.reference}`);
    expect(await notesOf(b.id, "notifications:messages.cancelRequested")).toHaveLength(3);

    const other = await book({
      status: "paid",
      paymentMethod: "cardPayment",
      cancellation: true,
      startsAt: at(20),
      endsAt: at(22),
    });
    expect(await requestAmendment(fx.driver, other.id, "Two more days, please")).toBe("requested");
    const [change] = (await emails("amendment-requested")).filter((e) => e.language === "en");
    expect(change.subject).toBe(`The driver asks to change booking ${other.reference}`);
    expect(change.text).toContain("“Two more days, please”");
  });

  it("by staff reaches the others, not the one who did it", async () => {
    const b = await book();
    expect(await changeStatus(fx.staff, b.id, "cancelled")).toEqual({ ok: true, status: "cancelled" });
    const notes = await notesOf(b.id, "notifications:messages.bookingCancelled");
    expect(notes.map((n) => n.userId).sort()).toEqual([fx.quietStaff.id, fx.admin.id].sort());
    const sent = await emails("booking-cancelled");
    expect(sent.map((e) => e.to[0])).toEqual([await emailOf(fx.admin.id)]);
    expect(sent[0].subject).toBe(`Booking ${b.reference} was cancelled`);
  });

  it("of a hold nobody paid for (it lapsed) tells staff nothing: they never heard of it", async () => {
    const b = await book({
      status: "void",
      paymentMethod: "cardPayment",
      holdExpiresAt: new Date(Date.now() - 60_000),
    });
    await sweepExpiredHolds();
    const db = await getDb();
    const [row] = await db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, b.id));
    expect(row.status).toBe("cancelled");
    expect(await emails("booking-cancelled")).toEqual([]);
    expect(await notesOf(b.id, "notifications:messages.bookingCancelled")).toEqual([]);
  });
});

describe("a change", () => {
  it("reaches staff with the old → new dates, place and price, and is audited", async () => {
    const b = await book();
    const change = {
      pickUp: at(5),
      dropOff: at(8),
      pickupLocationId: fx.otherPlaceId,
      dropoffLocationId: fx.otherPlaceId,
      options: [],
      additionalDriver: null,
    };
    expect(await amendBooking(fx.driver, b.id, change)).toBe("amended");

    const [note] = await notesOf(b.id, "notifications:messages.bookingAmended").then((n) =>
      n.filter((x) => x.userId === fx.admin.id),
    );
    expect(note.params).toMatchObject({
      reference: b.reference,
      before: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 10:00 – \d{4}-\d{2}-\d{2} 10:00$/),
      after: expect.stringMatching(/^\d{4}-\d{2}-\d{2} 10:00 – \d{4}-\d{2}-\d{2} 10:00$/),
      totalBefore: "$100",
    });
    expect(note.params.before).not.toBe(note.params.after);

    const sent = await emails("booking-changed");
    expect(sent.map((e) => e.to[0]).sort()).toEqual([await emailOf(fx.staff.id), await emailOf(fx.admin.id)].sort());
    const toAdmin = sent.find((e) => e.language === "en")!;
    expect(toAdmin.subject).toBe(`Booking ${b.reference} was changed`);
    expect(toAdmin.text).toMatch(/Pick-up: Maiquetía Airport, .+ → Caracas Altamira, .+/);
    expect(toAdmin.text).toMatch(/Total: \$100 → \$\d+/);
    expect(toAdmin.text).toContain(`/booking?b=${b.id}`);

    const db = await getDb();
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.subjectId, b.id));
    expect(audit).toMatchObject({ action: "booking.amend", actorId: fx.driver.id, supplierId: fx.supplierId });
    expect(audit.changes).toMatchObject({ pickupLocationId: [fx.placeId, fx.otherPlaceId] });
  });
});

describe("a new booking", () => {
  it("paid online (a hold) is announced to staff once its payment is confirmed, with its way of paying", async () => {
    const b = await book({
      status: "void",
      paymentMethod: "cardPayment",
      holdExpiresAt: new Date(Date.now() + 20 * 60_000),
    });
    expect(await emails("new-booking")).toEqual([]);
    const db = await getDb();
    const [payment] = await db
      .insert(payments)
      .values({ bookingId: b.id, method: "cardPayment", amountCents: b.priceCents, providerReference: `demo:${b.id}` })
      .returning();
    expect(await fulfilPayment(payment.id)).toBe("paid");
    expect(await fulfilPayment(payment.id)).toBe("alreadyDone");

    const sent = await emails("new-booking");
    expect(sent.map((e) => e.jobId).sort()).toEqual(
      [`new-booking-${b.id}-${fx.staff.id}`, `new-booking-${b.id}-${fx.admin.id}`].sort(),
    );
    const toAdmin = sent.find((e) => e.language === "en")!;
    expect(toAdmin.subject).toBe(`New booking ${b.reference}`);
    expect(toAdmin.text).toContain("Payment: Card");
    expect(toAdmin.text).toContain("Status: Paid");
    const notes = await notesOf(b.id, "notifications:messages.newBooking");
    expect(notes.map((n) => n.userId).sort()).toEqual([fx.staff.id, fx.quietStaff.id, fx.admin.id].sort());
  });

  it("by pago móvil: staff get a “transfer waiting” email and notification when the transfer is submitted", async () => {
    const db = await getDb();
    await createPaymentSettings(db);
    const now = new Date();
    const b = await book({
      status: "void",
      paymentMethod: "mobilePayment",
      holdExpiresAt: new Date(now.getTime() + 20 * 60_000),
      createdAt: new Date(now.getTime() - 60_000),
      priceCents: 12345,
    });
    const payable = await loadPayableBooking(b.id, { userId: fx.driver.id, grant: null }, undefined, now);
    const caracasToday = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Caracas" }).format(now);
    const result = await submitMobilePayment(
      payable!,
      { bank: "0134", phone: "04141234567", reference: "004512378", date: caracasToday },
      now,
    );
    expect(result.ok).toBe(true);

    const sent = await emails("transfer-waiting");
    expect(sent.map((e) => e.to[0]).sort()).toEqual([await emailOf(fx.staff.id), await emailOf(fx.admin.id)].sort());
    const toAdmin = sent.find((e) => e.language === "en")!;
    expect(toAdmin.subject).toBe(`Pago móvil transfer to verify: booking ${b.reference}`);
    expect(toAdmin.text).toContain("$123.45");
    expect(toAdmin.text).toContain("4,505.93 Bs");
    expect(toAdmin.text).toContain("/admin/payments");
    expect(toAdmin.text).toContain(`/booking?b=${b.id}`);
    const toStaff = sent.find((e) => e.language === "fr")!;
    expect(toStaff.subject).toBe(`Virement pago móvil à vérifier\u202f: réservation ${b.reference}`);
    const notes = await notesOf(b.id, "notifications:messages.transferWaiting");
    expect(notes).toHaveLength(3);
    expect(notes[0].params).toEqual({ reference: b.reference, amount: "$123.45" });
  });
});

describe("a staff invitation", () => {
  it("from a supplier's page names the inviter, the supplier and the role, in the invitee's language", async () => {
    const email = "carla@oriente.example";
    const outcome = await inviteStaff(await adminUser(), fx.supplierId, { fullName: "Carla", email, language: "es" });
    expect(outcome.status).toBe("invited");
    const [invitation] = await emails("staff-invitation");
    expect(invitation.to).toEqual([email]);
    expect(invitation.language).toBe("es");
    expect(invitation.subject).toBe("Ana Admin lo invitó a Llanos Rent a Car en Rueda");
    expect(invitation.text).toContain("Invitado por: Ana Admin");
    expect(invitation.text).toContain("Proveedor: Llanos Rent a Car");
    expect(invitation.text).toContain("Función: Personal del proveedor");
    expect(invitation.text).toMatch(/\/activate\?token=/);
    expect(await emails("activation")).toEqual([]);
  });

  it("for an administrator names the inviter and the role", async () => {
    const created = await createStaffAccount(
      await adminUser(),
      { fullName: "Otto", email: "otto@rueda.example", phone: "+584141112233", type: "admin" },
      "en",
    );
    expect(created.ok).toBe(true);
    const [invitation] = await emails("staff-invitation");
    expect(invitation.subject).toBe("Ana Admin invited you to run Rueda as an administrator");
    expect(invitation.text).toContain("Role: Administrator");
    expect(invitation.text).not.toContain("Supplier:");
  });
});
