import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { changeStatus } from "~/modules/booking/change-status.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { demoCards } from "~/modules/payment/card";
import { findCardPayment } from "~/modules/payment/card-attempts.server";
import { payWithDemoCard } from "~/modules/payment/settle-card-payment.server";
import { rentalAgreement } from "~/modules/counter/agreement.server";
import type { PickupForm } from "~/modules/counter/pickup";
import { loadPickup, pickUp } from "~/modules/counter/pickup.server";
import { SIGNATURE_MAX_BYTES } from "~/modules/counter/signature";
import { action, loader } from "~/routes/admin.counter_.pickup";
import { inspectionOf, processInspectionPhotos, rentalPhotoFor } from "~/modules/counter/inspection.server";
import { loader as photoLoader } from "~/routes/booking_.photo";
import { loader as mediaLoader } from "~/routes/media.$name";
import { getDb, schema } from "~/utils/db.server";
import { closeDb } from "../../db/client";
import {
  createBooking,
  createCar,
  createMaiquetia,
  createSupplier,
  createUser,
  noBill,
  outboxEmails,
  resetDatabase,
} from "../factories";
import { pdfText } from "../pdf-text";

/*
 * The pick-up at the counter against the real database (docs/domain.md#pick-up): scope, the
 * licence, one pick-up per booking, the counter payment through the money door, no cancel or
 * amendment once out, and the signed agreement (docs/domain.md#rental-agreement).
 */
const { bookings, notifications, payments, rentals } = schema;

// 2026-12-03 12:00 in Caracas; the bookings pick up at 14:00 that day.
const now = new Date("2026-12-03T16:00:00Z");
const who = (u: { id: number; type: string; supplierId: number | null }) => u as unknown as StaffUser;

let fx: Awaited<ReturnType<typeof setUp>>;

async function setUp() {
  const db = await getDb();
  await resetDatabase(db);
  const place = await createMaiquetia(db);
  const llanos = await createSupplier(db, {
    name: "Llanos Rent",
    rif: "J-12345678-4",
    fiscalAddress: "Av. Bolívar 1, Barinas",
  });
  const other = await createSupplier(db);
  const car = await createCar(db, {
    supplierId: llanos.id,
    name: "Toyota Corolla",
    locationIds: [place.id],
    plate: "AB123CD",
  });
  const driver = await createUser(db, {
    fullName: "Daniela Conductora",
    email: "daniela@example.com",
    language: "en",
    licenceNumber: "V-123",
    licenceCountry: "Venezuela",
    licenceExpiresOn: "2030-01-01",
    birthDate: "2004-12-10",
  });
  let cars = 0;
  /**
   * A paid booking picking up at 14:00 today in Caracas, for 3 days: the first on the Corolla, each
   * further one on a car of its own (a car's bookings never overlap) unless `values` names one.
   */
  const book = async (values: Partial<typeof bookings.$inferInsert> = {}) => {
    const start = Date.parse("2026-12-03T18:00:00Z");
    const carId =
      values.carId ??
      (cars++ === 0
        ? car.id
        : (await createCar(db, { supplierId: llanos.id, locationIds: [place.id], plate: `AB${100 + cars}CD` })).id);
    const row = await createBooking(db, {
      carId,
      supplierId: llanos.id,
      driverId: driver.id,
      locationId: place.id,
      startsAt: new Date(start),
      endsAt: new Date(start + 3 * 86_400_000),
      status: "paid",
      paymentMethod: "cardPayment",
      ...values,
    });
    // A paid booking was paid: its payment covers the price.
    if (row.status === "paid")
      await db.insert(payments).values({
        bookingId: row.id,
        method: "cardPayment",
        status: "succeeded",
        amountCents: row.priceCents,
        providerReference: `stripe:cs_test_${row.id}`,
      });
    return row;
  };
  return {
    db,
    book,
    llanos,
    car,
    driver: who(driver),
    staff: who(await createUser(db, { type: "supplier", supplierId: llanos.id })),
    otherStaff: who(await createUser(db, { type: "supplier", supplierId: other.id })),
    admin: who(await createUser(db, { type: "admin" })),
  };
}

