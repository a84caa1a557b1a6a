import { share } from "./worker-servers";
import crypto from "node:crypto";
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import type { FakeTransaction } from "../fakes/trongrid";
import { expect, fillVisitor, jsModes, money, searchMaiquetia, test, uniqueEmail, waitForEmails } from "./support";
import { signedInAs } from "./sign-in";

/*
 * USDT on TRON from checkout to paid, against the TronGrid fake: each test books a car of the
 * demo data as a visitor, picks USDT, and the fake chain holds the transactions the test
 * registers, for the exact amount the booking's page asks (docs/domain.md#usdt). The e2e app's
 * deposit address is tests/e2e/worker-servers.ts's, its USDT contract the default.
 */
const tronGridUrl = share.tronGridFakeUrl;
const WALLET = "TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV";
const USDT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** A payer's account (33…33). */
const PAYER = "TEdvoHEatmDKvTh3o9vBRB9Vdtbhn4QFhy";
const ADMIN = "admin@rueda.example";
const PASSWORD = "Rueda2026!";
const CHECKING = "Checking the transaction…";
const INVALID = "Invalid transaction ID (check that it matches the amount shown)";

const newTxId = () => crypto.randomBytes(32).toString("hex");

/** Books the first car at Maiquetía from `startDay` as a new visitor paying with USDT; returns the driver's email. */
async function checkoutWithUsdt(page: Page, startDay: number): Promise<string> {
  const email = uniqueEmail("usdt");
  await searchMaiquetia(page, startDay);
  await page.locator("article.car-card").first().getByRole("link", { name: "Book" }).click();
  await expect(page).toHaveURL(/\/checkout\?/);
  await page.getByRole("radio", { name: "USDT (TRC20)" }).check();
  await fillVisitor(page, { email });
  await page.getByLabel("I accept the Terms of Use").check();
  await page.getByRole("button", { name: "Book now" }).click();
  await expect(page).toHaveURL(/\/payment\/usdt\?b=\d+&g=[\w-]{24}$/);
  return email;
}

/** The exact amount the page asks for, in USDT base units: the balance plus this booking's tag, all 6 decimals shown. */
async function baseUnitsDue(page: Page): Promise<string> {
  const text = (await page.getByTestId("usdt-amount").textContent()) ?? "";
  const match = /^(\d+)\.(\d{6}) USDT$/.exec(text);
  expect(match, `amount "${text}"`).not.toBeNull();
  await expect(page.getByText(`Send exactly ${match![1]}.${match![2]} USDT`)).toBeVisible();
  return BigInt(`${match![1]}${match![2]}`).toString();
}

/** The booking reference the payment page's summary shows. */
async function referenceOf(page: Page): Promise<string> {
  return (
    (await page
      .locator("dt", { hasText: /^Booking$/ })
      .locator("xpath=following-sibling::dd[1]")
      .textContent()) ?? ""
  );
}

/** Another person's browser, in the same JavaScript mode. */
async function visitor(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled });
  return { context, page: await context.newPage() };
}

async function onChain(request: APIRequestContext, tx: FakeTransaction) {
  const response = await request.post(`${tronGridUrl}/test/transactions`, { data: tx });
  expect(response.ok()).toBe(true);
}

async function timesAsked(request: APIRequestContext, txid: string): Promise<number> {
  return ((await (await request.get(`${tronGridUrl}/test/transactions/${txid}`)).json()) as { count: number }).count;
}

async function submitTxId(page: Page, txid: string) {
  await page.getByLabel("Transaction ID").fill(txid);
  await page.getByRole("button", { name: "Submit transaction ID" }).click();
}

/** Follows the check with the page's Refresh link until `outcome` shows. */
async function refreshUntil(page: Page, outcome: Locator) {
  await expect(async () => {
    const refresh = page.getByRole("link", { name: "Refresh" });
    if (await refresh.isVisible()) await refresh.click();
    await expect(outcome).toBeVisible({ timeout: 1000 });
    // A check that ran before the chain had the transaction retries with the outbox's backoff (2 s, 4 s, 8 s, 16 s…).
  }).toPass({ timeout: 60_000 });
}

/** Free pick-up days of this spec's car, one range per mode of the loop below; the tests after it run with JavaScript only, on the first range. */
const dayOf = (index: number, n: number) => 30 + index * 40 + n * 8;

