import { share } from "./worker-servers";
import postgres from "postgres";
import type { Page } from "@playwright/test";
import { expect, jsModes, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Pago móvil over the demo data (docs/domain.md#pago-móvil): checkout with pago móvil, the page
 * with the merchant's account and the amount in bolívares, the payer's transfer awaiting
 * verification, admins approving (booking paid, "payment done" email) or rejecting (driver told,
 * pays again, the car released), one transfer paying once and the same reference under another
 * bank flagged, the queue read-only for supplier staff, paged and sorted, nobody verifying their
 * own booking, and the scopes of both pages.
 */
const PASSWORD = "Rueda2026!";
const ADMIN = "admin@rueda.example";
const STAFF = "staff@llanos.example";
const RATE_TENTHOUSANDTHS = 2_455_000n; // the demo rate, 245.5 Bs per dollar

const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
test.beforeAll(async () => {
  // The demo staff read this spec's pages and toasts in English.
  await sql`update users set language = 'en' where email in (${ADMIN}, ${STAFF})`;
});
test.afterAll(async () => {
  await sql.end();
});

/** A new driver (English, the demo password) so each test reads only its own emails. */
async function newDriver(): Promise<string> {
  const email = uniqueEmail("pago-movil");
  await sql`
    insert into users (email, full_name, type, activated, password_hash, language, phone, birth_date)
    select ${email}, 'Pablo Pagador', 'user', true, password_hash, 'en', '+584161234567', '1990-04-12'
    from users where email = 'driver@rueda.example'`;
  return email;
}

/**
 * A booking like the demo's `template` (RD-DEMO1 is the demo staff's supplier's, RD-DEMO2 another
 * supplier's) held for pago móvil, after every other booking of its car.
 */
async function freshHold(
  driverEmail: string,
  template = "RD-DEMO1",
): Promise<{ id: number; reference: string; priceCents: number }> {
  const reference = `PM${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase().slice(0, 16);
  const [row] = await sql<{ id: number; reference: string; priceCents: number }[]>`
    with demo as (select * from bookings where reference = ${template}),
      after as (select max(b.ends_at) + interval '1 day' as at from bookings b join demo on b.car_id = demo.car_id)
    insert into bookings (reference, car_id, supplier_id, driver_id, pickup_location_id, dropoff_location_id, starts_at, ends_at, status,
      hold_expires_at, days, price_cents, breakdown, payment_method)
    select ${reference}, car_id, supplier_id, (select id from users where email = ${driverEmail}), pickup_location_id, dropoff_location_id,
      after.at, after.at + (ends_at - starts_at), 'void', now() + interval '30 minutes', days, price_cents, breakdown, 'mobilePayment'
    from demo, after
    returning id, reference, price_cents as "priceCents"`;
  return row;
}

/** The demo car of RD-DEMO1 free for two days after all its bookings, as a checkout link (Caracas wall clock). */
async function checkoutLink(): Promise<string> {
  const [row] = await sql<{ car: number; place: number; from: string; to: string }[]>`
    with demo as (select * from bookings where reference = 'RD-DEMO1'),
      after as (select max(b.ends_at) + interval '2 days' as at from bookings b join demo on b.car_id = demo.car_id)
    select demo.car_id as car, demo.pickup_location_id as place,
      to_char(after.at at time zone 'America/Caracas', 'YYYY-MM-DD"T10:00"') as "from",
      to_char((after.at + interval '2 days') at time zone 'America/Caracas', 'YYYY-MM-DD"T10:00"') as "to"
    from demo, after`;
  return `/checkout?car=${row.car}&pickup=${row.place}&dropoff=${row.place}&from=${row.from}&to=${row.to}&l=en`;
}

/** USD cents at the demo rate, in the page's format: half-up to the céntimo, comma thousands. */
function bolivars(cents: number): string {
  const product = BigInt(cents) * RATE_TENTHOUSANDTHS;
  const centimos = product / 10_000n + ((product % 10_000n) * 2n >= 10_000n ? 1n : 0n);
  const whole = (centimos / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = centimos % 100n;
  return `${whole}${fraction ? `.${fraction.toString().padStart(2, "0")}` : ""} Bs`;
}

async function signIn(page: Page, email: string) {
  await signedInAs(page, email, PASSWORD);
}

/** Ends the session the way the server sees it: the session cookie is gone. */
async function signOut(page: Page) {
  await page.context().clearCookies();
}

/** Fills and sends the payer's form. */
async function submitTransfer(page: Page, values: { bank?: string; phone: string; reference: string }) {
  await page.getByLabel("Bank", { exact: true }).selectOption(values.bank ?? "0134");
  await page.getByLabel("Phone", { exact: true }).fill(values.phone);
  await page.getByLabel("Reference number").fill(values.reference);
  await page.getByRole("button", { name: "Send payment details" }).click();
}

const today = () => new Date(Date.now() - 4 * 3_600_000).toISOString().slice(0, 10);
const paymentOf = async (bookingId: number) =>
  (
    await sql<
      { id: number; status: string }[]
    >`select id, status from payments where booking_id = ${bookingId} order by id desc limit 1`
  )[0];
const statusOf = async (id: number) =>
  (await sql<{ status: string }[]>`select status from bookings where id = ${id}`)[0].status;

for (const mode of jsModes) {
  test.describe(`pago móvil ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Each test is a driver and a staff member taking turns: several sign-ins and page loads.
    test.describe.configure({ timeout: 120_000 });

    test("checkout → transfer → staff approve → the driver's booking is paid and emailed", async ({
      page,
      context,
      request,
    }) => {
      const driver = await newDriver();
      await signIn(page, driver);
      await page.goto(await checkoutLink());
      await page.getByLabel("Pago móvil", { exact: true }).check();
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(page).toHaveURL(/\/payment\/mobile\?b=\d+/);
      const bookingId = Number(new URL(page.url()).searchParams.get("b"));
      const [booking] = await sql<{ reference: string; priceCents: number; status: string }[]>`
        select reference, price_cents as "priceCents", status from bookings where id = ${bookingId}`;
      expect(booking.status).toBe("void");

      await expect(page.getByRole("heading", { name: "Pay by pago móvil", level: 1 })).toBeVisible();
      await expect(page.getByTestId("merchant-bank")).toHaveText("0102 · Banco de Venezuela");
      await expect(page.getByTestId("merchant-phone")).toHaveText("0414-1234567");
      await expect(page.getByTestId("merchant-rif")).toHaveText("J-12345678-4");
      await expect(page.getByText("Rueda Alquileres C.A.")).toBeVisible();
      await expect(page.getByTestId("merchant-amount")).toHaveText(bolivars(booking.priceCents));
      await expect(page.getByText(/at 245\.5 Bs per dollar, rate as of \d{4}-\d{2}-\d{2}/)).toBeVisible();
      if (mode.javaScriptEnabled) {
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.getByRole("button", { name: "Copy the phone" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Phone copied" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("04141234567");
        await page.getByRole("button", { name: "Copy the amount" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Amount copied" })).toBeVisible();
      } else {
        await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
      }

      // A wrong phone is refused with the spec's message and nothing is recorded.
      const reference = String(Date.now()).slice(-8);
      await submitTransfer(page, { phone: "0212-1234567", reference });
      await expect(page.getByText("Invalid phone number").first()).toBeVisible();
      expect(await paymentOf(bookingId)).toBeUndefined();

      await page.getByLabel("Payment date").fill(today());
      await submitTransfer(page, { phone: "+58 414 765 4321", reference });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
      await expect(page.getByText(`Transfer: 0134, reference ${reference}, ${today()}`)).toBeVisible();
      expect(await statusOf(bookingId)).toBe("pending");

      await signOut(page);
      await signIn(page, ADMIN);
      await page.goto("/?l=en");
      await page.locator("summary", { hasText: "Menu" }).click();
      await page.getByRole("link", { name: "Back office" }).click();
      await page
        .getByRole("navigation", { name: "Back office" })
        .getByRole("link", { name: "Payments to verify" })
        .click();
      await expect(page.getByRole("heading", { name: "Payments to verify", level: 1 })).toBeVisible();
      const row = page.getByRole("row").filter({ hasText: booking.reference });
      await expect(row).toContainText(`0134 · Banesco · 0414-7654321 · ref. ${reference}`);
      await expect(row).toContainText(bolivars(booking.priceCents));
      await row.getByRole("button", { name: `Approve the payment for booking ${booking.reference}` }).click();
      await expect(page.getByText("Payment approved: the booking is paid and the driver was told.")).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: booking.reference })).toHaveCount(0);

      await signOut(page);
      await signIn(page, driver);
      await page.goto(`/booking?b=${bookingId}&l=en`);
      await expect(page.getByText("Paid", { exact: true }).first()).toBeVisible();
      const [email] = await waitForEmails(request, driver, {
        match: (e) => e.subject === `Payment received for booking ${booking.reference}`,
      });
      expect(email.text).toContain(booking.reference);
    });

    test("an admin rejects with a reason → the car is released, the driver is told and sends the transfer again", async ({
      page,
      request,
    }) => {
      const driver = await newDriver();
      const booking = await freshHold(driver);
      await signIn(page, driver);
      await page.goto(`/payment/mobile?b=${booking.id}&l=en`);
      const first = `9${String(Date.now()).slice(-7)}`;
      await submitTransfer(page, { phone: "04241234567", reference: first });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();

      await signOut(page);
      await signIn(page, ADMIN);
      await page.goto("/admin/payments?order=newest&l=en");
      const row = page.getByRole("row").filter({ hasText: booking.reference });
      // A reject without a reason is refused with the spec's message.
      await row.getByRole("button", { name: `Reject the payment for booking ${booking.reference}` }).click();
      await expect(page.getByText("Please fill in the field: Reason for rejecting")).toBeVisible();
      expect((await paymentOf(booking.id)).status).toBe("pending");
      await expect(row.getByText("The driver is told this reason and can send the payment again.")).toBeVisible();
      await row.getByLabel("Reason for rejecting").fill("No transfer with this reference in the statement");
      await row.getByRole("button", { name: `Reject the payment for booking ${booking.reference}` }).click();
      await expect(page.getByText("Payment rejected; the driver was told why.")).toBeVisible();
      expect((await paymentOf(booking.id)).status).toBe("rejected");
      // Back to its hold, as after a failed USDT check: a made-up transfer does not keep the car.
      expect(await statusOf(booking.id)).toBe("void");

      const [email] = await waitForEmails(request, driver, {
        match: (e) => e.subject === `Your payment for booking ${booking.reference} was not accepted`,
      });
      expect(email.text).toContain("Reason: No transfer with this reference in the statement");

      await signOut(page);
      await signIn(page, driver);
      await page.goto("/notifications?l=en");
      await expect(
        page.getByText(
          `Your payment for booking ${booking.reference} was not accepted: No transfer with this reference in the statement. You can pay again.`,
        ),
      ).toBeVisible();
      // The email's link opens the page again (it carries the grant, so it works signed out too).
      const link = email.text.match(/https?:\/\/\S+\/payment\/mobile\?b=\d+&g=[\w-]+/)![0];
      await signOut(page);
      await page.goto(`${new URL(link).pathname}${new URL(link).search}&l=en`);
      await expect(
        page.getByText("Your previous transfer was not accepted: No transfer with this reference in the statement.", {
          exact: false,
        }),
      ).toBeVisible();
      await submitTransfer(page, { phone: "04241234567", reference: `${first}1` });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
      expect((await paymentOf(booking.id)).status).toBe("pending");
    });

    test("the queue pages through every transfer with its count, and sorts newest or oldest first", async ({
      page,
    }) => {
      const driver = await newDriver();
      // More than a page of transfers awaiting staff, each for its own hold.
      const created: Array<{ id: number; reference: string }> = [];
      for (let i = 0; i < 31; i++) {
        const booking = await freshHold(driver);
        await sql`
          insert into payments (booking_id, method, amount_cents, provider_reference, details)
          values (${booking.id}, 'mobilePayment', ${booking.priceCents}, ${`pm:0134:${booking.reference}:queue`},
            ${sql.json({ bank: "0134", phone: "04141234567", reference: `4${i}${String(Date.now()).slice(-6)}`, date: today() })})`;
        await sql`update bookings set status = 'pending' where id = ${booking.id}`;
        created.push(booking);
      }
      const [{ total }] = await sql<
        { total: number }[]
      >`select count(*)::int as total from payments where method = 'mobilePayment' and status = 'pending'`;
      const newest = created.at(-1)!;
      try {
        await signIn(page, ADMIN);
        await page.goto("/admin/payments?l=en");
        await expect(page.getByText(`${total} payments await verification`)).toBeVisible();
        await page.getByLabel("Order", { exact: true }).selectOption("newest");
        await page.getByRole("button", { name: "Sort" }).click();
        await expect(page).toHaveURL(/order=newest/);
        const rows = page.getByRole("row").filter({ has: page.getByRole("link", { name: /^View booking/ }) });
        await expect(rows.first()).toContainText(newest.reference);
        await expect(rows.first()).toContainText(/Balance due: \$[\d,.]+/);
        await expect(rows).toHaveCount(30);
        await page.getByRole("navigation", { name: "Pages" }).first().getByRole("link", { name: "Next" }).click();
        await expect(page).toHaveURL(/page=2/);
        await expect(page).toHaveURL(/order=newest/);
        // Newest first, the oldest of the 31 is the first row of page 2.
        await expect(rows.first()).toContainText(created[0].reference);
        await page.getByLabel("Order", { exact: true }).selectOption("oldest");
        await page.getByRole("button", { name: "Sort" }).click();
        await expect(rows.first()).not.toContainText(newest.reference);
      } finally {
        // Out of the way of the other tests, which look for their own rows on the first page.
        await sql`update payments set status = 'failed' where booking_id in ${sql(created.map((b) => b.id))}`;
      }
    });
  });
}

/*
 * Duplicate transfers, who may verify and whose pages are in reach are the server's answers, the same with JavaScript on or off; the transfer and verification forms are submitted without JavaScript above (docs/operations.md#tests).
 */
test.describe("pago móvil: the server's rules", () => {
  test("one bank + reference + date pays once", async ({ page }) => {
    const driver = await newDriver();
    const [a, b] = [await freshHold(driver), await freshHold(driver, "RD-DEMO2")];
    await signIn(page, driver);
    const reference = `7${String(Date.now()).slice(-9)}`;
    await page.goto(`/payment/mobile?b=${a.id}&l=en`);
    await submitTransfer(page, { bank: "0105", phone: "04141112233", reference });
    await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
    // The same transfer typed with leading zeros for another booking.
    await page.goto(`/payment/mobile?b=${b.id}&l=en`);
    await submitTransfer(page, { bank: "0105", phone: "04141112233", reference: `00${reference}` });
    await expect(
      page.getByText("This transfer (bank, reference number and date) is already registered."),
    ).toBeVisible();
    expect(await paymentOf(b.id)).toBeUndefined();
    expect(await statusOf(b.id)).toBe("void");

    // The same reference under another bank slips past the unique key: accepted, but flagged to staff on both rows.
    await submitTransfer(page, { bank: "0134", phone: "04141112233", reference: `00${reference}` });
    await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
    await signOut(page);
    await signIn(page, ADMIN);
    await page.goto("/admin/payments?order=newest&l=en");
    const rowOf = (booking: { reference: string }) =>
      page.getByRole("row").filter({ has: page.getByRole("link", { name: `View booking ${booking.reference}` }) });
    for (const [mine, other] of [
      [a, b],
      [b, a],
    ]) {
      const warning = rowOf(mine).getByRole("note");
      await expect(warning).toContainText("Warning: another booking filed a transfer with this reference:");
      await expect(warning.getByRole("link", { name: other.reference })).toHaveAttribute(
        "href",
        `/booking?b=${other.id}`,
      );
    }
    await expect(rowOf(b)).toContainText(`0134 · Banesco · 0414-1112233 · ref. 00${reference}`);
  });
  test("supplier staff see the queue read-only; an admin cannot verify the payment of their own booking", async ({
    page,
  }) => {
    // Three sign-ins and a booking: 20 s of the default 30 s in a CI run on a slow machine.
    test.slow();
    const driver = await newDriver();
    const theirs = await freshHold(driver);
    const own = await freshHold(ADMIN);
    for (const [who, booking] of [
      [driver, theirs],
      [ADMIN, own],
    ] as const) {
      await signIn(page, who);
      await page.goto(`/payment/mobile?b=${booking.id}&l=en`);
      await submitTransfer(page, { phone: "04121234567", reference: `6${String(Date.now()).slice(-9)}` });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
      await signOut(page);
    }
    const payment = await paymentOf(theirs.id);
    const ownPayment = await paymentOf(own.id);

    // The transfer lands in the operator's account: the supplier's staff follow it but cannot approve it.
    await signIn(page, STAFF);
    await page.goto("/admin/payments?order=newest&l=en");
    await expect(page.getByText("Only the operator's admins approve or reject transfers")).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: theirs.reference });
    await expect(row).toBeVisible();
    await expect(page.getByRole("button", { name: /^(Approve|Reject) the payment/ })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: "Actions" })).toHaveCount(0);
    const forms: Array<Record<string, string>> = [
      { intent: "approve", paymentId: String(payment.id) },
      { intent: "reject", paymentId: String(payment.id), reason: "Forged" },
    ];
    for (const form of forms) {
      const answer = await page.request.post("/admin/payments?l=en", { form, maxRedirects: 0 });
      expect(answer.status()).toBe(403);
      expect(await answer.text()).toContain("You do not have access to this page.");
    }
    expect((await paymentOf(theirs.id)).status).toBe("pending");
    await signOut(page);

    // An admin's own booking: no buttons, a note, and a forged approval refused with a message.
    await signIn(page, ADMIN);
    await page.goto("/admin/payments?order=newest&l=en");
    const ownRow = page.getByRole("row").filter({ hasText: own.reference });
    await expect(ownRow).toContainText("Your own booking: another admin must verify this payment.");
    await expect(ownRow.getByRole("button")).toHaveCount(0);
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: theirs.reference })
        .getByRole("button", { name: `Approve the payment for booking ${theirs.reference}` }),
    ).toBeVisible();
    const forged = await page.request.post("/admin/payments?order=newest", {
      form: { intent: "approve", paymentId: String(ownPayment.id) },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(302);
    await page.goto("/admin/payments?order=newest&l=en");
    await expect(
      page.getByText("You cannot approve or reject the payment of your own booking: another admin must verify it."),
    ).toBeVisible();
    expect((await paymentOf(own.id)).status).toBe("pending");
    expect(await statusOf(own.id)).toBe("pending");
  });
  test("another driver's payment page and another supplier's payment are out of reach", async ({ page }) => {
    const owner = await newDriver();
    const mine = await freshHold(owner);
    const elsewhere = await freshHold(owner, "RD-DEMO2");
    await signIn(page, owner);
    await page.goto(`/payment/mobile?b=${elsewhere.id}&l=en`);
    await submitTransfer(page, { phone: "04161234567", reference: `5${String(Date.now()).slice(-9)}` });
    await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
    const foreignPayment = await paymentOf(elsewhere.id);
    await signOut(page);

    await signIn(page, await newDriver());
    const response = await page.goto(`/payment/mobile?b=${mine.id}&l=en`);
    expect(response?.status()).toBe(404);
    const forged = await page.request.post(`/payment/mobile?b=${mine.id}`, {
      form: { intent: "pay", bank: "0134", phone: "04141234567", reference: "123456", date: today() },
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(404);
    expect(await paymentOf(mine.id)).toBeUndefined();
    expect((await page.goto("/admin/payments?l=en"))?.status()).toBe(404);
    await signOut(page);

    await page.goto("/admin/payments?l=en");
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fadmin%2Fpayments/);

    // The demo staff work for RD-DEMO1's supplier, not RD-DEMO2's.
    await signIn(page, STAFF);
    await page.goto("/admin/payments?l=en");
    await expect(page.getByRole("row").filter({ hasText: elsewhere.reference })).toHaveCount(0);
    // Supplier staff approve or reject nothing (only admins do): 403, whoever's the payment.
    const forgeries: Array<Record<string, string>> = [
      { intent: "approve", paymentId: String(foreignPayment.id) },
      { intent: "reject", paymentId: String(foreignPayment.id), reason: "Forged" },
    ];
    for (const form of forgeries) {
      const answer = await page.request.post("/admin/payments", { form, maxRedirects: 0 });
      expect(answer.status()).toBe(403);
    }
    expect((await paymentOf(elsewhere.id)).status).toBe("pending");
    expect(await statusOf(elsewhere.id)).toBe("pending");
  });
});