const form = (values: Partial<PickupForm> = {}): PickupForm =>
  ({
    odometer: 48213,
    fuel: 6,
    deposit: 30000,
    depositTaken: "cardHold",
    signerName: "Daniela Conductora",
    agree: true,
    photos: [],
    marks: [],
    ...values,
  }) as PickupForm;

beforeEach(async () => {
  fx = await setUp();
});

afterAll(async () => {
  await closeDb();
});

describe("pick-up", () => {
  it("is for the booking's supplier's staff and admins; others find no booking", async () => {
    const booking = await fx.book();
    expect(await loadPickup(fx.otherStaff, booking.id, now)).toBeNull();
    expect(await loadPickup(fx.driver, booking.id, now)).toBeNull();
    expect(await pickUp(fx.otherStaff, booking.id, form(), now)).toBe("notFound");
    expect(await pickUp(fx.driver, booking.id, form(), now)).toBe("notFound");
    expect((await loadPickup(fx.admin, booking.id, now))?.blocker).toBeNull();
    expect(await fx.db.select().from(rentals)).toEqual([]);
  });

  it("records it once: a second pick-up is refused", async () => {
    const booking = await fx.book();
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("pickedUp");
    expect(await pickUp(fx.admin, booking.id, form({ odometer: 1 }), now)).toBe("alreadyOut");
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    expect(rental).toMatchObject({
      state: "out",
      odometerOutKm: 48213,
      fuelOutEighths: 6,
      depositCents: 30000,
      language: "en",
    });
    expect((await loadPickup(fx.staff, booking.id, now))?.blocker).toBe("alreadyOut");
  });

  it("races: of two pick-ups at once, one is recorded", async () => {
    const booking = await fx.book();
    const outcomes = await Promise.all([
      pickUp(fx.staff, booking.id, form(), now),
      pickUp(fx.admin, booking.id, form(), now),
    ]);
    expect(outcomes.sort()).toEqual(["alreadyOut", "pickedUp"]);
  });

  it("refuses an expired licence and asks for one the account lacks", async () => {
    const booking = await fx.book();
    await fx.db.update(schema.users).set({ licenceExpiresOn: "2026-12-02" }).where(eq(schema.users.id, fx.driver.id));
    expect((await loadPickup(fx.staff, booking.id, now))?.asks.licence).toBe(true);
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("asksChanged");
    const expired = { licenceNumber: "X1", licenceCountry: "Colombia", licenceExpiresOn: "2026-12-02" };
    expect(await pickUp(fx.staff, booking.id, form(expired), now)).toBe("licenceExpired");
    expect(await fx.db.select().from(rentals)).toEqual([]);
    // Expiring on the pick-up day still drives that day.
    expect(await pickUp(fx.staff, booking.id, form({ ...expired, licenceExpiresOn: "2026-12-03" }), now)).toBe(
      "pickedUp",
    );
  });

  it("takes a pay-later balance at the counter through the money door: paid once it covers", async () => {
    const booking = await fx.book({ status: "pending", paymentMethod: "payLater" });
    const view = await loadPickup(fx.staff, booking.id, now);
    expect(view).toMatchObject({ balanceCents: 15000, asks: { payment: true } });
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("asksChanged");
    expect(await fx.db.select().from(payments)).toEqual([]);
    expect(await pickUp(fx.staff, booking.id, form({ payment: "Cash" }), now)).toBe("pickedUp");
    const [paid] = await fx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(paid).toMatchObject({ method: "Cash", status: "succeeded", amountCents: 15000, verifiedBy: fx.staff.id });
    const [row] = await fx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row.status).toBe("paid");
  });

  it("refuses a cancelled booking", async () => {
    const cancelled = await fx.book({ status: "cancelled" });
    expect(await pickUp(fx.staff, cancelled.id, form(), now)).toBe("notReady");
  });

  it("once out, the booking is neither cancelled nor amended", async () => {
    const booking = await fx.book({ status: "pending", paymentMethod: "payLater" });
    expect(await pickUp(fx.staff, booking.id, form({ payment: "PointOfSell" }), now)).toBe("pickedUp");
    expect(await cancelBooking(fx.driver, booking.id, now)).toBe("pickedUp");
    expect(await changeStatus(fx.staff, booking.id, "cancelled")).toEqual({ ok: false, reason: "pickedUp" });
    expect(await changeStatus(fx.admin, booking.id, "deleted")).toEqual({ ok: false, reason: "pickedUp" });
    const outcome = await amendBooking(
      fx.driver,
      booking.id,
      {
        pickUp: booking.startsAt,
        dropOff: new Date(booking.endsAt.getTime() + 86_400_000),
        pickupLocationId: booking.pickupLocationId,
        dropoffLocationId: booking.dropoffLocationId,
        options: [],
        additionalDriver: null,
      },
      now,
    );
    expect(outcome).toBe("pickedUp");
  });
});

