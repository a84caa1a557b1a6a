import type { Locator, Page } from "@playwright/test";
import { caracas, expect, jsModes, money, test } from "./support";
import { signedInAs } from "./sign-in";

/*
 * Choosing a car (issue 26): compact results with two on a phone's first screen, the sort, the
 * category and bag filters behind a sticky "Show N cars", a car page from each result and home
 * card, and the back office's category, bags and "or similar" (demo data).
 */

const PHONE = { width: 390, height: 844 };
const FROM = caracas(12, "10:00");
const TO = caracas(15, "10:00");
const maiquetia = `/search?pickup=1&same=1&from=${FROM}&to=${TO}&l=en`;
const cards = (page: Page) => page.locator("article.car-card");
/** The totals a price block shows, each with its way of paying ("payNow", "payLater", "either"). */
const totalsOf = (scope: Locator) =>
  scope
    .locator("[data-way]")
    .evaluateAll((totals) => totals.map((total) => [total.getAttribute("data-way"), total.textContent]));
const seatsOf = async (page: Page) =>
  (await page.locator(".car-facts li:first-child").allTextContents()).map((text) => parseInt(text, 10));

for (const mode of jsModes) {
  test.describe(`choosing on a phone ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled, viewport: PHONE, isMobile: true, hasTouch: true });

    test("the first two results, with their totals and Book, fit the first screen, the sort reorders them, and a result's page books it", async ({
      page,
    }) => {
      await page.goto(maiquetia);
      await expect(page.getByRole("heading", { level: 2, name: /cars available/ })).toBeVisible();
      // Two results to compare on the first screen: the second's name, total and Book included
      // (its terms — what is included, the deposit, free cancellation — may run below the fold).
      const second = cards(page).nth(1);
      for (const part of [
        second.locator("h3"),
        second.locator(".car-card__total"),
        second.getByRole("link", { name: "Book" }),
      ]) {
        const box = (await part.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      }
      // The facts are six short chips, not one sentence.
      await expect(cards(page).first().locator(".car-facts li")).toHaveCount(6);

      await page.getByLabel("Sort by").selectOption({ label: "Seats (most first)" });
      if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
      await expect(page).toHaveURL(/sort=seats/);
      await expect(page.getByLabel("Sort by")).toHaveValue("seats");
      await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
      await expect.poll(async () => (await seatsOf(page))[0]).toBeGreaterThan(5);
      const seats = await seatsOf(page);
      expect(seats).toEqual([...seats].sort((a, b) => b - a));
      expect(seats[0]).toBeGreaterThan(seats[seats.length - 1]);

      const first = cards(page).first();
      const title = (await first.locator("h3").textContent())!;
      const total = money(await first.locator(".car-card__total").textContent());
      const resultTotals = await totalsOf(first);
      await first.getByRole("link", { name: title, exact: true }).click();
      await expect(page).toHaveURL(/\/cars\/\d+\?/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByText("Total for 3 days")).toBeVisible();
      expect(money(await page.locator(".car-page__price .car-card__total").textContent())).toBe(total);
      // The result's whole price on the car page (docs/domain.md#car-page): the same totals, the
      // deposit and how it is taken, and until when cancelling is free (two ways that differ:
      // price.spec.ts).
      const carPrice = page.locator(".car-page__price");
      expect(await totalsOf(carPrice)).toEqual(resultTotals);
      expect(resultTotals.length).toBeGreaterThan(0);
      await expect(carPrice.locator(".car-price__terms")).toHaveText(
        /Deposit \$[\d,.]+ \((credit card hold|cash|card hold or cash)\)/,
      );
      await expect(carPrice.locator(".car-price__cancel")).toHaveText(/^Free cancellation until .*\d/);
      await expect(page.getByRole("region", { name: "Options" })).toBeVisible();
      await page.getByRole("link", { name: "Book", exact: true }).click();
      await expect(page).toHaveURL(/\/checkout\?car=\d+&pickup=1&dropoff=1/);
    });

    test("the filter panel keeps 'Show N cars' on screen and filters by category and bags", async ({ page }) => {
      await page.goto(maiquetia);
      const heading = page.getByRole("heading", { level: 2, name: /cars available/ });
      const all = parseInt((await heading.textContent())!, 10);
      await page.locator("summary", { hasText: /^Filters/ }).click();
      const show = page.getByRole("button", { name: /Show \d+ cars/ });
      // Its name also says what it does elsewhere: "Apply filters: Show N cars".
      await expect(show).toContainText(`Show ${all} cars`);
      await expect(show).toBeInViewport({ ratio: 1 });
      // Scrolled down to the panel's last group, the button is still on screen.
      await page.getByRole("group", { name: "Deposit" }).getByLabel("Any").scrollIntoViewIfNeeded();
      await expect(show).toBeInViewport({ ratio: 1 });

      await page.getByRole("group", { name: "Car type" }).getByLabel("SUV", { exact: true }).check();
      await page.getByRole("group", { name: "Luggage" }).getByLabel("3 bags or more").check();
      if (mode.javaScriptEnabled) {
        await expect(page).toHaveURL(/bags=3/);
        await expect(page).toHaveURL(/category=suv/);
        await expect(show).not.toContainText(`Show ${all} cars`);
      }
      await show.click();
      await expect(page).toHaveURL(/category=suv.*bags=3|bags=3.*category=suv/);
      await expect(page.locator("summary", { hasText: /^Filters/ })).toHaveText("Filters (2)");
      const count = parseInt((await heading.textContent())!, 10);
      expect(count).toBeGreaterThan(0);
      expect(count).toBeLessThan(all);
      for (const card of await cards(page).all()) {
        await expect(card.locator(".chip--category")).toHaveText("SUV");
        const bags = parseInt((await card.locator(".car-facts li").nth(1).textContent())!, 10);
        expect(bags).toBeGreaterThanOrEqual(3);
      }
    });
  });
}

test.describe("choosing on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a home page car opens its page, which prices the chosen dates and books them", async ({ page }) => {
    await page.goto("/?l=en");
    const ours = page.getByRole("region", { name: "Our cars" });
    const link = ours.getByRole("listitem").first().getByRole("link");
    const name = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(/\/cars\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.getByLabel("Pick-up location").selectOption({ index: 1 });
    await page.getByLabel("Pick-up date and time").fill(FROM);
    await page.getByLabel("Drop-off date and time").fill(caracas(12, "09:00"));
    await page.getByRole("button", { name: "See the total" }).click();
    await expect(page.getByText("The drop-off must be after the pick-up")).toBeVisible();
    await page.getByLabel("Drop-off date and time").fill(TO);
    await page.getByRole("button", { name: "See the total" }).click();
    await expect(page.getByText("Total for 3 days")).toBeVisible();
    await expect(page.getByRole("link", { name: "Book", exact: true })).toHaveAttribute("href", /^\/checkout\?car=\d+/);
  });

  test("the sort is a bookmarkable choice among total, price per day, supplier, seats and rating", async ({ page }) => {
    await page.goto(maiquetia);
    const sort = page.getByLabel("Sort by");
    await expect(sort.locator("option")).toHaveText([
      "Total price (lowest first)",
      "Price per day (lowest first)",
      "Supplier (A to Z)",
      "Seats (most first)",
      "Rating (highest first)",
    ]);
    await sort.selectOption("supplier");
    await expect(page).toHaveURL(/sort=supplier/);
    await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
    await expect
      .poll(async () => (await page.locator(".car-card__supplier-name").first().textContent()) ?? "")
      .toBe("Andes Drive");
    const suppliers = await page.locator(".car-card__supplier-name").allTextContents();
    // Each supplier's cars come together (the names' order is the database's collation's).
    const runs = suppliers.filter((name, i) => name !== suppliers[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    // The next page keeps the order.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/sort=supplier.*page=2|page=2.*sort=supplier/);
  });
});

test.describe("the back office's category, bags and 'or similar' without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("staff set them, the server refuses a wrong bag count, and the car's page says 'or similar'", async ({
    page,
  }) => {
    await signedInAs(page, "staff@llanos.example", "Rueda2026!");
    await page.goto("/admin/cars?l=en");
    await page.locator('a[href^="/admin/cars/"]:not([href$="/new"])').first().click();
    const carId = new URL(page.url()).pathname.split("/").pop();
    const name = await page.getByLabel("Name", { exact: true }).inputValue();
    await page.getByLabel("Category").selectOption({ label: "Van" });
    await page.getByLabel("Large bags").fill("99");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Large bags must be a whole number from 0 to 20")).toBeVisible();
    await page.getByLabel("Large bags").fill("6");
    await page.getByLabel("Or similar").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByLabel("Large bags")).toHaveValue("6");
    await expect(page.getByLabel("Category").locator("option:checked")).toHaveText("Van");
    await expect(page.getByLabel("Or similar")).toBeChecked();

    await page.goto(`/cars/${carId}?l=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${name} or similar`);
    await expect(page.getByText("Van", { exact: true })).toBeVisible();
    await expect(page.getByText("6 bags", { exact: true })).toBeVisible();
  });
});
