import type { Page } from "@playwright/test";
import { expect, jsModes, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The payments core as a person meets it: the payment choice at checkout (an online method
 * holds the car at the price without the pay-later fee), and direct payment at /payment —
 * the driver's own outstanding bookings, and the reference + email lookup that lets anyone
 * holding the confirmation email pay, while a guessed id or grant shows nothing.
 * Each test books at Maiquetía on dates no other suite uses.
 */

function caracas(days: number, time: string): string {
  const date = new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}`;
}

const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);

/** A visitor's checkout from the search, up to the payment choice. */
async function visitorCheckout(page: Page, startDay: number, email: string) {
  await page.goto(
    `/search?l=en&pickup=1&dropoff=1&from=${caracas(startDay, "10:00")}&to=${caracas(startDay + 2, "10:00")}`,
  );
  await page.locator("article.car-card").first().getByRole("link", { name: "Book" }).click();
  await expect(page).toHaveURL(/\/checkout\?car=/);
  await page.getByLabel("Full name", { exact: true }).fill("Paula Pagos");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Phone", { exact: true }).fill("+58 414 555 0199");
  await page.getByLabel("Birth date", { exact: true }).fill("1988-03-09");
  await page.getByLabel("I accept the Terms of Use").check();
}

/** Free pick-up days of this spec's car, one range per mode of the loop below; the tests after it run with JavaScript only, on the first range. */
const dayOf = (index: number, n: number) => 150 + index * 20 + n * 4;

for (const [index, mode] of jsModes.entries()) {
  const day = (n: number) => dayOf(index, n);

  test.describe(`direct payment ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    // Each test books through the whole checkout and opens a second browser.
    test.describe.configure({ timeout: 90_000 });

    test("paying online holds the car at the price without the pay-later fee", async ({ page }) => {
      await visitorCheckout(page, day(0), uniqueEmail("hold"));
      await expect(page.getByRole("radio", { name: "Pay later" })).toBeChecked();
      await expect(page.getByRole("radio", { name: "Card" })).toBeVisible();
      await expect(page.getByRole("radio", { name: "Pago móvil" })).toBeVisible();
      const payLater = money(await page.getByTestId("checkout-total").textContent());
      await page.getByRole("radio", { name: "Pago móvil" }).check();
      if (mode.javaScriptEnabled)
        await expect
          .poll(async () => money(await page.getByTestId("checkout-total").textContent()))
          .toBeLessThan(payLater);
      await page.getByRole("button", { name: "Book now" }).click();
      // A visitor's new account is not signed in: the payment pages open through the booking's grant.
      await expect(page).toHaveURL(/\/payment\/mobile\?b=\d+&g=[\w-]{24}$/);
      const bookingId = new URL(page.url()).searchParams.get("b");
      const grant = new URL(page.url()).searchParams.get("g");

      await page.goto(`/payment?b=${bookingId}&g=${grant}&l=en`);
      await expect(page.getByText("for 30 more minutes")).toBeVisible();
      const due = money(await page.getByTestId("amount-due").textContent());
      expect(due).toBeGreaterThan(0);
      expect(due).toBeLessThan(payLater);
      await expect(page.getByRole("link", { name: "Pay by card" })).toHaveAttribute(
        "href",
        `/payment/card?b=${bookingId}&g=${grant}`,
      );
      await expect(page.getByRole("link", { name: "Pay with pago móvil" })).toBeVisible();
    });

    test("a booking is found by reference and email and paid without signing in; guesses show nothing", async ({
      page,
      browser,
      request,
    }) => {
      const email = uniqueEmail("direct");
      await visitorCheckout(page, day(1), email);
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(page).toHaveURL(/\/booking\?b=\d+&g=[\w-]{24}$/);
      const bookingId = new URL(page.url()).searchParams.get("b")!;
      const [confirmation] = await waitForEmails(request, email, {
        match: (e) => /^Your booking RD-\w+ is confirmed$/.test(e.subject),
      });
      const reference = confirmation.subject.match(/RD-\w+/)![0];

      // The visitor (not signed in: the address is not proven yet) pays from the booking page, through its grant.
      await page.getByRole("link", { name: "Pay now" }).click();
      await expect(page).toHaveURL(new RegExp(`/payment\\?b=${bookingId}&g=[\\w-]{24}$`));
      // With JavaScript the address changes before the payment page is drawn: wait for it.
      await expect(page.getByRole("heading", { name: "Direct payment", level: 1 })).toBeVisible();
      await expect(page.getByText(reference).first()).toBeVisible();

      // Someone else, not signed in: the id alone or a made-up grant is a 404.
      const stranger = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      const other = await stranger.newPage();
      expect((await other.goto(`/payment?b=${bookingId}&l=en`))?.status()).toBe(404);
      await expect(other.getByRole("heading", { name: "Booking not found" })).toBeVisible();
      expect((await other.goto(`/payment?b=${bookingId}&g=AAAAAAAAAAAAAAAAAAAAAAAA&l=en`))?.status()).toBe(404);

      // The lookup: a wrong email says no; the right one (typed loosely) opens the booking with its methods.
      await other.goto("/payment?l=en");
      await other.getByLabel("Booking reference").fill(reference);
      await other.getByLabel("Email").fill(uniqueEmail("nobody"));
      await other.getByRole("button", { name: "Find booking" }).click();
      await expect(other.getByText("No booking matches this reference and email address")).toBeVisible();
      await other.getByLabel("Booking reference").fill(` ${reference.toLowerCase()} `);
      await other.getByLabel("Email").fill(email.toUpperCase());
      await other.getByRole("button", { name: "Find booking" }).click();
      await expect(other).toHaveURL(new RegExp(`/payment\\?b=${bookingId}&g=[\\w-]{24}$`));
      await expect(other.getByText(reference)).toBeVisible();
      const card = other.getByRole("link", { name: "Pay by card" });
      await expect(card).toHaveAttribute("href", new RegExp(`^/payment/card\\?b=${bookingId}&g=[\\w-]{24}$`));
      // The grant is for this booking only.
      const grant = new URL(other.url()).searchParams.get("g");
      expect((await other.goto(`/payment?b=${Number(bookingId) - 1}&g=${grant}&l=en`))?.status()).toBe(404);
      await stranger.close();
    });
  });
}

/*
 * Another driver's requests are the server's to refuse, the same with JavaScript on or off (docs/operations.md#tests).
 */
test.describe("direct payment: the server's rules", () => {
  test.describe.configure({ timeout: 90_000 });
  test("another signed-in driver cannot open someone's payment page", async ({ page, browser }) => {
    await visitorCheckout(page, dayOf(0, 2), uniqueEmail("owner"));
    await page.getByRole("radio", { name: "Card" }).check();
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page).toHaveURL(/\/payment\/card\?b=\d+&g=[\w-]{24}$/);
    const bookingId = new URL(page.url()).searchParams.get("b");
    const intruder = await browser.newContext({ javaScriptEnabled: true });
    const other = await intruder.newPage();
    await signedInAs(other, "driver@rueda.example", "Rueda2026!");
    for (const path of ["/payment", "/payment-success", "/payment/card", "/payment/mobile"]) {
      expect((await other.goto(`${path}?b=${bookingId}&l=en`))?.status(), path).toBe(404);
    }
    await intruder.close();
  });
});