describe("the rental agreement", () => {
  it("names the plate, the km and the signer, for the driver and the staff; 404 for others and before pick-up", async () => {
    const booking = await fx.book();
    expect(await rentalAgreement(fx.driver, booking.id)).toBeNull();
    await pickUp(fx.staff, booking.id, form(), now);
    for (const user of [fx.driver, fx.staff, fx.admin]) {
      const found = await rentalAgreement(user, booking.id);
      const text = await pdfText(found!.pdf);
      expect(text).toContain("AB123CD");
      // docs/domain.md#formatting: one number format in every language; the fuel as the gauge reads.
      expect(text).toContain("48,213 km");
      expect(text).toMatch(/ 6\/8 /);
      expect(text).toContain("Daniela Conductora");
      expect(text).toContain("J-12345678-4");
      expect(text).toContain("Rental agreement");
    }
    expect(await rentalAgreement(fx.otherStaff, booking.id)).toBeNull();
    const stranger = who(await createUser(fx.db));
    expect(await rentalAgreement(stranger, booking.id)).toBeNull();
  });

  it("stays the document that was signed when the car's plate or the supplier's RIF change later", async () => {
    const booking = await fx.book();
    await pickUp(fx.staff, booking.id, form(), now);
    const signed = (await rentalAgreement(fx.driver, booking.id))!.pdf;
    await fx.db.update(schema.cars).set({ plate: "ZZ999ZZ" }).where(eq(schema.cars.id, booking.carId));
    await fx.db
      .update(schema.suppliers)
      .set({ rif: "J-00000000-0" })
      .where(eq(schema.suppliers.id, booking.supplierId));
    const later = (await rentalAgreement(fx.staff, booking.id))!.pdf;
    expect(later.equals(signed)).toBe(true);
    const text = await pdfText(later);
    expect(text).toContain("AB123CD");
    expect(text).not.toContain("ZZ999ZZ");
  });
});

/** A drawn signature as the pad sends it: dark strokes on a transparent 600 × 200 PNG. */
async function drawnSignature() {
  const strokes = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><path d="M20 150 C 120 20, 200 180, 300 80 S 480 40, 580 150" stroke="#10204a" stroke-width="4" fill="none"/></svg>',
  );
  return sharp(strokes).png().toBuffer();
}
const dataUrl = (bytes: Uint8Array) => `data:image/png;base64,${Buffer.from(bytes).toString("base64")}`;

