import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getFixedT } from "~/modules/i18n/i18n.server";
import { rentalAgreement } from "~/modules/counter/agreement.server";
import { pickUp } from "~/modules/counter/pickup.server";
import { SIGNATURE_MAX_BYTES } from "~/modules/counter/signature";
import { schema } from "~/utils/db.server";
import { createUser, outboxEmails } from "../factories";
import { pdfText } from "../pdf-text";
import { now, fx, pickupHooks, form, post } from "./fixtures/pickup";
import { who, photoFile } from "./fixtures/counter";
import type { AppLoadContext } from "@remix-run/node";
import type { StaffUser } from "~/modules/access/staff.server";
import { inspectionOf, processInspectionPhotos, rentalPhotoFor } from "~/modules/counter/inspection.server";
import { loader as photoLoader } from "~/routes/booking_.photo";
import { loader as mediaLoader } from "~/routes/media.$name";

/*
 * What a pick-up leaves on record. The agreement signed at pick-up (docs/domain.md#rental-agreement):
 * who reads it, that it stays as signed, the drawn signature, and the driver's email with its PDF.
 * The inspection (docs/domain.md#inspection): its photos, who may see them, and its marks.
 */

const { notifications, rentals } = schema;

pickupHooks();

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

describe("the driver's agreement email", () => {
  // These post the pick-up form through the route's action, which reads the live clock: it sees the
  // fixture's `now`, the bookings' pick-up day, whatever day the suite runs (docs/operations.md#tests).
  // Only Date is faked: timers, connections and PDF rendering keep running.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

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
