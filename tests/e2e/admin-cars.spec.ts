import zlib from "node:zlib";
import type { Browser, Page } from "@playwright/test";
import sharp from "sharp";
import { carPhoto as photo, fillCar, saved } from "./admin-fixtures";
import { expect, javaScriptOnly, jsModes, money, searchMaiquetia, test, uniqueEmail } from "./support";
import { signedInAs } from "./sign-in";

/*
 * The fleet in the back office (docs/domain.md#fleet) over the demo data, signed in as the demo
 * supplier staff: a car added with its picture is offered by the search at the place it serves,
 * a price edit reaches the search and a new checkout, deleting asks first and, like making the car
 * unavailable, is refused while a booking holds the car, naming it; every refused upload says why
 * and creates nothing.
 */
const PASSWORD = "Rueda2026!";
const STAFF = "staff@llanos.example";

/** A PNG whose header claims 10,000 × 10,000 pixels (100 megapixels) in a few bytes: a decompression bomb's shape. */
async function hugeDimensionsPng(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // IHDR's data starts at byte 16 (8 signature + 4 length + 4 type): width, height, then its CRC at 29.
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(10_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

async function signInAsStaff(page: Page) {
  await signedInAs(page, STAFF, PASSWORD);
}

/** Adds a car through the form and returns its id, read from the edit page it lands on. */
async function addCar(page: Page, name: string, dailyPrice: string): Promise<number> {
  await page.goto("/admin/cars?l=en");
  await page.getByRole("link", { name: "Add a car" }).first().click();
  await expect(page.getByRole("heading", { name: "Add a car", level: 1 })).toBeVisible();
  await fillCar(page, name, dailyPrice);
  await page.getByLabel("Picture").setInputFiles({ name: "car.jpg", mimeType: "image/jpeg", buffer: await photo() });
  await page.getByRole("button", { name: "Add car" }).click();
  await saved(page);
  await expect(page.getByRole("heading", { name: `Edit ${name}`, level: 1 })).toBeVisible();
  return Number(new URL(page.url()).pathname.split("/").pop());
}

/** The search result card of the car named `name` at Maiquetía, `startDay` days ahead. */
async function searchCard(page: Page, startDay: number, name: string) {
  await searchMaiquetia(page, startDay);
  return page.locator("article.car-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** A visitor books the car of `checkoutUrl` paying later, in a browser of their own; answers the booking's reference and id. */
async function visitorBooks(
  browser: Browser,
  checkoutUrl: string,
  javaScriptEnabled: boolean,
): Promise<{ reference: string; id: string }> {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  const url = new URL(checkoutUrl);
  url.searchParams.set("l", "en");
  await page.goto(url.pathname + url.search);
  await page.getByLabel("Full name", { exact: true }).fill("Flota Prueba");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("fleet"));
  await page.getByLabel("Phone", { exact: true }).fill("+58 414 555 0101");
  await page.getByLabel("Birth date", { exact: true }).fill("1990-06-15");
  await page.getByLabel("I accept the Terms of Use").check();
  await page.getByRole("button", { name: "Book now" }).click();
  await expect(page).toHaveURL(/\/booking\?b=\d+&g=[\w-]{24}$/);
  const heading = await page.getByRole("heading", { level: 1, name: /^Booking RD-/ }).textContent();
  const id = new URL(page.url()).searchParams.get("b")!;
  await context.close();
  return { reference: heading!.replace("Booking ", ""), id };
}

for (const [index, mode] of jsModes.entries()) {
  test.describe(`fleet ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("a missing picture and every refused upload get their message and create nothing", async ({ page }) => {
      test.setTimeout(90_000);
      const name = `Fleet Refused ${index} ${Date.now().toString(36)}`;
      await signInAsStaff(page);
      await page.goto("/admin/cars/new?l=en");
      await fillCar(page, name, "30");
      await page.getByRole("button", { name: "Add car" }).click();
      await expect(page.getByText("Please add an image").first()).toBeVisible();

      const refusals = [
        {
          file: {
            name: "notes.pdf",
            mimeType: "application/pdf",
            buffer: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n"),
          },
          message: "This file is not a picture",
        },
        // Named and typed as a JPEG, but its bytes are a web page: judged by content.
        {
          file: {
            name: "car.jpg",
            mimeType: "image/jpeg",
            buffer: Buffer.from("<html><script>alert(1)</script></html>"),
          },
          message: "This file is not a picture",
        },
        {
          file: { name: "big.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(5.5 * 1024 * 1024, 0xff) },
          message: "The image must be 5 MB or smaller",
        },
        {
          file: { name: "huge.png", mimeType: "image/png", buffer: await hugeDimensionsPng() },
          message: "This image has too many pixels",
        },
      ];
      // Each refusal is the server's, checked with JavaScript and in app/modules/images; without it
      // what differs is the answer as a new page, and how a browser's plain post of a body over
      // the limit ends, so a refused type and the oversized file are posted that way.
      const posted = mode.javaScriptEnabled ? refusals : [refusals[0], refusals[2]];
      for (const { file, message } of posted) {
        // Without JavaScript the answer is a new page: the typed fields come back filled, the file input empty.
        await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
        await page.getByLabel("Picture").setInputFiles(file);
        await page.getByRole("button", { name: "Add car" }).click();
        await expect(page.getByText(message).first(), file.name).toBeVisible();
      }

      await page.goto(`/admin/cars?l=en&q=${encodeURIComponent(name)}`);
      await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
    });
  });
}

// JavaScript only: the add, save and delete forms are rows of forms-without-javascript-back-office.spec.ts, checkout's a test of checkout.spec.ts; what these check is the server's (the search, the price, a booked car kept) (docs/operations.md#tests).
for (const [index, mode] of javaScriptOnly.entries()) {
  // Dates far from the other specs'.
  const startDay = 150;

  test.describe(`fleet ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("staff add a car that the search offers at its place, edit its price for search and checkout, and cannot delete it or make it unavailable while booked", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      const name = `Fleet Hybrid ${index} ${Date.now().toString(36)}`;
      await signInAsStaff(page);
      // A price under every demo car's: first in the search's price order.
      const carId = await addCar(page, name, "9.50");
      await expect(page.getByRole("img", { name: `Current picture of ${name}` })).toHaveAttribute(
        "src",
        /^\/media\/[0-9a-f]{64}\.webp$/,
      );
      await expect(page.getByText("Supplier: Llanos Rent a Car")).toBeVisible();

      let card = await searchCard(page, startDay, name);
      await expect(card).toContainText("$9.50 per day");
      expect(money(await card.locator(".car-card__total").textContent())).toBe(950 * 4);
      // The options and their prices are on the car's page.
      await card.getByRole("link", { name, exact: true }).click();
      const options = page.getByRole("region", { name: "Options" });
      await expect(options.locator("div", { hasText: "GPS" })).toContainText("$3.25 per day");
      await expect(options.locator("div", { hasText: "Cancellation" })).toContainText("Included");

      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByLabel("Daily price ($)").fill("8.75");
      await page.getByRole("button", { name: "Save" }).click();
      await saved(page);
      await expect(page.getByLabel("Daily price ($)")).toHaveValue("8.75");

      card = await searchCard(page, startDay, name);
      await expect(card).toContainText("$8.75 per day");
      await card.getByRole("link", { name: "Book" }).click();
      await expect(page).toHaveURL(/\/checkout\?/);
      expect(money(await page.getByTestId("checkout-total").textContent())).toBe(875 * 4);
      const booking = await visitorBooks(browser, page.url(), mode.javaScriptEnabled);

      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByRole("link", { name: "Delete this car" }).click();
      await expect(page.getByText("Are you sure you want to delete this car?")).toBeVisible();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await expect(
        page.getByRole("alert").filter({
          hasText: `This car cannot be deleted: 1 booking that is not over yet still holds it (${booking.reference}).`,
        }),
      ).toBeVisible();

      // Nor can it be made unavailable under its booking: the form names the booking and saves nothing.
      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByLabel("Availability").selectOption("unavailable");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(
        page.getByText(
          `The car cannot be made unavailable while a booking that is not over yet holds it (${booking.reference}).`,
        ),
      ).toBeVisible();
      // Still offered for other dates (its own are taken by the booking).
      await expect(await searchCard(page, startDay + 5, name)).toHaveCount(1);

      // Once staff have cancelled the booking, the car is taken out of the search.
      await page.goto(`/booking?b=${booking.id}&l=en`);
      await page.getByLabel("New status").selectOption({ label: "Cancelled" });
      await page.getByRole("button", { name: "Save status" }).click();
      await expect(page.getByText("The booking was updated.")).toBeVisible();
      await page.goto(`/admin/cars/${carId}?l=en`);
      await page.getByLabel("Availability").selectOption("unavailable");
      await page.getByRole("button", { name: "Save" }).click();
      await saved(page);
      await expect(page.getByLabel("Availability")).toHaveValue("unavailable");
      await expect(await searchCard(page, startDay + 5, name)).toHaveCount(0);
    });

    test("staff delete a car without bookings after confirming; it leaves the list and its page", async ({ page }) => {
      test.setTimeout(90_000);
      const name = `Fleet Spare ${index} ${Date.now().toString(36)}`;
      await signInAsStaff(page);
      const carId = await addCar(page, name, "55");

      await page.goto(`/admin/cars?l=en&q=${encodeURIComponent(name)}`);
      await page.getByRole("link", { name, exact: true }).click();
      await page.getByRole("link", { name: "Delete this car" }).click();
      // Cancelling changes nothing.
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
      await page.getByRole("link", { name: "Delete this car" }).click();
      await page.getByRole("button", { name: "Yes, delete" }).click();
      await saved(page);
      await expect(page).toHaveURL(/\/admin\/cars$/);

      await page.getByLabel("Search by name").fill(name);
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByText("Nothing matches these filters.")).toBeVisible();
      const gone = await page.goto(`/admin/cars/${carId}?l=en`);
      expect(gone?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Car not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to the cars" })).toBeVisible();
    });
  });
}

test("the fleet list fits a phone: each car a card, nothing wider than the screen", async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await signInAsStaff(page);
  await page.goto("/admin/cars?l=en");
  await expect(page.getByRole("link", { name: "Add a car" })).toBeVisible();
  await expect(page.getByLabel("Search by name")).toBeVisible();
  const firstRow = page.locator(".fleet-table tbody tr").first();
  await expect(firstRow.getByRole("link")).toBeVisible();
  await expect(firstRow).toHaveCSS("display", "block");
  await expect(page.getByRole("columnheader", { name: "Price per day" })).not.toBeInViewport();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
