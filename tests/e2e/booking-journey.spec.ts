import type { Browser, Page } from "@playwright/test";
import type { FakeEmail } from "../fakes/resend";
import {
  caracas,
  expect,
  javaScriptOnly,
  linkFrom,
  money,
  searchMaiquetia,
  test,
  uniqueEmail,
  waitForEmails,
} from "./support";
import { signedInAs } from "./sign-in";

/*
 * Issue 11's acceptance, end to end through the pages only (so it runs on PGlite as on
 * PostgreSQL): a visitor books pay later from a search result in English, activates, finds
 * the booking in /bookings at the server's price, amends its dates and cancels it; booking
 * again as the signed-in driver, the demo supplier's staff (db/seed-data.ts) change that
 * booking's status, and the driver is told by notification and email; every notifications
 * action, with the header counter following.
 */
const SUPPLIER = "Llanos Rent a Car";
const STAFF = "staff@llanos.example";
const DEMO_PASSWORD = "Rueda2026!";
const PASSWORD = "journey-pass1";

const subject = (pattern: RegExp) => (e: FakeEmail) => pattern.test(e.subject);

/** From the home page's search to the checkout of the first car of the demo staff's supplier. */
async function bookFromSearch(page: Page, startDay: number) {
  await searchMaiquetia(page, startDay);
  await page
    .locator("article.car-card")
    .filter({ hasText: SUPPLIER })
    .first()
    .getByRole("link", { name: "Book" })
    .click();
  await expect(page).toHaveURL(/\/checkout\?car=\d+/);
  return money(await page.getByTestId("checkout-total").textContent());
}

/** The booking page's reference and its total (the server's price). */
async function bookingShown(page: Page) {
  // A visitor's booking opens by its grant; a signed-in driver's by its id alone.
  await expect(page).toHaveURL(/\/booking\?b=\d+(&g=[\w-]{24})?$/);
  const heading = await page.getByRole("heading", { level: 1, name: /^Booking RD-/ }).textContent();
  const total = money(
    await page
      .getByRole("row", { name: /^Total / })
      .getByRole("cell")
      .textContent(),
  );
  return { url: page.url(), reference: heading!.replace("Booking ", ""), total };
}

const counter = (page: Page, unread: number) =>
  expect(
    page
      .getByRole("banner")
      .getByRole(
        "link",
        unread > 0 ? { name: `Notifications, ${unread} unread` } : { name: "Notifications", exact: true },
      ),
  ).toBeVisible();

async function staffSetStatus(browser: Browser, javaScriptEnabled: boolean, reference: string, pickUpDay: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signedInAs(page, STAFF, DEMO_PASSWORD);
  await page.goto("/bookings?l=en");
  // The supplier has many bookings: the list's date filter finds this one.
  await page.getByLabel("From", { exact: true }).fill(pickUpDay);
  await page.getByLabel("To", { exact: true }).fill(pickUpDay);
  await page.getByRole("button", { name: "Filter" }).click();
  await page.getByRole("link", { name: `View booking ${reference}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${reference}` })).toBeVisible();
  await page.getByLabel("New status").selectOption({ label: "Reserved" });
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("The booking was updated.")).toBeVisible();
  await expect(page.getByRole("row", { name: /Pending payment Reserved/ })).toBeVisible();
  await context.close();
}

