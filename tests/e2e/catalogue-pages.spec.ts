import { caracas, expect, jsModes, test } from "./support";
import { MERIDA, resultCount } from "./search-results";

/* The pages that show the catalogue: every place, every brand, and the home page's brands and cars. */

for (const mode of jsModes) {
  test.describe(`locations and suppliers ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("/locations lists every place, each linking to a search from it", async ({ page }) => {
      await page.goto("/locations?l=en");
      await expect(page.getByRole("heading", { level: 1, name: "Locations" })).toBeVisible();
      await expect(page.locator(".location-list__item")).toHaveCount(14);
      await expect(page.locator(".leaflet-container")).toHaveCount(mode.javaScriptEnabled ? 1 : 0);
      await page.getByRole("link", { name: `Search cars at ${MERIDA}` }).click();
      await expect(page).toHaveURL(/\/search\?pickup=\d+/);
      expect(await resultCount(page)).toBeGreaterThan(0);
      await expect(page.getByText(`${MERIDA}, `)).toBeVisible();
    });

    test("/suppliers shows each brand with its logo and car count, linking to its cars", async ({ page }) => {
      await page.goto("/suppliers?l=en");
      await expect(page.getByRole("heading", { level: 1, name: "Suppliers" })).toBeVisible();
      await expect(page.locator(".supplier-card")).toHaveCount(6);
      await expect(page.getByRole("img", { name: "Andes Drive logo" })).toBeVisible();
      await expect(page.locator(".supplier-card", { hasText: "Andes Drive" })).toContainText(/\d+ cars/);
      await page.getByRole("link", { name: "See the cars of Andes Drive" }).click();
      await expect(page).toHaveURL(/supplier=\d+/);
      expect(await resultCount(page)).toBeGreaterThan(0);
      for (const supplier of await page.locator(".car-card__supplier").allTextContents())
        expect(supplier).toContain("Andes Drive");
      await expect(page.getByRole("group", { name: "Suppliers" }).getByLabel("Andes Drive")).toBeChecked();
    });
  });
}

test("the home page shows the brands and a selection of cars with prices per day", async ({ page }) => {
  await page.goto("/?l=en");
  const brands = page.getByRole("region", { name: "Our rental brands" });
  await expect(brands.getByRole("listitem")).toHaveCount(6);
  const cars = page.getByRole("region", { name: "Our cars" });
  expect(await cars.getByRole("listitem").count()).toBeGreaterThan(3);
  await expect(cars.getByText(/from \$[\d,.]+ per day/).first()).toBeVisible();
  // The search cover's defaults are ready to use: tomorrow, for three days.
  await expect(page.getByLabel("Return to the same location")).toBeChecked();
  await expect(page.getByLabel("Pick-up date and time")).toHaveValue(caracas(1, "10:00"));
  await expect(page.getByLabel("Drop-off date and time")).toHaveValue(caracas(4, "10:00"));
});
