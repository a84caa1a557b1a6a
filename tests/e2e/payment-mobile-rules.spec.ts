import { expect, test } from "./support";
import { ADMIN, pagoMovilData, signIn, signOut, STAFF, submitTransfer, today } from "./pago-movil";

/*
 * Pago móvil's rules (docs/domain.md#pago-móvil): one transfer pays once, the same reference under
 * another bank is flagged, and the scopes of the payer's page and the queue.
 */
const { newDriver, freshHold, paymentOf, statusOf } = pagoMovilData();

/*
 * Duplicate transfers, who may verify and whose pages are in reach are the server's answers, the same with JavaScript on or off; the transfer and verification forms are submitted without JavaScript in payment-mobile-verification.spec.ts (docs/operations.md#tests).
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
