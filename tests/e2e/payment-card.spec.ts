/**
 * Card payments (docs/domain.md#card-payments): the suite's server has no Stripe key, so it runs
 * the demo gateway; a server of this file's own runs with Stripe pointed at tests/fakes/stripe.ts.
 */
import { share } from "./worker-servers";
import type { Page } from "@playwright/test";
import Stripe from "stripe";
import { startServer, type RunningServer } from "../../scripts/support";
import { startResendFake, type ResendFake } from "../fakes/resend";
import type { FakeEvent, FakeSession } from "../fakes/stripe";
import { expect, jsModes, resendFakeUrl, test, uniqueEmail, waitForEmails } from "./support";

const MAIQUETIA = "Maiquetía Airport (CCS)";
const stripeFakeUrl = share.stripeFakeUrl;
/** The Stripe fake signs with this secret (tests/e2e/worker-servers.ts). */
const WEBHOOK_SECRET = share.stripeWebhookSecret;
const stripeAppPort = share.ports.stripeApp;
const stripeApp = `http://127.0.0.1:${stripeAppPort}`;

/** A wall-clock value in Caracas (UTC-4 all year), `days` from now at `time`. */
function caracas(days: number, time: string): string {
  const date = new Date(Date.now() - 4 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${date}T${time}`;
}

const money = (text: string | null) => Math.round(Number((text ?? "").replace(/[^0-9.]/g, "")) * 100);
const isPaymentEmail = (reference: string) => (e: { subject: string }) =>
  e.subject === `Payment received for booking ${reference}`;

/**
 * From the home page of `base` to a new booking paid by card: search Maiquetía for two days from
 * `startDay`, book the first car as a visitor (or the signed-in driver), choose Card. Ends on
 * /payment/card; answers the booking's id and reference and the amount due.
 */
async function bookForCard(page: Page, base: string, startDay: number, email: string) {
  await page.goto(`${base}/?l=en`);
  await page.getByLabel("Pick-up location").selectOption({ label: MAIQUETIA });
  await page.getByLabel("Pick-up date and time").fill(caracas(startDay, "10:00"));
  await page.getByLabel("Drop-off date and time").fill(caracas(startDay + 2, "10:00"));
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await page.locator("article.car-card").first().getByRole("link", { name: "Book" }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  if (await page.getByLabel("Full name", { exact: true }).isVisible()) {
    await page.getByLabel("Full name", { exact: true }).fill("Camila Duarte");
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Phone", { exact: true }).fill("+58 414 555 0199");
    await page.getByLabel("Birth date", { exact: true }).fill("1990-03-09");
    await page.getByLabel("I accept the Terms of Use").check();
  }
  await page.getByRole("radio", { name: "Card" }).check();
  await page.getByRole("button", { name: "Book now" }).click();
  await expect(page).toHaveURL(/\/payment\/card\?b=\d+/);
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  const bookingId = new URL(page.url()).searchParams.get("b")!;
  const grant = new URL(page.url()).searchParams.get("g");
  if (grant) grants.set(bookingId, grant);
  const reference = (await page.locator("dl.details dd").first().textContent())!.trim();
  const amountCents = money(await page.getByTestId("amount-due").textContent());
  expect(amountCents).toBeGreaterThan(0);
  return { bookingId, reference, amountCents };
}

/**
 * A visitor's checkout is not signed in: its pages open through the booking's grant
 * (docs/security.md#unproven-addresses), kept here by booking id.
 */
const grants = new Map<string, string>();
const withGrant = (bookingId: string) =>
  grants.has(bookingId) ? `b=${bookingId}&g=${grants.get(bookingId)}` : `b=${bookingId}`;

/** The status the booking's page shows its driver (or the visitor holding its grant). */
async function bookingStatus(page: Page, base: string, bookingId: string) {
  await page.goto(`${base}/booking?${withGrant(bookingId)}&l=en`);
  return (await page.locator("dl.details dd").first().textContent())?.trim();
}

for (const [index, mode] of jsModes.entries()) {
  // Dates of their own for each test and mode, far from the other specs'.
  const day = (n: number) => 600 + index * 60 + n * 6;

  test.describe(`card payment with the demo gateway ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("each wrong field is named, and the approved test card pays the booking and emails the driver", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail("card");
      const { bookingId, reference, amountCents } = await bookForCard(page, "", day(0), email);
      await expect(page.getByTestId("demo-label")).toHaveText("Demo payment — no real card is charged");
      const payLabel = `Pay $${(amountCents / 100).toLocaleString("en-US", { minimumFractionDigits: amountCents % 100 ? 2 : 0 })} by card`;
      await page.getByRole("button", { name: payLabel }).click();
      await expect(page).toHaveURL(/\/checkout-session\/\w+\?b=\d+/);
      await expect(page.getByTestId("demo-label")).toHaveText("Demo payment — no real card is charged");

      const fill = async (cardNumber: string, expiry: string, securityCode: string) => {
        await page.getByLabel("Card number").fill(cardNumber);
        await page.getByLabel("Expiry (MM/YY)").fill(expiry);
        await page.getByLabel("Security code").fill(securityCode);
        await page.getByRole("button", { name: /^Pay \$/ }).click();
      };
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      await expect(
        page.getByText("Please fill in the fields: Card number, Expiry (MM/YY), Security code"),
      ).toBeVisible();
      await fill("4242 4242 4242 4241", "12/40", "123");
      await expect(page.getByText("Card number invalid")).toBeVisible();
      await fill("4242 4242 4242 4242", "01/20", "123");
      await expect(page.getByText("expiry invalid")).toBeVisible();
      await expect(page.getByText("Card number invalid")).toHaveCount(0);
      await fill("4242 4242 4242 4242", "12/40", "12");
      await expect(page.getByText("security code invalid")).toBeVisible();
      // The security code is never sent back to the page.
      if (!mode.javaScriptEnabled) await expect(page.getByLabel("Security code")).toHaveValue("");

      await fill("4242 4242 4242 4242", "12 / 40", "123");
      await expect(page).toHaveURL(/\/payment-success\?b=\d+/);
      await expect(page.getByRole("heading", { name: "Payment done" })).toBeVisible();
      const [mail] = await waitForEmails(request, email, { match: isPaymentEmail(reference) });
      expect(mail.text).toContain(reference);
      expect(await bookingStatus(page, "", bookingId)).toBe("Paid");
    });

    test("a declined card fails the payment and releases the car", async ({ page, request }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail("declined");
      const { bookingId, reference } = await bookForCard(page, "", day(1), email);
      await page.getByRole("button", { name: /by card$/ }).click();
      await page.getByLabel("Card number").fill("4000 0000 0000 0002");
      await page.getByLabel("Expiry (MM/YY)").fill("0940");
      await page.getByLabel("Security code").fill("1234");
      await page.getByRole("button", { name: /^Pay \$/ }).click();
      await expect(page.getByRole("heading", { name: "Payment failed" })).toBeVisible();
      await expect(page.getByText("The car is no longer held for this booking")).toBeVisible();
      expect(await bookingStatus(page, "", bookingId)).toBe("Cancelled");
      const sent = (await (await request.get(`${resendFakeUrl}/emails?to=${encodeURIComponent(email)}`)).json()) as {
        data: Array<{ subject: string }>;
      };
      expect(sent.data.filter(isPaymentEmail(reference))).toHaveLength(0);
    });
  });
}

