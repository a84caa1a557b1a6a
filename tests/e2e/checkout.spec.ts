import { share } from "./worker-servers";
import type { Locator, Page } from "@playwright/test";
import type { FakeEmail } from "../fakes/resend";
import { activatedAccount } from "./activated-account";
import {
  caracas,
  expect,
  fillVisitor,
  jsModes,
  linkFrom,
  MAIQUETIA,
  money,
  searchMaiquetia,
  test,
  uniqueEmail,
  waitForEmails,
} from "./support";

/*
 * Checkout from the demo data's search: each test books at Maiquetía on dates of its own
 * (a booked car is no longer free for the next test), as a visitor unless it signs in.
 */
const PASSWORD = "visitor-pass1";
/** Where a visitor's checkout lands: the booking, opened by its grant (docs/security.md#unproven-addresses). */
const VISITOR_BOOKING = /\/booking\?b=\d+&g=[\w-]{24}$/;

const isActivation = (e: FakeEmail) => e.subject === "Activate your Rueda account";
const isConfirmation = (e: FakeEmail) => /^Your booking RD-\w+ is confirmed$/.test(e.subject);

/**
 * Searches Maiquetía for four days starting `startDay` days from now and opens checkout for the
 * first car whose page offers `option` (by default any per-day one): results list facts, a car's
 * page its options (docs/domain.md#car-page).
 */
async function openCheckout(page: Page, startDay: number, option = /\$[\d.,]+ per day/) {
  await searchMaiquetia(page, startDay);
  const results = page.url();
  const pages = await page
    .locator("article.car-card h3 a")
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  for (const carPage of pages) {
    await page.goto(carPage);
    const options = page.getByRole("region", { name: "Options" });
    if (!(await options.count()) || !option.test((await options.textContent()) ?? "")) continue;
    await page.getByRole("link", { name: "Book" }).click();
    await expect(page).toHaveURL(/\/checkout\?car=\d+&pickup=\d+&dropoff=\d+&from=/);
    const name = (await page.locator("#checkout-car").textContent())!;
    await expect(page.getByText(MAIQUETIA).first()).toBeVisible();
    await expect(page.getByText("4 days").first()).toBeVisible();
    return name;
  }
  throw new Error(`No car of ${results} offers ${option}`);
}

/** A priced option other than the additional driver (which asks for more details). */
function pricedOption(page: Page): Locator {
  return page
    .getByRole("group", { name: "Options" })
    .getByRole("checkbox")
    .filter({ hasNot: page.locator("[value=additionalDriver]") })
    .first();
}

const total = (page: Page) => page.getByTestId("checkout-total");

/** Free pick-up days of this spec's car, one range per mode of the loop below; the tests after it run with JavaScript only, on the first range. */
const dayOf = (index: number, n: number) => 20 + index * 40 + n * 8;

