import { share } from "./worker-servers";
import jsQR from "jsqr";
import postgres from "postgres";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expect, jsModes, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";
import type { FakeEmail } from "../fakes/resend";

/*
 * The voucher (docs/domain.md#voucher) over the demo data: the booking page shows the reference
 * as a QR code that reads as the reference, the pick-up point on the map, the counter
 * instructions, the supplier's phone and WhatsApp and what to bring; every way of paying gives
 * the driver one confirmation with the trip and the voucher and an .ics attached — pago móvil
 * included, as soon as the transfer is submitted (docs/domain.md#confirmation).
 */
const PASSWORD = "Rueda2026!";
/** The demo's Llanos Rent a Car, the supplier of RD-DEMO1 (db/seed-data.ts). */
const LLANOS_WHATSAPP = "https://wa.me/584141112233";

const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
test.afterAll(async () => {
  await sql.end();
});

/** A new English-speaking driver with the demo password, so each test reads only its own emails. */
async function newDriver(): Promise<string> {
  const email = uniqueEmail("voucher");
  await sql`
    insert into users (email, full_name, type, activated, password_hash, language, phone, birth_date)
    select ${email}, 'Vera Voucher', 'user', true, password_hash, 'en', '+584161234567', '1990-04-12'
    from users where email = 'driver@rueda.example'`;
  return email;
}

/** The car of RD-DEMO1 (Llanos) free for two days after all its bookings, as a checkout link, and its place. */
async function checkoutLink(): Promise<{ href: string; place: string; from: string }> {
  const [row] = await sql<{ car: number; place: number; placeName: string; from: string; to: string }[]>`
    with demo as (select * from bookings where reference = 'RD-DEMO1'),
      after as (select max(b.ends_at) + interval '3 days' as at from bookings b join demo on b.car_id = demo.car_id)
    select demo.car_id as car, demo.pickup_location_id as place, l.name_en as "placeName",
      to_char(after.at at time zone 'America/Caracas', 'YYYY-MM-DD"T10:00"') as "from",
      to_char((after.at + interval '2 days') at time zone 'America/Caracas', 'YYYY-MM-DD"T10:00"') as "to"
    from demo, after, locations l where l.id = demo.pickup_location_id`;
  return {
    href: `/checkout?car=${row.car}&pickup=${row.place}&dropoff=${row.place}&from=${row.from}&to=${row.to}&l=en`,
    place: row.placeName,
    from: row.from,
  };
}

async function signIn(page: Page, email: string) {
  await signedInAs(page, email, PASSWORD);
}