// JavaScript only: the journey never looks at the mode, and each of its forms is submitted without
// JavaScript by a spec of its own — checkout and activation (checkout.spec.ts, account-lifecycle.spec.ts),
// the driver's change and cancellation (booking-amendments.spec.ts, booking-status.spec.ts), the staff's
// status (booking-status.spec.ts) and the notifications' actions (notifications.spec.ts) (docs/operations.md#tests).
for (const [index, mode] of javaScriptOnly.entries()) {
  // Dates of its own, well after the other suites' bookings.
  const day = (n: number) => 420 + index * 60 + n * 10;

  test.describe(`booking journey ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a visitor books, activates, amends and cancels; staff change a status; the driver is told", async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(180_000);
      const email = uniqueEmail("journey");

      // A visitor books pay later from a search result, in English.
      const offered = await bookFromSearch(page, day(0));
      await page.getByLabel("Full name", { exact: true }).fill("Camila Journey");
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByLabel("Phone", { exact: true }).fill("+58 414 555 0123");
      await page.getByLabel("Birth date", { exact: true }).fill("1991-03-09");
      await page.getByLabel("I accept the Terms of Use").check();
      await page.getByRole("button", { name: "Book now" }).click();
      const first = await bookingShown(page);
      expect(first.total).toBe(offered);

      // The account and the booking, each announced by email in the visitor's language.
      const [activation] = await waitForEmails(request, email, { match: subject(/^Activate your Rueda account$/) });
      const [confirmation] = await waitForEmails(request, email, {
        match: subject(new RegExp(`^Your booking ${first.reference} is confirmed$`)),
      });
      expect(confirmation.text).toContain(first.reference);

      // Activating chooses the password and signs in.
      await page.goto(linkFrom(activation, "/activate"));
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
      await page.getByLabel("Confirm password").fill(PASSWORD);
      await page.getByRole("button", { name: "Activate my account" }).click();
      await expect(page.getByText("Your account is activated.")).toBeVisible();

      // The list shows the booking at the server's price.
      await page.goto("/bookings?l=en");
      const row = page
        .getByRole("row")
        .filter({ has: page.getByRole("link", { name: `View booking ${first.reference}` }) });
      await expect(row.getByRole("cell").filter({ hasText: "Pending payment" })).toBeVisible();
      expect(money(await row.locator('td[data-label="Cost"]').textContent())).toBe(first.total);

      // One day longer: re-priced by the server.
      await row.getByRole("link", { name: `Edit booking ${first.reference}` }).click();
      const dropOff = page.getByLabel("Drop-off date and time");
      const oneDayLater = new Date(Date.parse(`${await dropOff.inputValue()}:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 16);
      await dropOff.fill(oneDayLater);
      await page.getByRole("button", { name: "Check the new price" }).click();
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(page.getByText("The booking was changed and re-priced.")).toBeVisible();
      const amended = await bookingShown(page);
      expect(amended.total).toBeGreaterThan(first.total);

      // Pay later, before pick-up: confirmed on its own page, then cancelled at once.
      await page.getByRole("button", { name: "Cancel booking" }).click();
      await expect(page.getByRole("heading", { name: `Cancel booking ${amended.reference}?` })).toBeVisible();
      await page.getByRole("button", { name: "Yes, cancel the booking" }).click();
      await expect(page.getByText("Your booking was cancelled.")).toBeVisible();
      await expect(page.getByRole("row", { name: /Camila Journey Pending payment Cancelled/ })).toBeVisible();

      // Booking again, now as the signed-in driver: the account is the driver.
      await bookFromSearch(page, day(1));
      await expect(page.getByLabel("Email", { exact: true })).toHaveCount(0);
      await expect(page.getByText(email)).toBeVisible();
      await page.getByRole("button", { name: "Book now" }).click();
      const second = await bookingShown(page);
      await waitForEmails(request, email, {
        match: subject(new RegExp(`^Your booking ${second.reference} is confirmed$`)),
      });

      // The supplier's staff see it and change its status; the driver gets an email in English.
      await staffSetStatus(browser, mode.javaScriptEnabled, second.reference, caracas(day(1), "10:00").slice(0, 10));
      await waitForEmails(request, email, {
        match: subject(new RegExp(`^Your booking ${second.reference} was updated$`)),
      });

      // The driver's notifications: two confirmations, the cancellation, the staff's change.
      await page.goto("/?l=en");
      await counter(page, 4);
      await page.getByRole("banner").getByRole("link", { name: "Notifications, 4 unread" }).click();
      const items = page.getByRole("list", { name: "Your notifications" }).getByRole("listitem");
      await expect(items).toHaveCount(4);
      await expect(items.nth(0)).toContainText(`Booking ${second.reference} is now: Reserved.`);
      await expect(items.nth(0).getByRole("link", { name: "View booking" })).toHaveAttribute(
        "href",
        new URL(second.url).pathname + new URL(second.url).search,
      );
      await expect(items.filter({ hasText: `Booking ${first.reference} is now: Cancelled.` })).toHaveCount(1);

      await items.nth(0).getByRole("button", { name: "Mark as read" }).click();
      await counter(page, 3);
      await items.nth(0).getByRole("button", { name: "Mark as unread" }).click();
      await counter(page, 4);
      await page.getByRole("button", { name: "Mark all as read" }).click();
      await counter(page, 0);
      await page.getByRole("button", { name: "Mark all as unread" }).click();
      await counter(page, 4);

      await items.nth(3).getByRole("link", { name: "Delete" }).click();
      await expect(page.getByText("Delete this notification?")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(items).toHaveCount(3);
      await counter(page, 3);

      await page.getByRole("link", { name: "Delete all" }).click();
      await expect(page.getByText("Delete all your notifications? This cannot be undone.")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(page.getByText("No notifications")).toBeVisible();
      await counter(page, 0);
    });
  });
}
