import { share } from "./worker-servers";
import postgres from "postgres";
import type { Browser, Page } from "@playwright/test";
import { expect, jsModes, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Everyone told (docs/domain.md#staff-notices, #cancellation) over the demo data: the driver
 * confirms a cancellation on its own page before it happens; the supplier's staff then have an
 * email and a notification naming the booking; a pago móvil transfer sends staff a "transfer to
 * verify" email.
 */
const PASSWORD = "Rueda2026!";
const STAFF = "staff@llanos.example";

const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
test.beforeAll(async () => {
  // The demo staff read this spec's emails in English.
  await sql`update users set language = 'en', enable_email_notifications = true where email = ${STAFF}`;
});
test.afterAll(async () => {
  await sql.end();
});

/** A new driver (English, the demo password) so each test reads only its own emails and bookings. */
async function newDriver(name: string): Promise<string> {
  const email = uniqueEmail("told");
  await sql`
    insert into users (email, full_name, type, activated, password_hash, language, phone, birth_date)
    select ${email}, ${name}, 'user', true, password_hash, 'en', '+584161234567', '1990-04-12'
    from users where email = 'driver@rueda.example'`;
  return email;
}

/** A booking like RD-DEMO1 (the demo staff's supplier) for `driverEmail`, after every other booking of its car. */
async function freshBooking(
  driverEmail: string,
  kind: "payLater" | "mobilePayment",
): Promise<{ id: number; reference: string }> {
  const reference = `TL${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase().slice(0, 16);
  const hold = kind === "mobilePayment";
  const [row] = await sql<{ id: number; reference: string }[]>`
    with demo as (select * from bookings where reference = 'RD-DEMO1'),
      after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
    insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
      hold_expires_at, days, price_cents, breakdown, payment_method)
    select ${reference}, car_id, supplier_id, (select id from users where email = ${driverEmail}), pickup_location_id, dropoff_location_id,
      after.at, after.at + (ends_at - starts_at), ${hold ? "void" : "pending"},
      ${hold ? sql`now() + interval '30 minutes'` : null}, days, price_cents, breakdown, ${kind}
    from demo, after
    returning id, reference`;
  return row;
}

async function signIn(page: Page, email: string) {
  await signedInAs(page, email, PASSWORD);
}

/** The demo staff member, signed in on a browser of their own. */
async function staffPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signIn(page, STAFF);
  return { page, close: () => context.close() };
}

const statusOf = async (id: number) =>
  (await sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;

for (const mode of jsModes) {
  test.describe(`staff notices ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });

    test("the driver confirms a cancellation on its own page; the supplier's staff get an email and a notification", async ({
      page,
      browser,
      request,
    }) => {
      const driver = await newDriver("Carmen Cancela");
      const booking = await freshBooking(driver, "payLater");
      await signIn(page, driver);
      await page.goto(`/booking?b=${booking.id}&l=en`);

      // Asking first: nothing happens until the driver says yes, and they can go back.
      await page.getByRole("button", { name: "Cancel booking" }).click();
      await expect(page.getByRole("heading", { name: `Cancel booking ${booking.reference}?`, level: 1 })).toBeVisible();
      await expect(
        page.getByText(
          "Cancelling is free: you pay later and nothing has been paid, so there is no fee and nothing to refund.",
        ),
      ).toBeVisible();
      expect(await statusOf(booking.id)).toBe("pending");
      await page.getByRole("link", { name: "No, keep the booking" }).click();
      await expect(page.getByRole("heading", { name: `Booking ${booking.reference}`, level: 1 })).toBeVisible();
      expect(await statusOf(booking.id)).toBe("pending");

      await page.getByRole("button", { name: "Cancel booking" }).click();
      await page.getByRole("button", { name: "Yes, cancel the booking" }).click();
      await expect(page.getByText("Your booking was cancelled.")).toBeVisible();
      expect(await statusOf(booking.id)).toBe("cancelled");
      // Once cancelled there is nothing left to confirm.
      await expect(page.getByRole("button", { name: "Cancel booking" })).toHaveCount(0);

      const [email] = await waitForEmails(request, STAFF, {
        match: (e) => e.subject === `Booking ${booking.reference} was cancelled by the driver`,
      });
      expect(email.text).toContain(`Carmen Cancela cancelled booking ${booking.reference}`);
      expect(email.text).toContain(`/booking?b=${booking.id}`);

      const staff = await staffPage(browser, mode.javaScriptEnabled);
      try {
        await staff.page.goto("/notifications?l=en");
        const item = staff.page
          .getByRole("list", { name: "Your notifications" })
          .getByRole("listitem")
          .filter({ hasText: `The driver cancelled booking ${booking.reference}` });
        await expect(item).toBeVisible();
        await expect(item.getByRole("link", { name: "View booking" })).toHaveAttribute(
          "href",
          `/booking?b=${booking.id}`,
        );
      } finally {
        await staff.close();
      }
    });
  });
}

/*
 * The staff's email is the server's, the same with JavaScript on or off; the transfer form is submitted without JavaScript in payment-mobile-verification.spec.ts (docs/operations.md#tests).
 */
test.describe("staff notices: a transfer to verify", () => {
  test.describe.configure({ timeout: 120_000 });
  test("a pago móvil transfer sends the supplier's staff a “transfer to verify” email", async ({ page, request }) => {
    const driver = await newDriver("Pedro Pagomóvil");
    const booking = await freshBooking(driver, "mobilePayment");
    await signIn(page, driver);
    await page.goto(`/payment/mobile?b=${booking.id}&l=en`);
    await page.getByLabel("Bank", { exact: true }).selectOption("0134");
    await page.getByLabel("Phone", { exact: true }).fill("04141234567");
    await page.getByLabel("Reference number").fill(String(Date.now()).slice(-9));
    await page.getByLabel("Payment date").fill(new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10));
    await page.getByRole("button", { name: "Send payment details" }).click();
    await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
    expect(await statusOf(booking.id)).toBe("pending");

    const [email] = await waitForEmails(request, STAFF, {
      match: (e) => e.subject === `Pago móvil transfer to verify: booking ${booking.reference}`,
    });
    expect(email.text).toContain("Pedro Pagomóvil says they sent a pago móvil transfer of $");
    expect(email.text).toContain("/admin/payments");
    expect(email.text).toContain(`/booking?b=${booking.id}`);
    await sql`update bookings set status = 'cancelled' where id = ${booking.id}`;
  });
});
