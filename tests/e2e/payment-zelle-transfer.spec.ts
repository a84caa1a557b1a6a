import { expect, jsModes, test } from "./support";
import { pdfText } from "../pdf-text";
import { ADMIN, pagoMovilData, signIn, signOut, today } from "./pago-movil";

/*
 * Issue 45's acceptance (docs/domain.md#transfers, #split-payments, #igtf): a $100 booking of a
 * supplier that collects IGTF, $60 by Zelle (IGTF $1.80 shown before paying) and the rest by bank
 * transfer in bolívares at the stored rate (no IGTF); an admin approves both; the booking is paid,
 * its balance $0, and the receipt lists both payments, their rates, IVA and IGTF.
 */
// Registered before pagoMovilData's own hooks, so it runs while the file's connection is open.
test.afterAll(async () => {
  await sql`update suppliers set collects_igtf = false`;
});

const { sql, newDriver, freshHold, statusOf } = pagoMovilData();

// The demo data switches Zelle and the bank transfer on (db/seed-data.ts); the supplier collects IGTF for this file.
test.beforeAll(async () => {
  await sql`update suppliers set collects_igtf = true where id = (select supplier_id from bookings where reference = 'RD-DEMO1')`;
});
for (const mode of jsModes) {
  test.describe(`Zelle and bank transfer ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });

    test("$60 by Zelle with IGTF, the rest in bolívares, both approved: paid, balance $0, the receipt lists both", async ({
      page,
    }) => {
      const driver = await newDriver();
      const booking = await freshHold(driver);
      await sql`update bookings set price_cents = 10000, payment_method = 'zelle' where id = ${booking.id}`;
      const tag = Date.now().toString(36).toUpperCase();

      await signIn(page, driver);
      await page.goto(`/payment/zelle?b=${booking.id}&l=en`);
      await expect(page.getByRole("heading", { name: "Pay by Zelle", level: 1 })).toBeVisible();
      await expect(page.getByTestId("account-email")).toHaveText("pagos@rueda.example");
      await page.getByLabel("Amount in dollars").fill("60");
      await page.getByRole("button", { name: "Show the amount to send" }).click();
      await expect(page.getByTestId("igtf")).toHaveText("$1.80");
      await expect(page.getByTestId("amount-to-send")).toHaveText("$61.80");
      await page.getByLabel("Zelle confirmation code").fill(`ZL${tag}`);
      await page.getByLabel("Payment date").fill(today());
      await page.getByRole("button", { name: "Send for verification" }).click();
      await expect(page.getByText("We have your payment's details")).toBeVisible();

      await page.goto(`/payment/bank-transfer?b=${booking.id}&l=en`);
      await expect(page.getByText("Zelle · $60 · being verified · IGTF $1.80")).toBeVisible();
      await expect(page.getByTestId("balance")).toHaveText("Balance: $100 (24,550 Bs)");
      // The rest, $40, in bolívares at the demo's stored rate (245.5), without IGTF.
      await expect(page.getByLabel("Amount in dollars")).toHaveValue("40.00");
      await expect(page.getByTestId("amount-to-send")).toHaveText("9,820 Bs");
      await expect(page.getByTestId("igtf")).toHaveCount(0);
      await page.getByLabel("Your bank").selectOption("0134");
      await page.getByLabel("Reference number").fill(String(Date.now()).slice(-10));
      await page.getByLabel("Payment date").fill(today());
      await page.getByRole("button", { name: "Send for verification" }).click();
      await expect(page.getByText("We have your payment's details")).toBeVisible();

      await signOut(page);
      await signIn(page, ADMIN);
      for (const method of ["Zelle", "Bank transfer in bolívares"]) {
        await page.goto("/admin/payments?l=en");
        await page.getByLabel("Method", { exact: true }).selectOption({ label: method });
        await page.getByRole("button", { name: "Sort" }).click();
        const row = page.getByRole("row").filter({ hasText: booking.reference });
        await expect(row).toHaveCount(1);
        await row.getByRole("button", { name: `Approve the payment for booking ${booking.reference}` }).click();
        await expect(page.getByText(/^Payment approved/)).toBeVisible();
      }
      expect(await statusOf(booking.id)).toBe("paid");

      await signOut(page);
      await signIn(page, driver);
      await page.goto(`/payment/bank-transfer?b=${booking.id}&l=en`);
      await expect(page.getByTestId("balance")).toHaveText("Balance: $0 (0 Bs)");
      const receipt = await page.request.get(`/booking/receipt?b=${booking.id}&l=en`);
      expect(receipt.ok()).toBe(true);
      const text = (await pdfText(Buffer.from(await receipt.body()))).replace(/\s+/g, " ");
      for (const expected of [
        "Zelle",
        "Bank transfer in bolívares",
        "9,820 Bs at 245.5 Bs per dollar",
        "IVA (16%)",
        "IGTF (3%) $1.80",
        "This receipt is not a fiscal invoice.",
      ])
        expect(text).toContain(expected);
    });
  });
}
