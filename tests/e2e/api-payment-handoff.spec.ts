import { request, type APIRequestContext, type Browser } from "@playwright/test";
import { expect, test } from "./support";

/*
 * Paying from an app (docs/security.md#payment-hand-off): the app holds a bearer token and no
 * cookie; it asks for a hand-off link, a fresh browser opens it, pays by the demo card and is
 * offered the way back to the app; the booking reads paid through the API, and the link does not
 * open twice. capacitor://localhost is an app origin of the suite's server (tests/e2e/worker-servers.ts).
 */
const driver = { email: "driver@rueda.example", password: "Rueda2026!" };
const RETURN_URL = "capacitor://localhost/payment-done";

/** A period some months ahead on the place's clock, its own for each run. */
function period() {
  const days = 400 + Math.floor(Math.random() * 150);
  const day = (n: number) => new Date(Date.now() + (days + n) * 86_400_000).toISOString().slice(0, 10);
  return { from: `${day(0)}T10:00`, to: `${day(2)}T10:00` };
}

/** Signs in as the app does and books a car that takes cards: the booking, held while it is paid. */
async function appWithCardBooking(baseURL: string) {
  const anonymous = await request.newContext({ baseURL });
  const signIn = await anonymous.post("/api/sign-in/frontend?l=en", { data: driver });
  expect(signIn.status()).toBe(200);
  const { accessToken } = await signIn.json();
  await anonymous.dispose();
  const app = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${accessToken}`, "Accept-Language": "en" },
  });
  const { locations } = await (await app.get("/api/locations")).json();
  const { from, to } = period();
  for (const place of locations) {
    const { cars } = await (await app.get(`/api/cars/search?pickup=${place.id}&from=${from}&to=${to}`)).json();
    for (const car of cars) {
      const detail = await (await app.get(`/api/cars/${car.id}`)).json();
      if (!detail.paymentMethods.includes("cardPayment")) continue;
      const checkout = await app.post("/api/bookings", {
        data: {
          carId: car.id,
          pickupLocationId: place.id,
          dropoffLocationId: place.id,
          from,
          to,
          options: [],
          paymentMethod: "cardPayment",
          driver: { phone: "+584141112233", birthDate: "1990-01-01" },
        },
      });
      expect(checkout.status(), await checkout.text()).toBe(201);
      return { app, booking: (await checkout.json()).booking as { id: number } };
    }
  }
  throw new Error("no car takes cards");
}

async function handoffLink(app: APIRequestContext, bookingId: number) {
  const answer = await app.post(`/api/bookings/${bookingId}/payment-link`, {
    data: { method: "card", returnUrl: RETURN_URL },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { url: string }).url;
}

/** A browser with no cookie at all. */
function freshBrowser(browser: Browser, javaScriptEnabled: boolean) {
  return browser.newContext({ javaScriptEnabled });
}

test("an app's hand-off link pays a booking by card in a fresh browser and leads back to the app", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const { app, booking } = await appWithCardBooking(baseURL!);
  const url = await handoffLink(app, booking.id);

  const context = await freshBrowser(browser, true);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page).toHaveURL(new RegExp(`/payment/card\\?b=${booking.id}&g=[\\w-]{24}$`));
  await page.getByRole("button", { name: /^Pay \$.* by card$/ }).click();
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await expect(page.getByRole("heading", { name: "Payment done" })).toBeVisible();
  await expect(page.getByText("You can go back to the app now.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the app" })).toHaveAttribute(
    "href",
    `${RETURN_URL}?booking=${booking.id}&status=paid`,
  );
  // The link paid; it signed nobody in.
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("__session");
  const read = await app.get(`/api/bookings/${booking.id}`);
  expect((await read.json()).status).toBe("paid");

  await page.goto(url);
  await expect(page.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
  await context.close();
  await app.dispose();
});

test("without JavaScript the link opens the card page once", async ({ browser, baseURL }) => {
  const { app, booking } = await appWithCardBooking(baseURL!);
  const url = await handoffLink(app, booking.id);
  const context = await freshBrowser(browser, false);
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByRole("heading", { name: "Pay by card" })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pay \$.* by card$/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the app" })).toHaveAttribute(
    "href",
    `${RETURN_URL}?booking=${booking.id}&status=cancelled`,
  );

  const again = await (await freshBrowser(browser, false)).newPage();
  await again.goto(url);
  await expect(again.getByRole("heading", { name: "This link has already been used" })).toBeVisible();
  await expect(again.getByText("Go back to the app and ask for a new one to pay.")).toBeVisible();
  await again.context().close();
  await context.close();
  await app.dispose();
});
