import fs from "node:fs";
import type { Page } from "@playwright/test";
import { eq, max } from "drizzle-orm";
import * as schema from "../../db/schema";
import { createBooking, createUser } from "../factories";
import { pdfText } from "../pdf-text";
import { seedDatabase, signedInDriver as signUp } from "./seed-database";
import { expect, javaScriptOnly, test, uniqueEmail } from "./support";

/*
 * The receipt of a paid booking: the booking page links it, the link downloads a PDF of it in
 * the reader's language, and nobody outside the booking's scope gets it. Paid bookings with a
 * succeeded payment are written straight into the app's database.
 */
const database = seedDatabase("paid bookings");

const signedInDriver = (page: Page) =>
  signUp(page, database(), { fullName: "Rosa Pagadora", password: "receipt-pass1", emailPrefix: "receipt" });

/** A pago móvil transfer as the payer typed it (leading zeros) and as stored when submitted. */
const TRANSFER = {
  bank: "0134",
  phone: "04141234567",
  reference: "004512378",
  date: "2026-11-25",
  amountBs: "36825.00",
  rate: "245.5000",
  rateDate: "2026-11-25",
};

/** A booking of a demo car after every other booking of it; `paid` also gets its succeeded payment (card, or pago móvil). */
async function seedBooking(
  driverId: number,
  status: "paid" | "pending",
  method: "cardPayment" | "mobilePayment" = "cardPayment",
) {
  const db = database();
  const [link] = await db
    .select({
      carId: schema.carLocations.carId,
      locationId: schema.carLocations.locationId,
      supplierId: schema.cars.supplierId,
    })
    .from(schema.carLocations)
    .innerJoin(schema.cars, eq(schema.cars.id, schema.carLocations.carId))
    .limit(1);
  const [{ last }] = await db
    .select({ last: max(schema.bookings.endsAt) })
    .from(schema.bookings)
    .where(eq(schema.bookings.carId, link.carId));
  const startsAt = new Date(Math.max(last?.getTime() ?? 0, Date.now()) + 2 * 86_400_000);
  const booking = await createBooking(db, {
    ...link,
    driverId,
    status,
    paymentMethod: method,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3 * 86_400_000),
  });
  const providerReference =
    method === "cardPayment" ? `demo:e2e-${booking.reference}` : `pm:0134:4512378:${booking.reference}`;
  if (status === "paid") {
    const details = method === "mobilePayment" ? TRANSFER : {};
    await db.insert(schema.payments).values({
      bookingId: booking.id,
      method,
      status: "succeeded",
      amountCents: booking.priceCents,
      providerReference,
      details,
      verifiedAt: new Date(),
    });
  }
  return { ...booking, providerReference };
}

// JavaScript only: the receipt is a link the server answers, the same with JavaScript on or off (docs/operations.md#tests).
for (const mode of javaScriptOnly) {
  test.describe(`payment receipt ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a paid booking's page downloads its receipt as a PDF in the reader's language", async ({ page }) => {
      // Signs up, then renders and reads back two PDFs: more than the default 30 s on a busy machine.
      test.slow();
      const driverId = await signedInDriver(page);
      const booking = await seedBooking(driverId, "paid");

      await page.goto(`/booking?b=${booking.id}&l=en`);
      const link = page.getByRole("link", { name: "Download receipt (PDF)" });
      await expect(link).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(download.suggestedFilename()).toBe(`receipt-${booking.reference}.pdf`);
      const pdf = fs.readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = await pdfText(pdf);
      expect(text).toContain("Payment receipt");
      expect(text).toContain(`Booking reference ${booking.reference}`);
      expect(text).toContain("Driver Rosa Pagadora");
      // The end of the card session id, not the internal key.
      expect(text).toContain(`Payment reference …${booking.providerReference.slice(-8)}`);
      expect(text).not.toContain("demo:");
      expect(text).toContain("Payment method Card");
      expect(text).toContain("Amount paid $150");

      const response = await page.request.get(`/booking/receipt?b=${booking.id}&l=el`);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toBe("application/pdf");
      expect(response.headers()["content-disposition"]).toBe(`attachment; filename="receipt-${booking.reference}.pdf"`);
      const greek = await pdfText(await response.body());
      expect(greek).toContain(`Κωδικός κράτησης ${booking.reference}`);
      expect(greek).toContain("Ποσό που καταβλήθηκε $150");
    });

    test("a pago móvil booking shows the payer's bank reference as typed and the bolívares paid, on its page and its receipt", async ({
      page,
    }) => {
      test.slow();
      const driverId = await signedInDriver(page);
      const booking = await seedBooking(driverId, "paid", "mobilePayment");

      await page.goto(`/booking?b=${booking.id}&l=en`);
      const payments = page.getByRole("region", { name: "Payments received" });
      await expect(payments).toContainText("Payment reference004512378");
      await expect(payments).toContainText("Paid in bolívares36,825 Bs at 245.5 Bs per dollar");
      await expect(page.getByText("pm:", { exact: false })).toHaveCount(0);

      const text = await pdfText(await (await page.request.get(`/booking/receipt?b=${booking.id}&l=en`)).body());
      expect(text).toContain("Payment reference 004512378");
      expect(text).toContain("Paid in bolívares 36,825 Bs at 245.5 Bs per dollar");
      expect(text).not.toContain("pm:");
    });

    test("no receipt for another driver's booking, nor for a booking not paid", async ({ page }) => {
      const someoneElse = await createUser(database(), { email: uniqueEmail("receipt-other") });
      const theirs = await seedBooking(someoneElse.id, "paid");
      const ownId = await signedInDriver(page);
      const unpaid = await seedBooking(ownId, "pending");

      expect((await page.request.get(`/booking/receipt?b=${theirs.id}`)).status()).toBe(404);
      expect((await page.request.get("/booking/receipt?b=not-a-number")).status()).toBe(404);
      const response = await page.request.get(`/booking/receipt?b=${unpaid.id}&l=en`);
      expect(response.status()).toBe(409);
      expect(await response.text()).toBe("This booking has no receipt: it has not been paid.");

      await page.goto(`/booking?b=${unpaid.id}&l=en`);
      await expect(page.getByRole("heading", { name: `Booking ${unpaid.reference}` })).toBeVisible();
      await expect(page.getByRole("link", { name: "Download receipt (PDF)" })).toHaveCount(0);
    });
  });
}
