import { expect, jsModes, test, waitForEmails } from "./support";
import { ADMIN, pagoMovilData, signIn, signOut, submitTransfer, today } from "./pago-movil";

/*
 * Pago móvil verified (docs/domain.md#pago-móvil): checkout with pago móvil, the page with the
 * merchant's account and the amount in bolívares, the payer's transfer awaiting verification,
 * admins approving (booking paid, "payment done" email) or rejecting (driver told, pays again, the
 * car released).
 */
const RATE_TENTHOUSANDTHS = 2_455_000n; // the demo rate, 245.5 Bs per dollar

const { sql, newDriver, freshHold, paymentOf, statusOf, checkoutLink } = pagoMovilData();

/** USD cents at the demo rate, in the page's format: half-up to the céntimo, comma thousands. */
function bolivars(cents: number): string {
  const product = BigInt(cents) * RATE_TENTHOUSANDTHS;
  const centimos = product / 10_000n + ((product % 10_000n) * 2n >= 10_000n ? 1n : 0n);
  const whole = (centimos / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = centimos % 100n;
  return `${whole}${fraction ? `.${fraction.toString().padStart(2, "0")}` : ""} Bs`;
}

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
  });
}