/** The pick-up form posted to its page as the staff member, without JavaScript's checks. */
async function post(user: StaffUser, bookingId: number, fields: Record<string, string>) {
  const body = new URLSearchParams({
    odometer: "48213",
    fuel: "6",
    deposit: "300",
    depositTaken: "cardHold",
    signerName: "Daniela Conductora",
    agree: "on",
    ...fields,
  });
  const context = { user, language: "en", t: getFixedT("en") } as unknown as AppLoadContext;
  const request = new Request(`http://rueda.test/admin/counter/pickup?b=${bookingId}&l=en`, {
    method: "POST",
    body,
  });
  try {
    return (await action({ request, context, params: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

/** A photo as a phone sends it, made from noise: bytes no other test or run has. */
async function photoFile(name: string) {
  const png = await sharp(crypto.randomBytes(48 * 32 * 3), { raw: { width: 48, height: 32, channels: 3 } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(png)], name, { type: "image/png" });
}

/** GET /booking/photo?p=<id> through the route's loader, as `user`; the status it answers. */
async function photoStatus(user: StaffUser, id: number) {
  const request = new Request(`http://rueda.test/booking/photo?p=${id}`);
  try {
    return ((await photoLoader({ request, params: {}, context: { user } as unknown as AppLoadContext })) as Response)
      .status;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    throw thrown;
  }
}

describe("the driver's agreement email", () => {
  it("is written once with the agreement's PDF, and the driver is notified", async () => {
    const booking = await fx.book();
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("pickedUp");
    expect(await pickUp(fx.staff, booking.id, form(), now)).toBe("alreadyOut");
    const emails = await outboxEmails(fx.db, "rental-agreement");
    expect(emails).toHaveLength(1);
    const [email] = emails as Array<(typeof emails)[number] & { attachments: Array<Record<string, string>> }>;
    expect(email).toMatchObject({
      jobId: `rental-agreement-${booking.id}`,
      to: ["daniela@example.com"],
      language: "en",
      subject: `Your rental agreement, booking ${booking.reference}`,
    });
    expect(email.text).toContain("Toyota Corolla");
    expect(email.text).toContain(`/booking?b=${booking.id}`);
    expect(email.attachments).toHaveLength(1);
    const [pdf] = email.attachments;
    expect(pdf).toMatchObject({ filename: `agreement-${booking.reference}.pdf`, contentType: "application/pdf" });
    const text = await pdfText(Buffer.from(pdf.content, "base64"));
    expect(text).toContain("AB123CD");
    expect(text).toContain("Daniela Conductora");
    const told = await fx.db.select().from(notifications).where(eq(notifications.userId, fx.driver.id));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ bookingId: booking.id, messageKey: "notifications:messages.agreementSigned" });
  });

  it("prints the drawn signature on the agreement above the name", async () => {
    const booking = await fx.book();
    const response = await post(fx.staff, booking.id, { signature: dataUrl(await drawnSignature()) });
    expect(response.status).toBe(302);
    const [rental] = await fx.db.select().from(rentals).where(eq(rentals.bookingId, booking.id));
    // Kept as a PNG of the pad's size, re-encoded on white.
    const kept = await sharp(rental.signature!).metadata();
    expect(kept).toMatchObject({ format: "png", width: 600, height: 200, hasAlpha: false });
    const { pdf } = (await rentalAgreement(fx.driver, booking.id))!;
    expect(pdf.toString("latin1")).toMatch(/\/Subtype \/Image/);
    expect(await pdfText(pdf)).toContain("Daniela Conductora");
    // Typed without JavaScript: no drawing, no image.
    const typed = await fx.book();
    expect((await post(fx.staff, typed.id, {})).status).toBe(302);
    expect((await rentalAgreement(fx.driver, typed.id))!.pdf.toString("latin1")).not.toMatch(/\/Subtype \/Image/);
  });

  it("refuses a signature that is not a PNG, is too big or does not decode, with its message, recording nothing", async () => {
    const booking = await fx.book();
    const png = await drawnSignature();
    const oversized = Buffer.concat([png, Buffer.alloc(SIGNATURE_MAX_BYTES)]);
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const cases = [
      [`data:image/svg+xml;base64,${Buffer.from("<svg/>").toString("base64")}`, "signatureUnreadable"],
      [dataUrl(Buffer.from("GIF89a not a png at all")), "signatureUnreadable"],
      [dataUrl(oversized), "signatureTooBig"],
      [dataUrl(broken), "signatureUnreadable"],
    ] as const;
    const t = getFixedT("en");
    for (const [signature, reason] of cases) {
      const response = await post(fx.staff, booking.id, { signature });
      expect(response.status).toBe(400);
      const { result } = await response.json();
      expect(result.error.signature).toEqual([`adminDashboard:pickup.errors.${reason}`]);
    }
    expect(t("adminDashboard:pickup.errors.signatureTooBig")).toBe(
      "The drawn signature is too large: clear it and ask the driver to sign again.",
    );
    expect(await fx.db.select().from(rentals)).toEqual([]);
    expect(await outboxEmails(fx.db, "rental-agreement")).toEqual([]);
  });
});

describe("the inspection at pick-up (docs/domain.md#inspection)", () => {
  it("saves the photos and marks, shows the photos only to the booking's people, and lists the marks in the agreement", async () => {
    const booking = await fx.book();
    const processed = await processInspectionPhotos([await photoFile("front.png"), await photoFile("side.jpg")]);
    if (!processed.ok) throw new Error(processed.message);
    const marks = [
      { area: "leftSide", kind: "dent", note: "Rear door, 5 cm", x: 330, y: 600 },
      { area: "interior", kind: "other", note: null, x: null, y: null },
    ] as const;
    expect(await pickUp(fx.staff, booking.id, form({ marks: [...marks] }), now, processed.photos)).toBe("pickedUp");

    const inspection = await inspectionOf(fx.db, booking.id);
    expect(inspection.out.marks).toEqual(marks);
    expect(inspection.out.photoIds).toHaveLength(2);
    expect(inspection.in).toEqual({ photoIds: [], marks: [] });

    const [first] = inspection.out.photoIds;
    for (const user of [fx.staff, fx.admin, fx.driver]) {
      expect((await rentalPhotoFor(user, first))?.contentType).toBe("image/webp");
      expect(await photoStatus(user, first)).toBe(200);
    }
    expect(await rentalPhotoFor(fx.otherStaff, first)).toBeNull();
    expect(await photoStatus(fx.otherStaff, first)).toBe(404);
    expect(await photoStatus(who(await createUser(fx.db)), first)).toBe(404);
    expect(await photoStatus(fx.staff, 0)).toBe(404);

    // Not public: the stored picture's own /media/ address answers 404 (docs/security.md#uploads).
    const [row] = await fx.db
      .select({ image: schema.rentalPhotos.image })
      .from(schema.rentalPhotos)
      .where(eq(schema.rentalPhotos.id, first));
    const name = row.image.replace("/media/", "");
    const media = (await mediaLoader({
      request: new Request(`http://rueda.test${row.image}`),
      params: { name },
      context: {} as AppLoadContext,
    })) as Response;
    expect(media.status).toBe(404);

    const text = await pdfText((await rentalAgreement(fx.driver, booking.id))!.pdf);
    expect(text).toContain("Inspection at pick-up");
    expect(text).toContain("1. Left side — Dent — Rear door, 5 cm");
    expect(text).toContain("2. Interior — Other");
    expect(text).toMatch(/Photos taken\s*2/);
  });

  it("refuses a file that is not a picture before anything is recorded", async () => {
    const text = new File(["not a picture"], "notes.png", { type: "image/png" });
    expect(await processInspectionPhotos([text])).toEqual({
      ok: false,
      message: "adminDashboard:inspection.errors.photoNotImage",
    });
  });
});

/** 2026-12-03 at `time` on Caracas's clock (UTC−4). */
const caracas = (day: number, time: string) => new Date(`2026-12-${String(day).padStart(2, "0")}T${time}:00-04:00`);

describe("the pick-up window and the car out (docs/domain.md#pick-up)", () => {
  it("refuses a pick-up months before its start, and the day before outside the preparation time", async () => {
    // The review's booking 8: March, picked up in December.
    const march = await fx.book({
      startsAt: new Date("2027-03-10T18:00:00Z"),
      endsAt: new Date("2027-03-13T18:00:00Z"),
    });
    expect(await pickUp(fx.staff, march.id, form(), now)).toBe("tooEarly");
    expect(await loadPickup(fx.staff, march.id, now)).toMatchObject({ blocker: "tooEarly" });
    // Tomorrow at 14:00: not today (26 hours ahead), and Llanos prepares no car in advance.
    const tomorrow = await fx.book({ startsAt: caracas(4, "14:00"), endsAt: caracas(7, "14:00") });
    expect(await pickUp(fx.staff, tomorrow.id, form(), now)).toBe("tooEarly");
    expect(await fx.db.select().from(rentals)).toEqual([]);
    // On its own day, at any hour of that day on the place's clock.
    expect(await pickUp(fx.staff, tomorrow.id, form(), caracas(4, "00:30"))).toBe("pickedUp");
    // With 30 hours' preparation the car may go out that much before its start.
    await fx.db.update(schema.suppliers).set({ preparationHours: 30 }).where(eq(schema.suppliers.id, fx.llanos.id));
    const prepared = await fx.book({ startsAt: caracas(4, "14:00"), endsAt: caracas(7, "14:00") });
    expect(await pickUp(fx.staff, prepared.id, form(), now)).toBe("pickedUp");
    // A booking whose drop-off time has passed is not picked up any more.
    const past = await fx.book({ startsAt: caracas(1, "10:00"), endsAt: caracas(3, "10:00") });
    expect(await pickUp(fx.staff, past.id, form(), now)).toBe("ended");
  });

  it("refuses a second rental of a car that is out, and one ahead of the car's earlier booking", async () => {
    const morning = await fx.book({ startsAt: caracas(3, "08:00"), endsAt: caracas(3, "13:00") });
    const afternoon = await fx.book({
      carId: morning.carId,
      startsAt: caracas(3, "14:00"),
      endsAt: caracas(5, "14:00"),
    });
    // The morning's driver has not come yet: the car is theirs until 13:00.
    expect(await pickUp(fx.staff, afternoon.id, form(), now)).toBe("carBooked");
    expect(await pickUp(fx.staff, morning.id, form(), now)).toBe("pickedUp");
    expect(await pickUp(fx.staff, afternoon.id, form(), caracas(3, "14:00"))).toBe("carOut");
    expect(await loadPickup(fx.staff, afternoon.id, caracas(3, "14:00"))).toMatchObject({
      blocker: "carOut",
      why: { reference: morning.reference },
    });
    const out = await fx.db.select().from(rentals);
    expect(out.map((r) => r.bookingId)).toEqual([morning.id]);
    // Back at 13:30: the afternoon's pick-up goes ahead.
    await fx.db
      .update(rentals)
      .set({
        state: "returned",
        returnedAt: caracas(3, "13:30"),
        odometerInKm: 48_300,
        fuelInEighths: 6,
        finalBill: noBill,
      })
      .where(eq(rentals.bookingId, morning.id));
    expect(await pickUp(fx.staff, afternoon.id, form(), caracas(3, "14:00"))).toBe("pickedUp");
  });

  it("races: of pick-ups of two bookings of one car at once, one is recorded, and the database keeps one rental out per car", async () => {
    const first = await fx.book({ startsAt: caracas(3, "13:00"), endsAt: caracas(3, "13:30") });
    const second = await fx.book({ carId: first.carId, startsAt: caracas(3, "14:00"), endsAt: caracas(5, "14:00") });
    const outcomes = await Promise.all([
      pickUp(fx.staff, first.id, form(), now),
      pickUp(fx.admin, second.id, form(), now),
    ]);
    expect(outcomes.filter((o) => o === "pickedUp")).toHaveLength(1);
    expect(await fx.db.select().from(rentals)).toHaveLength(1);
    // Whatever code writes it: a second rental out of one car is refused by the partial unique index.
    const other = outcomes[0] === "pickedUp" ? second : first;
    await expect(
      fx.db.insert(rentals).values({
        bookingId: other.id,
        pickedUpAt: now,
        odometerOutKm: 1,
        fuelOutEighths: 8,
        depositCents: 0,
        signerName: "Daniela Conductora",
        signedAt: now,
        language: "en",
      }),
    ).rejects.toMatchObject({ cause: { code: "23505" } });
  });

  it("is refused to a staff member for their own booking, paid or not (docs/security.md#back-office)", async () => {
    const own = await fx.book({ driverId: fx.staff.id });
    expect(await loadPickup(fx.staff, own.id, now)).toMatchObject({ blocker: "ownBooking" });
    expect(await pickUp(fx.staff, own.id, form({ odometer: 9_000_000, fuel: 0 }), now)).toBe("ownBooking");
    expect(await fx.db.select().from(rentals)).toEqual([]);
    // A colleague records it (with the staff member's licence, which their account lacks).
    const licence = { licenceNumber: "V-9", licenceCountry: "Venezuela", licenceExpiresOn: "2031-01-01" };
    expect(await pickUp(fx.admin, own.id, form(licence), now)).toBe("pickedUp");
  });

  it("says on the page why, in the reader's language, in place of the form; a post is refused with nothing written", async () => {
    // The route reads the live clock: a booking far ahead of it.
    const march = await fx.book({
      startsAt: new Date("2099-03-10T18:00:00Z"),
      endsAt: new Date("2099-03-13T18:00:00Z"),
    });
    const context = { user: fx.staff, language: "en", t: getFixedT("en") } as unknown as AppLoadContext;
    const request = new Request(`http://rueda.test/admin/counter/pickup?b=${march.id}&l=en`);
    const page = (await loader({ request, context, params: {} })) as unknown as {
      blocker: { key: string; values: Record<string, string> };
    };
    expect(getFixedT("en", "adminDashboard")(page.blocker.key, page.blocker.values)).toBe(
      "It is too early for this pick-up: the car is handed over from 2099-03-10 00:00 (America/Caracas time).",
    );
    expect((await post(fx.staff, march.id, {})).status).toBe(409);
    expect(await fx.db.select().from(rentals)).toEqual([]);
  });

  it("shows the driver's birth date and age on the pick-up day beside the licence", async () => {
    const booking = await fx.book();
    // Born 10 December 2004: 21 on 3 December 2026, the pick-up day.
    expect((await loadPickup(fx.staff, booking.id, now))?.driverAge).toEqual({ birthDate: "2004-12-10", age: 21 });
  });
});

describe("no counter payment while another is in flight (docs/domain.md#pick-up)", () => {
  /** A pay-later booking picking up today, with a payment of its balance under way (`method`, pending). */
  async function withPending(method: "mobilePayment" | "walletPayment" | "cardPayment", reference: string) {
    const booking = await fx.book({ status: "pending", paymentMethod: "payLater" });
    const [payment] = await fx.db
      .insert(payments)
      .values({ bookingId: booking.id, method, status: "pending", amountCents: 15000, providerReference: reference })
      .returning();
    return { booking, payment };
  }

  it("refuses the balance while a pago móvil transfer or a USDT payment waits, naming it; nothing is written", async () => {
    for (const [method, reference] of [
      ["mobilePayment", "0102:123456"],
      ["walletPayment", `tron:${"ab".repeat(32)}`],
    ] as const) {
      const { booking } = await withPending(method, reference);
      expect(await loadPickup(fx.staff, booking.id, now)).toMatchObject({
        blocker: "transferPending",
        why: { method, amountCents: 15000 },
      });
      expect(await pickUp(fx.staff, booking.id, form({ payment: "Cash" }), now)).toBe("transferPending");
      const taken = await fx.db.select().from(payments).where(eq(payments.bookingId, booking.id));
      expect(taken.map((p) => p.status)).toEqual(["pending"]);
    }
    // The driver was shown a USDT amount to send for the balance, and its 30 minutes still run.
    const sending = await fx.book({ status: "pending", paymentMethod: "payLater" });
    await fx.db.insert(schema.usdtAttempts).values({
      bookingId: sending.id,
      balanceCents: 15000,
      amountUnits: 150_000_123n,
      openedAt: new Date(now.getTime() - 5 * 60_000),
      expiresAt: new Date(now.getTime() + 25 * 60_000),
    });
    expect(await pickUp(fx.staff, sending.id, form({ payment: "Cash" }), now)).toBe("transferPending");
    expect(await fx.db.select().from(rentals)).toEqual([]);
  });

  it("ends an open card attempt before taking the balance: completing it afterwards takes nothing (M1)", async () => {
    const sessionId = crypto.randomBytes(16).toString("hex");
    const { booking, payment } = await withPending("cardPayment", `demo:${sessionId}`);
    expect(await pickUp(fx.staff, booking.id, form({ payment: "Cash" }), now)).toBe("pickedUp");
    const attempt = await findCardPayment(sessionId, booking.id);
    expect(attempt?.status).toBe("failed");
    // The driver's card page, still open on the phone, is submitted afterwards.
    expect(await payWithDemoCard(attempt!, demoCards.approved)).toBe("failed");
    const received = await fx.db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, booking.id), eq(payments.status, "succeeded")));
    expect(received.map((p) => [p.method, p.amountCents])).toEqual([["Cash", 15000]]);
    expect(payment.id).not.toBe(received[0].id);
  });

  it("says on the page that an open card attempt will be ended, without blocking the pick-up", async () => {
    const { booking } = await withPending("cardPayment", `demo:${crypto.randomBytes(16).toString("hex")}`);
    expect(await loadPickup(fx.staff, booking.id, now)).toMatchObject({ blocker: null, openCardCents: 15000 });
  });
});
