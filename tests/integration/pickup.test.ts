import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffUser } from "~/modules/access/staff.server";
import { amendBooking } from "~/modules/booking/amend-booking.server";
import { cancelBooking } from "~/modules/booking/cancel-booking.server";
import { changeStatus } from "~/modules/booking/change-status.server";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { rentalAgreement } from "~/modules/rental/agreement.server";
import type { PickupForm } from "~/modules/rental/pickup";
import { loadPickup, pickUp } from "~/modules/rental/pickup.server";
import { SIGNATURE_MAX_BYTES } from "~/modules/rental/signature";
import { action } from "~/routes/admin.counter_.pickup";
import { inspectionOf, processInspectionPhotos, rentalPhotoFor } from "~/modules/rental/inspection.server";
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
  });
  let week = 0;
  const book = async (values: Partial<typeof bookings.$inferInsert> = {}) => {
    const start = Date.parse("2026-12-03T18:00:00Z") + week++ * 7 * 86_400_000;
    const row = await createBooking(db, {
      carId: car.id,
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
    const early = new Date("2026-12-01T12:00:00Z");
    expect(await pickUp(fx.staff, booking.id, form({ payment: "PointOfSell" }), early)).toBe("pickedUp");
    expect(await cancelBooking(fx.driver, booking.id, early)).toBe("pickedUp");
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
      early,
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
