import type { APIRequestContext, Page } from "@playwright/test";
import type { FakeWhatsappMessage } from "../fakes/whatsapp";
import { expect, javaScriptOnly, jsModes, share, test, waitForEmails } from "./support";
import { ADMIN, pagoMovilData, signIn, signOut, submitTransfer } from "./pago-movil";

/*
 * WhatsApp against the Cloud API fake (docs/domain.md#whatsapp): a driver who opts in at checkout
 * gets the confirmation and "payment received" there, in their language; the fake's "delivered"
 * shows to staff on the booking; a driver who opted out in the settings gets email only.
 */
const { sql, newDriver, freshHold, checkoutLink } = pagoMovilData();

/** What the fake was sent for the booking `reference` (its first parameter). */
async function sentFor(request: APIRequestContext, reference: string): Promise<FakeWhatsappMessage[]> {
  const response = await request.get(`${share.whatsappFakeUrl}/_control/messages`);
  return ((await response.json()) as { data: FakeWhatsappMessage[] }).data.filter((m) => m.parameters[0] === reference);
}

/** An admin approves the transfer of booking `reference` (docs/domain.md#pago-móvil). */
async function approve(page: Page, reference: string) {
  await signOut(page);
  await signIn(page, ADMIN);
  await page.goto("/admin/payments?order=newest&l=en");
  const row = page.getByRole("row").filter({ hasText: reference });
  await row.getByRole("button", { name: `Approve the payment for booking ${reference}` }).click();
  await expect(page.getByText("Payment approved: the booking is paid and the driver was told.")).toBeVisible();
}

for (const mode of jsModes) {
  test.describe(`WhatsApp ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });

    test("opted in at checkout → the confirmation and 'payment received' on WhatsApp; 'delivered' shows to staff", async ({
      page,
      request,
    }) => {
      const driver = await newDriver();
      await signIn(page, driver);
      await page.goto(await checkoutLink());
      await page.getByLabel("Pago móvil", { exact: true }).check();
      await page.getByLabel("Send my confirmations and payment updates on WhatsApp").check();
      await page.getByLabel("WhatsApp number").fill("0414 555 01");
      await page.getByRole("button", { name: "Book now" }).click();
      // A number WhatsApp cannot reach is refused, translated, beside its field.
      await expect(page.getByText("Enter the WhatsApp number with its country code").first()).toBeVisible();
      await page.getByLabel("WhatsApp number").fill("0414 555 0101");
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(page).toHaveURL(/\/payment\/mobile\?b=\d+/);
      const bookingId = Number(new URL(page.url()).searchParams.get("b"));
      await submitTransfer(page, { phone: "+58 414 765 4321", reference: String(Date.now()).slice(-8) });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
      const [{ reference }] = await sql<
        { reference: string }[]
      >`select reference from bookings where id = ${bookingId}`;

      await approve(page, reference);
      await page.goto(`/booking?b=${bookingId}&l=en`);
      const whatsapp = page.getByRole("region", { name: "WhatsApp messages" });
      const confirmed = whatsapp.getByRole("row").filter({ hasText: "Booking confirmed" });
      await expect(confirmed).toContainText("Accepted by WhatsApp");
      await expect(confirmed).toContainText("+584145550101");
      const sent = await sentFor(request, reference);
      expect(sent.map((m) => [m.template, m.language, m.to]).sort()).toEqual([
        ["booking_confirmed", "en", "584145550101"],
        ["payment_received", "en", "584145550101"],
      ]);

      const booking = sent.find((m) => m.template === "booking_confirmed")!;
      const posted = await request.post(`${share.whatsappFakeUrl}/_control/status`, {
        data: { wamid: booking.id, status: "delivered" },
      });
      expect(((await posted.json()) as { webhookStatus: number }).webhookStatus).toBe(200);
      await page.reload();
      await expect(confirmed).toContainText("Delivered");
    });
  });
}

for (const mode of javaScriptOnly) {
  test.describe(`WhatsApp opted out ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.describe.configure({ timeout: 120_000 });

    test("a driver who opted out in the settings gets email only", async ({ page, request }) => {
      const driver = await newDriver();
      await signIn(page, driver);
      await page.goto("/settings?l=en");
      const optIn = page.getByLabel("Send my confirmations and payment updates on WhatsApp");
      await optIn.check();
      await page.getByLabel("WhatsApp number").fill("+58 424 555 0202");
      await page.getByRole("button", { name: "Save WhatsApp preference" }).click();
      await expect(page.getByText("Settings updated successfully")).toBeVisible();
      await expect(optIn).toBeChecked();
      await optIn.uncheck();
      const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/settings"));
      await page.getByRole("button", { name: "Save WhatsApp preference" }).click();
      await saved;
      // As stored: out, and the number kept in E.164, so opting in again is one tick.
      await page.reload();
      await expect(optIn).not.toBeChecked();
      await expect(page.getByLabel("WhatsApp number")).toHaveValue("+584245550202");

      const booking = await freshHold(driver);
      await page.goto(`/payment/mobile?b=${booking.id}&l=en`);
      await submitTransfer(page, { phone: "04241234567", reference: `7${String(Date.now()).slice(-7)}` });
      await expect(page.getByRole("heading", { name: "Payment awaiting verification", level: 1 })).toBeVisible();
      await approve(page, booking.reference);
      await waitForEmails(request, driver, {
        match: (e) => e.subject === `Payment received for booking ${booking.reference}`,
      });
      expect(await sentFor(request, booking.reference)).toEqual([]);
    });
  });
}
