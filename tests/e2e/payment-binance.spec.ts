import { share } from "./worker-servers";
import type { APIRequestContext } from "@playwright/test";
import type { FakeOrder } from "../fakes/binance-pay";
import { expect, fillVisitor, money, searchMaiquetia, test, uniqueEmail, waitForEmails } from "./support";

/*
 * Binance Pay from checkout to paid, against the Binance Pay fake (docs/domain.md#binance-pay): a
 * visitor books, picks Binance Pay, and the page shows the order created at Binance for the
 * balance; the fake then delivers Binance's webhooks to the app, badly signed and then signed.
 * Without JavaScript: the page needs none.
 */
const binancePayUrl = share.binancePayFakeUrl;

async function latestOrder(request: APIRequestContext): Promise<FakeOrder> {
  const orders = (await (await request.get(`${binancePayUrl}/test/orders`)).json()) as FakeOrder[];
  return orders.at(-1)!;
}

async function webhook(
  request: APIRequestContext,
  data: { merchantTradeNo: string; times?: number; badSignature?: boolean },
) {
  const response = await request.post(`${binancePayUrl}/test/webhooks`, { data });
  return ((await response.json()) as { statuses: number[] }).statuses;
}

test.use({ javaScriptEnabled: false });

test("Binance Pay: the order is for the balance; a badly signed webhook is refused; the signed one, sent three times, pays the booking once and emails once", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail("binance");
  await searchMaiquetia(page, 290);
  await page.locator("article.car-card").first().getByRole("link", { name: "Book" }).click();
  await page.getByRole("radio", { name: "Binance Pay" }).check();
  await fillVisitor(page, { email });
  await page.getByLabel("I accept the Terms of Use").check();
  await page.getByRole("button", { name: "Book now" }).click();
  await expect(page).toHaveURL(/\/payment\/binance\?b=\d+&g=[\w-]{24}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pay with Binance Pay" })).toBeVisible();

  const dueCents = money(await page.getByTestId("amount-due").textContent());
  expect(dueCents).toBeGreaterThan(0);
  await expect(page.getByTestId("binance-amount")).toHaveText(`${(dueCents / 100).toFixed(2)} USDT`);
  const order = await latestOrder(request);
  expect(order).toMatchObject({ orderAmount: (dueCents / 100).toFixed(2), currency: "USDT", status: "INITIAL" });
  await expect(page.getByRole("link", { name: "Open Binance Pay" })).toHaveAttribute("href", /checkout\//);
  await expect(page.getByRole("img", { name: "QR code of the Binance Pay order" }).locator("svg")).toBeVisible();

  expect(await webhook(request, { merchantTradeNo: order.merchantTradeNo, badSignature: true })).toEqual([400]);
  await page.getByRole("link", { name: "I have paid: refresh" }).click();
  await expect(page.getByTestId("binance-amount")).toBeVisible();

  expect(await webhook(request, { merchantTradeNo: order.merchantTradeNo, times: 3 })).toEqual([200, 200, 200]);
  await page.getByRole("link", { name: "I have paid: refresh" }).click();
  await expect(page.getByText("Payment received: your booking is paid.")).toBeVisible();
  await page.getByRole("link", { name: "See the confirmation" }).click();
  await expect(page.getByRole("heading", { name: "Payment done" })).toBeVisible();
  const isPaymentEmail = (e: { subject: string }) => /^Payment received for booking RD-\w+$/.test(e.subject);
  await waitForEmails(request, email, { match: isPaymentEmail });
  // Given the outbox time to send a second one, if there were one.
  await page.waitForTimeout(3000);
  expect(await waitForEmails(request, email, { match: isPaymentEmail })).toHaveLength(1);
});