for (const [index, mode] of jsModes.entries()) {
  // Dates apart for each test and mode.
  const day = (n: number) => dayOf(index, n);

  test.describe(`checkout ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a visitor books pay later, gets both emails in their language and activates choosing a password", async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      const email = uniqueEmail("visitor");
      await openCheckout(page, day(0));
      await expect(page.getByRole("radio", { name: "Pay later" })).toBeChecked();
      await expect(page.getByText("Free amendments and cancellation.")).toBeVisible();
      const before = money(await total(page).textContent());
      expect(before).toBeGreaterThan(0);
      await pricedOption(page).check();
      if (mode.javaScriptEnabled)
        await expect.poll(async () => money(await total(page).textContent())).toBeGreaterThan(before);

      // Terms not accepted: refused, the choices kept and priced by the server.
      await fillVisitor(page, { email });
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(page.getByText("Please accept the Terms of Use").first()).toBeVisible();
      await expect(pricedOption(page)).toBeChecked();
      expect(money(await total(page).textContent())).toBeGreaterThan(before);

      await page.getByLabel("I accept the Terms of Use").check();
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(page).toHaveURL(VISITOR_BOOKING);
      // The new account is not signed in (nobody has proven its address): the booking opens through its grant.
      await expect(page.getByRole("heading", { level: 1, name: /^Booking RD-/ })).toBeVisible();
      await expect(page.getByText("Pending payment").first()).toBeVisible();

      const [activation] = await waitForEmails(request, email, { match: isActivation });
      await waitForEmails(request, email, { match: isConfirmation });
      await page.goto(linkFrom(activation, "/activate"));
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill("something-else");
      await page.getByRole("button", { name: "Activate my account" }).click();
      await expect(page.getByText("Passwords don't match")).toBeVisible();
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill(PASSWORD);
      await page.getByRole("button", { name: "Activate my account" }).click();
      await expect(page.getByText("Your account is activated.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    });

    test("the additional driver is asked with that option and booked with the rental", async ({ page, request }) => {
      test.setTimeout(60_000);
      const email = uniqueEmail("pair");
      await openCheckout(page, day(4), /Additional driver\$[\d.,]+ per day/);
      await page.getByLabel(/^Additional driver \(/).check();
      await fillVisitor(page, { email });
      await page.getByLabel("I accept the Terms of Use").check();
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(
        page.getByText(/Please fill in the fields: Additional driver's full name, Additional driver's email/),
      ).toBeVisible();
      await page.getByLabel("Additional driver's full name").fill("Mateo Rojas");
      await page.getByLabel("Additional driver's email").fill(uniqueEmail("second-driver"));
      await page.getByLabel("Additional driver's phone").fill("0414 555 0202");
      await page.getByLabel("Additional driver's birth date").fill("1988-02-03");
      await page.getByRole("button", { name: "Book now" }).click();
      await expect(page).toHaveURL(VISITOR_BOOKING);
      await waitForEmails(request, email, { match: isConfirmation });
    });
  });
}

/*
 * A car booked meanwhile is the server's answer, the same with JavaScript on or off; a checkout
 * answered with an error is re-drawn without JavaScript above (docs/operations.md#tests).
 */
test.describe("checkout: a car taken meanwhile", () => {
  test("a car booked meanwhile is no longer available, with the way back to the same search", async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await openCheckout(page, dayOf(0, 3));
    const link = page.url();
    const search = (await page.getByRole("link", { name: "Back to the search" }).getAttribute("href"))!;
    // Another visitor books the car while this page is open.
    const other = await context.browser()!.newPage();
    await other.goto(`${link}&l=en`);
    await fillVisitor(other, { email: uniqueEmail("first") });
    await other.getByLabel("I accept the Terms of Use").check();
    await other.getByRole("button", { name: "Book now" }).click();
    await expect(other).toHaveURL(VISITOR_BOOKING);
    await other.close();

    await fillVisitor(page, { email: uniqueEmail("second") });
    await page.getByLabel("I accept the Terms of Use").check();
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page.getByText("The vehicle is no longer available")).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\?/);
    await page.getByRole("link", { name: "Back to the search" }).last().click();
    await expect(page).toHaveURL(search);

    // Opening the link again now says so before any form is filled.
    const again = await page.goto(link);
    expect(again?.status()).toBe(409);
    await expect(page.getByText("The vehicle is no longer available")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the search" })).toHaveAttribute("href", search);
  });
});

/*
 * A registered email, an under-age driver and a stale link are the server's answers, the same with JavaScript on or off; the checkout form is submitted without JavaScript above (docs/operations.md#tests).
 */
test.describe("checkout: the server's rules", () => {
  test("an already registered email gets a sign-in link back to the same checkout", async ({ page, request }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail("known");
    await activatedAccount(request, email, PASSWORD, { fullName: "Known Driver" });
    await openCheckout(page, dayOf(0, 1));
    await pricedOption(page).check();
    await fillVisitor(page, { email });
    await page.getByLabel("I accept the Terms of Use").check();
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page.getByText("This email address is already registered")).toBeVisible();

    await page.getByRole("link", { name: "Sign in", exact: true }).last().click();
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fcheckout/);
    // The address bar changes before React draws the sign-in page; until then the checkout's two email fields are still there.
    await expect(page.getByRole("heading", { name: "Sign in", level: 1 })).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/checkout\?.*options=/);
    await expect(pricedOption(page)).toBeChecked();
    // The driver is the account now, shown rather than asked.
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page).toHaveURL(/\/booking\?b=\d+$/);
    await waitForEmails(request, email, { match: isConfirmation });
  });
  test("an under-age driver is refused and nothing is booked", async ({ page, request }) => {
    // A search, a checkout and a booking attempt, like its neighbours: more than the default on a loaded CI machine.
    test.setTimeout(60_000);
    const email = uniqueEmail("young");
    await openCheckout(page, dayOf(0, 2));
    const sixteen = `${new Date().getUTCFullYear() - 16}-01-01`;
    await fillVisitor(page, { email, birthDate: sixteen });
    await page.getByLabel("I accept the Terms of Use").check();
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page.getByText(/The driver must be at least (2\d) years old/)).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\?/);
    const response = await request.get(`${share.resendFakeUrl}/emails?to=${encodeURIComponent(email)}`);
    expect(((await response.json()) as { data: FakeEmail[] }).data).toEqual([]);
  });
  test("a stale link shows a clear page with the way back to the search", async ({ page }) => {
    const response = await page.goto(
      `/checkout?car=1&pickup=1&dropoff=1&from=2020-01-10T10:00&to=2020-01-13T10:00&l=en`,
    );
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("heading", { name: "This booking link can no longer be used" })).toBeVisible();
    await expect(page.getByText("The pick-up date of this link is already past.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the search" })).toHaveAttribute(
      "href",
      /^\/search\?pickup=1&same=1&from=2020-01-10T10:00/,
    );
    const gone = await page.goto(
      `/checkout?car=999999&pickup=1&dropoff=1&from=${caracas(30, "10:00")}&to=${caracas(33, "10:00")}&l=en`,
    );
    expect(gone?.status()).toBe(404);
    await expect(page.getByText("This car can no longer be booked.")).toBeVisible();
  });
});

test.describe("checkout on a phone (390×844) with JavaScript", () => {
  test.use({ viewport: { width: 390, height: 844 }, javaScriptEnabled: true });

  test("a visitor with an additional driver presses Book now and lands on the booking", async ({ page, request }) => {
    const email = uniqueEmail("phone");
    await openCheckout(page, 110, /Additional driver\$[\d.,]+ per day/);
    await page.getByLabel(/^Additional driver \(/).check();
    // Each label names one field: the driver's and the additional driver's stay apart.
    for (const label of ["Full name", "Email", "Phone", "Birth date"])
      await expect(page.getByLabel(label, { exact: true })).toHaveCount(1);
    await fillVisitor(page, { email });
    await page.getByLabel("Additional driver's full name").fill("Mateo Rojas");
    await page.getByLabel("Additional driver's email").fill(uniqueEmail("phone-second"));
    await page.getByLabel("Additional driver's phone").fill("0414 555 0202");
    await page.getByLabel("Additional driver's birth date").fill("1988-02-03");
    await page.getByLabel("I accept the Terms of Use").check();
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page).toHaveURL(VISITOR_BOOKING);
    await expect(page.getByText("Mateo Rojas")).toBeVisible();
    await waitForEmails(request, email, { match: isConfirmation });
  });
});

test.describe("checkout's instant validation with JavaScript", () => {
  test.use({ javaScriptEnabled: true });

  test("a form with errors is not sent, and its errors follow the typing", async ({ page }) => {
    await openCheckout(page, 120);
    // The validation loads once the page is interactive.
    await page.waitForLoadState("networkidle");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Book now" }).click();
    await expect(page.getByText("Please fill in the fields: Full name, Email, Phone, Birth date")).toBeVisible();
    const fullName = page.getByLabel("Full name", { exact: true });
    await expect(fullName).toBeFocused();
    await expect(fullName).toHaveAttribute("aria-invalid", "true");
    await page.keyboard.type("Valentina Rojas");
    await expect(page.getByText("Please fill in the fields: Email, Phone, Birth date")).toBeVisible();
    await expect(fullName).not.toHaveAttribute("aria-invalid");
    await page.getByLabel("Email", { exact: true }).fill("valentina");
    await expect(page.getByText("Invalid email address")).toBeVisible();
    expect(posts).toEqual([]);
  });
});
