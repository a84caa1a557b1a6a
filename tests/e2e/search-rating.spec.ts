import type { Page } from "@playwright/test";
import { newDriver } from "./admin-fixtures";
import { publishedReviews } from "./review-fixtures";
import { seedDatabase } from "./seed-database";
import { caracas, expect, jsModes, test } from "./support";

/*
 * The supplier's score in the search (docs/domain.md#reviews): on every card, compact ("★ 4.3 (12)",
 * "New" below three reviews), a "Rating (highest first)" order and a "4+ stars" filter, both in the
 * address (bookmarkable, no JavaScript needed). Four demo suppliers have a score and two are new;
 * Caribe gets three more five-star reviews here; what other specs add keeps what this test reads.
 */
const db = seedDatabase("three five-star reviews of Caribe Autos");

const search = `/search?pickup=1&same=1&from=${caracas(12, "10:00")}&to=${caracas(15, "10:00")}&l=en`;

/** The cards' scores in their order: the average, or null for "New". */
const scoresOf = async (page: Page) =>
  (await page.locator("article.car-card .car-card__score").allTextContents()).map((text) =>
    text === "New" ? null : Number(/★ (\d\.\d) \(\d+\)/.exec(text)![1]),
  );

test.beforeAll(async () => {
  const driver = await newDriver(db(), "Ramón Reseñas");
  await publishedReviews(db(), "caribe", [5, 5, 5], driver.id);
});

for (const mode of jsModes) {
  test.describe(`the search by rating ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("orders by the supplier's score with new ones last, keeps 4+ stars only, and says each score on the card", async ({
      page,
    }) => {
      await page.goto(search);
      await expect(page.getByRole("heading", { level: 2, name: /cars available/ })).toBeVisible();
      // Every card names its supplier's score, read out whole.
      await expect(
        page
          .locator("article.car-card")
          .first()
          .getByRole("img", { name: /out of 5, \d+ reviews|New supplier: fewer than 3 reviews/ }),
      ).toBeVisible();

      await page.getByLabel("Sort by").selectOption({ label: "Rating (highest first)" });
      if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Sort", exact: true }).click();
      await expect(page).toHaveURL(/sort=rating/);
      await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
      await expect.poll(async () => (await scoresOf(page))[0]).toBeGreaterThanOrEqual(4);
      const scores = await scoresOf(page);
      // Scored suppliers first, best first; "New" ones after all of them.
      const scored = scores.filter((s): s is number => s !== null);
      expect(scores.slice(0, scored.length)).toEqual(scored);
      expect(scored).toEqual([...scored].sort((a, b) => b - a));

      await page.getByRole("group", { name: "Supplier rating" }).getByLabel("4+ stars").check();
      if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/rating=4/);
      await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
      await expect.poll(async () => (await scoresOf(page)).every((s) => s !== null && s >= 4)).toBe(true);
      await expect(page.locator("article.car-card").filter({ hasText: "Caribe Autos" }).first()).toBeVisible();
      // The address is the search: opened again, it is the same.
      await page.goto(page.url());
      await expect(page.getByLabel("Sort by")).toHaveValue("rating");
      await expect(page.getByRole("group", { name: "Supplier rating" }).getByLabel("4+ stars")).toBeChecked();
    });
  });
}