/** What the QR code drawn on the page reads as: a screenshot of it, decoded. */
async function readQr(page: Page): Promise<string | null> {
  const png = await page.getByRole("img", { name: /^QR code of booking/ }).screenshot();
  // A quiet white frame around the code, as a scanner sees it on paper.
  const { data, info } = await sharp(png)
    .extend({ top: 16, bottom: 16, left: 16, right: 16, background: "#ffffff" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

const isConfirmation = (reference: string) => (e: FakeEmail) => e.subject === `Your booking ${reference} is confirmed`;

function calendarOf(email: FakeEmail): string {
  const ics = email.attachments.find((a) => a.filename.endsWith(".ics"));
  if (!ics) throw new Error(`no .ics attached to "${email.subject}"`);
  return Buffer.from(ics.content, "base64").toString("utf8");
}

/** A new driver books the checkout link's car with `method`, and lands on `landing`. */
async function book(page: Page, method: string, landing: RegExp) {
  const driver = await newDriver();
  await signIn(page, driver);
  const checkout = await checkoutLink();
  await page.goto(checkout.href);
  await page.getByLabel(method, { exact: true }).check();
  await page.getByRole("button", { name: "Book now" }).click();
  await expect(page).toHaveURL(landing);
  const bookingId = Number(new URL(page.url()).searchParams.get("b"));
  const [{ reference, startsAt }] = await sql<{ reference: string; startsAt: Date }[]>`
    select reference, starts_at as "startsAt" from bookings where id = ${bookingId}`;
  return { driver, checkout, bookingId, reference, startsAt };
}

for (const mode of jsModes) {
  test.describe(`voucher ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });

    test("a pay-later booking's page is a voucher: QR code of the reference, map, counter, WhatsApp, what to bring; the email too", async ({
      page,
      request,
    }) => {
      const { driver, checkout, reference } = await book(page, "Pay later", /\/booking\?b=\d+/);

      const voucher = page.getByRole("region", { name: "Your voucher" });
      await expect(voucher).toBeVisible();
      await expect(voucher.getByText(reference, { exact: true })).toBeVisible();
      expect(await readQr(page)).toBe(reference);
      await expect(voucher.getByRole("region", { name: `Map of the pick-up point: ${checkout.place}` })).toBeVisible();
      await expect(voucher.getByRole("link", { name: "Open the pick-up point on the map" })).toHaveAttribute(
        "href",
        /^https:\/\/www\.openstreetmap\.org\/\?mlat=/,
      );
      await expect(voucher.getByText(/The rental counters are in the domestic arrivals hall/)).toBeVisible();
      await expect(voucher.getByRole("link", { name: "+584141112233" })).toHaveAttribute("href", "tel:+584141112233");
      await expect(voucher.getByRole("link", { name: "Write to Llanos Rent a Car on WhatsApp" })).toHaveAttribute(
        "href",
        LLANOS_WHATSAPP,
      );
      await expect(voucher.getByRole("listitem").filter({ hasText: "Your driving licence" })).toBeVisible();
      if (mode.javaScriptEnabled) {
        // The interactive map, on request (ADR 0008); its tiles are out of reach here, the notice says so.
        await voucher.getByRole("button", { name: "Show interactive map" }).click();
        await expect(voucher.getByRole("region", { name: "Map of locations" })).toBeVisible();
      } else {
        await expect(voucher.getByRole("button", { name: "Show interactive map" })).toHaveCount(0);
      }

      const [email] = await waitForEmails(request, driver, { match: isConfirmation(reference) });
      expect(email.text).toContain(checkout.place);
      // How it is paid, then the price lines (docs/domain.md#price-lines).
      expect(email.text).toContain("You pay at the counter when you pick up the car");
      expect(email.text).toMatch(/Total: \$[\d.,]+/);
      expect(email.text).toContain(LLANOS_WHATSAPP);
      expect(email.text).toContain("Your driving licence");
      const qr = email.attachments.find((a) => a.content_id === "voucher-qr");
      expect(qr?.content_type).toBe("image/png");
      expect(email.html).toContain('src="cid:voucher-qr"');
      expect(calendarOf(email)).toContain(`SUMMARY:Rueda: `);
    });
  });
}

/*
 * The supplier and place forms are submitted without JavaScript in admin-places-suppliers.spec.ts and forms-without-javascript.spec.ts; what this checks is the voucher the server writes (docs/operations.md#tests).
 */
test.describe("voucher: the admin's details", () => {
  test("an admin gives a supplier its WhatsApp (with the country code) and a place its counter instructions", async ({
    page,
  }) => {
    const [avila] = await sql<{ id: number }[]>`select id from suppliers where slug = 'avila'`;
    const [cumana] = await sql<{ id: number }[]>`select id from locations where slug = 'cumana-airport'`;
    await signIn(page, "admin@rueda.example");

    await page.goto(`/admin/suppliers/${avila.id}?l=en`);
    const whatsapp = page.getByLabel("WhatsApp number");
    await whatsapp.fill("0414 999 0000");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      page.getByText("Enter the WhatsApp number with its country code, e.g. +58 414 123 4567").first(),
    ).toBeVisible();
    expect((await sql`select whatsapp from suppliers where id = ${avila.id}`)[0].whatsapp).toBe("584146667788");
    await whatsapp.fill("+58 414-999 0000");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Changes made successfully")).toBeVisible();
    await expect(page.getByLabel("WhatsApp number")).toHaveValue("+584149990000");

    const counter = `Desk 4, next to the exit ${Date.now()}`;
    await page.goto(`/admin/places/${cumana.id}?l=en`);
    await page.getByLabel("Instructions in English").fill(counter);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Changes made successfully")).toBeVisible();
    await expect(page.getByLabel("Instructions in English")).toHaveValue(counter);
    // The other languages keep theirs.
    await expect(page.getByLabel("Instructions in Spanish")).toHaveValue(/^Los mostradores de alquiler/);
    await sql`update suppliers set whatsapp = '584146667788' where id = ${avila.id}`;
  });
});

/*
 * The confirmation a pago móvil transfer sends is the server's, the same with JavaScript on or off; the transfer form is submitted without JavaScript in payment-mobile-verification.spec.ts (docs/operations.md#tests).
 */
test.describe("voucher: after a transfer", () => {
  test.describe.configure({ timeout: 120_000 });
  test("a pago móvil booking's driver is confirmed with the trip, the voucher and an .ics once the transfer is sent", async ({
    page,
    request,
  }) => {
    const { driver, checkout, bookingId, reference, startsAt } = await book(
      page,
      "Pago móvil",
      /\/payment\/mobile\?b=\d+/,
    );

    await page.getByLabel("Payment date").fill(new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10));
    await page.getByLabel("Bank", { exact: true }).selectOption("0134");
    await page.getByLabel("Phone", { exact: true }).fill("+58 414 765 4321");
    await page.getByLabel("Reference number").fill(String(Date.now()).slice(-8));
    await page.getByRole("button", { name: "Send payment details" }).click();
    await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();

    const [email] = await waitForEmails(request, driver, { match: isConfirmation(reference) });
    expect(email.text).toContain(checkout.place);
    expect(email.text).toContain("while we verify your transfer");
    expect(email.text).toMatch(/Total: \$[\d.,]+/);
    // The pick-up date and time on the place's clock, as the driver typed them.
    const onPlaceClock = new Intl.DateTimeFormat("en", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: "UTC",
      hourCycle: "h23",
    }).format(new Date(`${checkout.from}:00Z`));
    expect(email.text).toContain(`${checkout.place}, ${onPlaceClock}`);
    const ics = calendarOf(email);
    const utc = startsAt
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d{3}/, "");
    expect(ics).toContain(`DTSTART:${utc}`);
    expect(ics).toContain(reference);

    // The booking page is the voucher too while the transfer is verified.
    await page.goto(`/booking?b=${bookingId}&l=en`);
    expect(await readQr(page)).toBe(reference);
    // One confirmation, not one per step.
    expect((await waitForEmails(request, driver, { match: isConfirmation(reference) })).length).toBe(1);
  });
});