for (const [index, mode] of jsModes.entries()) {
  const day = (n: number) => dayOf(index, n);

  test.describe(`USDT payment ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the page shows the network, amount, address and QR code; a valid transfer pays the booking and emails the driver", async ({
      page,
      context,
      request,
    }) => {
      test.setTimeout(120_000);
      const email = await checkoutWithUsdt(page, day(0));
      await expect(page.getByRole("heading", { level: 1, name: "Pay with USDT" })).toBeVisible();
      await expect(page.getByText("TRON (TRC20)", { exact: true })).toBeVisible();
      await expect(page.getByTestId("deposit-address")).toHaveText(WALLET);
      await expect(page.getByRole("img", { name: "QR code of the deposit address" }).locator("svg")).toBeVisible();
      const amount = await baseUnitsDue(page);
      const dueCents = Number(BigInt(amount) / 10_000n);
      expect(dueCents).toBeGreaterThan(0);
      // The tag is under a cent: the booking's balance, plus 1 to 9,999 micro-USDT.
      expect(dueCents).toBe(money(await page.getByTestId("amount-due").textContent()));
      expect(BigInt(amount) % 10_000n).toBeGreaterThan(0n);

      if (mode.javaScriptEnabled) {
        await context.grantPermissions(["clipboard-read", "clipboard-write"]);
        await page.getByRole("button", { name: "Copy address" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Address copied" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(WALLET);
        await page.getByRole("button", { name: "Copy amount" }).click();
        await expect(page.getByRole("status").filter({ hasText: "Amount copied" })).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          `${amount.slice(0, -6)}.${amount.slice(-6)}`,
        );
      } else {
        await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
      }

      // Not a transaction id: refused by the form, nothing recorded.
      await submitTxId(page, "not-a-transaction");
      await expect(page.getByText("A transaction ID has 64 characters: digits and letters a–f")).toBeVisible();

      // Submitted before the chain has it: the page checks, and keeps refreshing itself.
      const txid = newTxId();
      await submitTxId(page, txid.toUpperCase());
      await expect(page.getByText(CHECKING)).toBeVisible();
      // Without JavaScript the document reloads itself; with it (next test) only the data is asked again.
      if (!mode.javaScriptEnabled)
        await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "10");
      else await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
      await onChain(request, { txid, to: WALLET, contract: USDT, amount });
      await refreshUntil(page, page.getByText("Payment received: your booking is paid."));
      await page.getByRole("link", { name: "See the confirmation" }).click();
      await expect(page).toHaveURL(/\/payment-success\?b=\d+/);
      await expect(page.getByRole("heading", { name: "Payment done" })).toBeVisible();
      await waitForEmails(request, email, { match: (e) => /^Payment received for booking RD-\w+$/.test(e.subject) });
    });

    test("a transaction the chain never confirms keeps the page checking while the job asks again", async ({
      page,
      request,
    }) => {
      // The page asks again every 10 s: with JavaScript a timer of the page's, moved on by the
      // test's clock instead of waited for; without it a refresh meta, which the browser follows.
      if (mode.javaScriptEnabled) await page.clock.install();
      await checkoutWithUsdt(page, day(2));
      const txid = newTxId();
      await submitTxId(page, txid);
      await expect(page.getByText(CHECKING)).toBeVisible();
      await expect.poll(() => timesAsked(request, txid), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      // Asked again, the page is still checking: with JavaScript only its data is fetched, so
      // the document (and anything typed in it) stays; without it the document reloads.
      if (mode.javaScriptEnabled) {
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        const askedAgain = page.waitForResponse(
          (response) => response.request().method() === "GET" && new URL(response.url()).searchParams.has("_data"),
        );
        await page.clock.fastForward(10_000);
        await askedAgain;
        await expect(page.getByText(CHECKING)).toBeVisible();
        expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
      } else {
        await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "10");
        await page.reload();
        await expect(page.getByText(CHECKING)).toBeVisible();
      }
      await page.getByRole("link", { name: "Refresh" }).click();
      await expect(page.getByText(CHECKING)).toBeVisible();
      await expect(page.getByLabel("Transaction ID")).toHaveCount(0);

      // Someone else (no session, no grant) can neither see this payment page nor post to it.
      const url = new URL(page.url());
      url.searchParams.delete("g");
      expect((await request.get(url.pathname + url.search)).status()).toBe(404);
      expect((await request.post(url.pathname + url.search, { form: { txId: newTxId() } })).status()).toBe(404);
    });
  });
}

/*
 * Which transfers pay which booking is the server's rule, checked through the job and the request
 * handler in tests/integration/usdt-payment-checking.test.ts (each refusal: too small, another
 * address, another token, failed, too early) and usdt-payment-transactions.test.ts (a reused ID; a
 * transfer made for booking B claimed by A's driver; what staff are shown). The browser keeps what
 * a driver and staff see of one refusal, with JavaScript; the transaction form is submitted without
 * it above (docs/operations.md#tests).
 */
test("a transfer too small is refused with its reason and shown to staff as money not matched; its ID cannot be used again", async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(90_000);
  await checkoutWithUsdt(page, dayOf(0, 1));
  const reference = await referenceOf(page);
  const amount = (BigInt(await baseUnitsDue(page)) - 1n).toString();
  const txid = newTxId();
  await onChain(request, { txid, to: WALLET, contract: USDT, amount, from: PAYER });
  await submitTxId(page, txid);
  await refreshUntil(
    page,
    page.getByRole("alert").filter({ hasText: INVALID }).filter({ hasText: "It is less than the amount." }),
  );
  await expect(page.getByText("Payment received: your booking is paid.")).toHaveCount(0);
  // The form is back for another transaction, but not for this one.
  await submitTxId(page, txid);
  await expect(page.getByText("Transaction ID already registered")).toBeVisible();
  await expect(page.getByText(CHECKING)).toHaveCount(0);

  // Staff see the money that reached us without paying the booking that claimed it.
  const staff = await visitor(browser, baseURL!, true);
  await signedInAs(staff.page, ADMIN, PASSWORD);
  await staff.page.goto("/admin/payments?l=en");
  const row = staff.page
    .getByRole("table", { name: "USDT received but not matched" })
    .getByRole("row")
    .filter({ hasText: reference });
  await expect(row).toContainText(txid);
  await expect(row).toContainText(PAYER);
  await expect(row).toContainText(`${amount.slice(0, -6)}.${amount.slice(-6)} USDT`);
  await expect(row).toContainText("It is less than the amount.");
  await staff.context.close();
});

test("the copy buttons arriving with JavaScript move nothing on the page", async ({ page, browser, context }) => {
  // A control that moves while the page hydrates takes a press meant for the one below it.
  await checkoutWithUsdt(page, 110);
  await expect(page.getByRole("button", { name: "Copy address" })).toBeVisible();
  const hydrated = await page.getByRole("button", { name: "Submit transaction ID" }).boundingBox();
  const serverOnly = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const before = await serverOnly.newPage();
  await before.goto(page.url());
  await expect(before.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
  expect(await before.getByRole("button", { name: "Submit transaction ID" }).boundingBox()).toEqual(hydrated);
  await serverOnly.close();
});
