import { caracas, expect, jsModes, MAIQUETIA, test } from "./support";

/*
 * /search on a 390×844 phone: results first, the search folded into a summary and the
 * filters behind "Filters (N)", with and without JavaScript (demo data, as search.spec.ts).
 */

for (const mode of jsModes) {
  test.describe(`search on a phone ${mode.name}`, () => {
    test.use({
      javaScriptEnabled: mode.javaScriptEnabled,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });

    test("the first result and its Book link are on the first screen; the filters open, apply and count", async ({
      page,
    }) => {
      // A blank search shows the form open, ready to fill.
      await page.goto("/search?l=en");
      await page.getByLabel("Pick-up location", { exact: true }).selectOption({ label: MAIQUETIA });
      await page.getByLabel("Pick-up date and time").fill(caracas(10, "10:00"));
      await page.getByLabel("Drop-off date and time").fill(caracas(13, "12:00"));
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("heading", { level: 2, name: /cars available/ })).toBeVisible();

      // The search is a summary with a way to change it; the form itself is folded away.
      const summary = page.locator("summary", { hasText: "Change" });
      await expect(summary).toContainText(MAIQUETIA);
      await expect(page.getByLabel("Pick-up location", { exact: true })).toBeHidden();
      const book = page.getByRole("link", { name: "Book", exact: true }).first();
      await expect(book).toBeInViewport({ ratio: 1 });

      // The filters are behind one control that says how many are on.
      const filters = page.locator("summary", { hasText: /^Filters/ });
      await expect(filters).toHaveText("Filters");
      const automatic = page.getByRole("group", { name: "Gearbox" }).getByLabel("Automatic", { exact: true });
      await expect(automatic).toBeHidden();
      await filters.click();
      await automatic.check();
      // With JavaScript the change applies at once; either way "Apply filters" folds the panel away.
      if (mode.javaScriptEnabled) await expect(page).toHaveURL(/gearbox=automatic/);
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/gearbox=automatic/);
      await expect(page.locator("summary", { hasText: /^Filters/ })).toHaveText("Filters (1)");
      await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
      await expect(automatic).toBeHidden();
      await expect(page.getByRole("link", { name: "Book", exact: true }).first()).toBeInViewport({ ratio: 1 });
      const specs = page.locator("article.car-card .car-facts");
      expect(await specs.count()).toBeGreaterThan(0);
      for (const line of await specs.allTextContents()) expect(line).toContain("Automatic");

      // "Change" opens the form with the search's values.
      await page.locator("summary", { hasText: "Change" }).click();
      await expect(page.getByLabel("Pick-up location", { exact: true }).locator("option:checked")).toHaveText(
        MAIQUETIA,
      );
      await expect(page.getByLabel("Pick-up date and time")).toHaveValue(caracas(10, "10:00"));
    });
  });
}

test("on a 360 px phone the folded search shows its place and dates whole, in every language", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const page = await context.newPage();
  const query = new URLSearchParams({ pickup: "1", same: "1", from: caracas(10, "10:00"), to: caracas(13, "12:00") });
  for (const language of ["es", "en", "fr", "el"]) {
    await page.goto(`/search?${query}&l=${language}`);
    for (const part of [page.locator(".search-bar__place"), page.locator(".search-bar__period")]) {
      await expect(part).toBeVisible();
      // Text cut off by an ellipsis is wider than the box that shows it.
      const cut = await part.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(cut, `${language}: ${await part.textContent()}`).toBe(false);
    }
  }
  await context.close();
});

for (const mode of jsModes) {
  test(`on a 360 px phone the chosen order shows whole in its box, in every language, ${mode.name}`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 800 },
      javaScriptEnabled: mode.javaScriptEnabled,
    });
    const page = await context.newPage();
    const query = new URLSearchParams({ pickup: "1", same: "1", from: caracas(10, "10:00"), to: caracas(13, "12:00") });
    for (const language of ["es", "en", "fr", "el"]) {
      await page.goto(`/search?${query}&l=${language}`);
      // A select cuts its chosen option at its own width: each option's text, in the select's font,
      // must fit inside the box less its padding and the arrow (the width of two letters "M" at most).
      // The box is the same whichever order is chosen, so each is measured on one page.
      const orders = await page.locator("#search-sort").evaluate((element: HTMLSelectElement) => {
        const style = getComputedStyle(element);
        const context2d = document.createElement("canvas").getContext("2d")!;
        context2d.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          element.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          2 * context2d.measureText("M").width;
        return [...element.options].map((option) => ({
          sort: option.value,
          text: Math.ceil(context2d.measureText(option.text).width),
          room: Math.floor(room),
        }));
      });
      expect(orders.map(({ sort }) => sort)).toEqual(["total", "perDay", "supplier", "seats", "rating"]);
      for (const fits of orders)
        expect(fits.text, `${language}, ${fits.sort}: ${JSON.stringify(fits)}`).toBeLessThanOrEqual(fits.room);
    }
    await context.close();
  });
}