test.describe("card payment through Stripe", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  // A mailbox of its own: email idempotency keys come from payment ids, which this server's database numbers afresh.
  let mailbox: ResendFake;
  const signer = new Stripe("sk_test_signer").webhooks;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    mailbox = await startResendFake(share.ports.stripeAppMailbox);
    server = await startServer(
      stripeAppPort,
      {
        DATABASE_URL: "",
        REDIS_URL: "",
        PGLITE_DIR: "memory://",
        DATA_DIR: ".data/e2e-stripe",
        DEMO_DATA: "1",
        APP_URL: stripeApp,
        RESEND_API_KEY: "re_test_e2e",
        RESEND_BASE_URL: mailbox.url,
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE: stripeFakeUrl,
        // Migrating and seeding an empty database takes a while on a busy machine.
      },
      { timeoutMs: 240_000 },
    );
  });
  test.afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  /** The payment emails of `reference` this server sent, once at least `count` arrived (jobs run in-process, slowly on a busy machine). */
  async function paymentEmails(to: string, reference: string, count = 1) {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const found = mailbox.emails.filter((e) => e.to.includes(to) && isPaymentEmail(reference)(e));
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  test.afterEach(async ({}, testInfo) => {
    // What the Stripe server said, for a failure that happened inside it.
    if (testInfo.status !== testInfo.expectedStatus) console.log(server?.output.slice(-40).join("\n"));
  });

  const sessionsOf = async (bookingId: string) =>
    (
      (await (await fetch(`${stripeFakeUrl}/_control/sessions?client_reference_id=${bookingId}`)).json()) as {
        data: FakeSession[];
      }
    ).data;

  for (const [index, mode] of jsModes.entries()) {
    const day = (n: number) => 800 + index * 60 + n * 6;

    test(`${mode.name}: a Checkout Session for the stored amount; webhook twice and before the return → one payment, one email`, async ({
      browser,
    }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ javaScriptEnabled: mode.javaScriptEnabled });
      const page = await context.newPage();
      const email = uniqueEmail("stripe");
      const { bookingId, reference, amountCents } = await bookForCard(page, stripeApp, day(0), email);
      await expect(page.getByTestId("demo-label")).toHaveCount(0);

      await page.getByRole("button", { name: /by card$/ }).click();
      await expect(page).toHaveURL(new RegExp(`^${stripeFakeUrl}/pay/cs_test_\\w+$`));
      const [session] = await sessionsOf(bookingId);
      expect(session).toMatchObject({
        amount_total: amountCents,
        currency: "usd",
        client_reference_id: bookingId,
        metadata: { bookingId },
        locale: "en",
        mode: "payment",
      });
      const now = Date.now() / 1000;
      expect(session.expires_at).toBeGreaterThanOrEqual(now + 29 * 60);
      expect(session.expires_at).toBeLessThanOrEqual(now + 31 * 60);

      // Cancel on Stripe's page, come back, pay again: the same open session, not a second one.
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(new RegExp(`^${stripeApp}/payment/card\\?b=${bookingId}`));
      await page.getByRole("button", { name: /by card$/ }).click();
      await expect(page).toHaveURL(`${stripeFakeUrl}/pay/${session.id}`);
      expect(await sessionsOf(bookingId)).toHaveLength(1);

      // Stripe delivers the completed event twice, and before the payer's browser returns.
      await fetch(`${stripeFakeUrl}/_control/config`, { method: "POST", body: JSON.stringify({ deliveries: 2 }) });
      try {
        await page.getByRole("button", { name: "Pay" }).click();
      } finally {
        await fetch(`${stripeFakeUrl}/_control/config`, { method: "POST", body: JSON.stringify({ deliveries: 1 }) });
      }
      await expect(page).toHaveURL(new RegExp(`^${stripeApp}/payment-success\\?b=${bookingId}`));
      await expect(page.getByRole("heading", { name: "Payment done" })).toBeVisible();
      await expect(page.getByRole("status")).toContainText(`$${(amountCents / 100).toFixed(2)}`.replace(".00", ""));

      const { data: events, deliveries } = (await (await fetch(`${stripeFakeUrl}/_control/events`)).json()) as {
        data: FakeEvent[];
        deliveries: Array<{ eventId: string; status: number }>;
      };
      const completed = events.find((e) => e.type === "checkout.session.completed" && e.data.object.id === session.id)!;
      expect(deliveries.filter((d) => d.eventId === completed.id).map((d) => d.status)).toEqual([200, 200]);
      // And once more, later: still one payment, one email.
      expect(
        (
          (await (
            await fetch(`${stripeFakeUrl}/_control/events/${completed.id}/deliver`, { method: "POST" })
          ).json()) as { status: number }
        ).status,
      ).toBe(200);
      await page.reload();
      await expect(page.getByRole("status")).toContainText(`$${(amountCents / 100).toFixed(2)}`.replace(".00", ""));
      expect(await paymentEmails(email, reference)).toHaveLength(1);
      await page.waitForTimeout(1500);
      expect(await paymentEmails(email, reference)).toHaveLength(1);
      expect(await bookingStatus(page, stripeApp, bookingId)).toBe("Paid");
      await context.close();
    });
  }

  test("a webhook with a bad signature is refused with 400 and changes nothing", async ({ browser }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = uniqueEmail("forged");
    const { bookingId, reference } = await bookForCard(page, stripeApp, 700, email);
    await page.getByRole("button", { name: /by card$/ }).click();
    await expect(page).toHaveURL(new RegExp(`^${stripeFakeUrl}/pay/`));
    const [session] = await sessionsOf(bookingId);
    const payload = JSON.stringify({
      id: "evt_forged_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: { ...session, status: "complete", payment_status: "paid" } },
    });
    const post = (signature: string | null) =>
      fetch(`${stripeApp}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
        body: payload,
      });
    expect((await post(signer.generateTestHeaderString({ payload, secret: "whsec_someone_else" }))).status).toBe(400);
    expect((await post(null)).status).toBe(400);
    expect(
      (
        await post(
          signer.generateTestHeaderString({
            payload,
            secret: WEBHOOK_SECRET,
            timestamp: Math.floor(Date.now() / 1000) - 600,
          }),
        )
      ).status,
    ).toBe(400);

    await page.goto(`${stripeApp}/payment/card?${withGrant(bookingId)}&l=en`);
    await expect(page.getByRole("button", { name: /by card$/ })).toBeVisible();
    expect(await bookingStatus(page, stripeApp, bookingId)).toBe("Awaiting payment online");
    expect(mailbox.emails.filter((e) => e.to.includes(email) && isPaymentEmail(reference)(e))).toHaveLength(0);
    await context.close();
  });
});
