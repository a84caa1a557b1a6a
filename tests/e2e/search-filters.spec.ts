import type { Locator } from "@playwright/test";
import { expect, hydrated, jsModes, test } from "./support";
import { baseSearchUrl, cards, MERIDA, resultCount, searchFromHome } from "./search-results";

/* The search's filters: each kind narrows the list, they combine, and they clear. */

for (const mode of jsModes) {
  test.describe(`search ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    /** Each kind of filter: one of its boxes and the parameter it sends. */
    const filterCases: Array<{ group: string; option: string; param: RegExp }> = [
      { group: "Suppliers", option: "Llanos Rent a Car", param: /supplier=\d+/ },
      { group: "Car specs", option: "Air conditioning", param: /spec=aircon/ },
      { group: "Car specs", option: "5 seats or more", param: /spec=seats5/ },
      { group: "Fuel type", option: "Diesel", param: /fuel=diesel/ },
      { group: "Gearbox", option: "Automatic", param: /gearbox=automatic/ },
      { group: "Mileage", option: "Unlimited", param: /mileage=unlimited/ },
      { group: "Fuel policy", option: "Free tank", param: /policy=freeTank/ },
      { group: "Deposit", option: "Up to $250", param: /deposit=250/ },
    ];
    /** Two kinds followed through the page, each with what every card of the narrowed list shows. */
    const narrowing: Array<(typeof filterCases)[number] & { check: (card: Locator) => Promise<void> }> = [
      {
        ...filterCases[0],
        check: (c) => expect(c.locator(".car-card__supplier")).toHaveText(/Llanos Rent a Car/),
      },
      {
        ...filterCases[filterCases.length - 1],
        // The deposit is on the car page ("Deposit $X (how)"); a car without a deposit says none.
        check: async (c) => {
          const href = await c.getByRole("heading").getByRole("link").getAttribute("href");
          const carPage = await (await c.page().request.get(`${href}&l=en`)).text();
          const deposit = carPage.match(/Deposit \$([\d,.]+) \(/)?.[1] ?? "0";
          expect(Number(deposit.replace(/,/g, ""))).toBeLessThanOrEqual(250);
        },
      },
    ];

    test("every kind of filter narrows the list and the count", async ({ page }) => {
      const base = await baseSearchUrl(page);
      const all = await resultCount(page);
      // Each kind's box sends its parameter; what each kind keeps is the search's rule, checked
      // for every kind, alone and together, in tests/integration/search-order.test.ts.
      for (const f of filterCases) {
        const box = page.getByRole("group", { name: f.group }).getByLabel(f.option, { exact: true });
        expect(
          `${await box.getAttribute("name")}=${await box.getAttribute("value")}`,
          `${f.group}: ${f.option}`,
        ).toMatch(f.param);
      }
      // Two kinds through the page, with JavaScript (the list follows the box) and without it (the
      // "Apply filters" button, a plain GET): the deposit's parameter is kept by the step below.
      for (const f of narrowing) {
        await page.goto(base);
        if (mode.javaScriptEnabled) await hydrated(page);
        await page.getByRole("group", { name: f.group }).getByLabel(f.option, { exact: true }).check();
        if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
        await expect(page).toHaveURL(f.param);
        await expect.poll(() => resultCount(page), `${f.group}: ${f.option}`).toBeLessThan(all);
        const count = await resultCount(page);
        expect(count, `${f.group}: ${f.option}`).toBeGreaterThan(0);
        await expect(cards(page)).toHaveCount(Math.min(count, 15));
        for (const card of await cards(page).all()) await f.check(card);
      }
      // Filters combine, stay in the bookmarkable URL, and clear in one step.
      await page.getByRole("group", { name: "Gearbox" }).getByLabel("Manual", { exact: true }).check();
      if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/gearbox=manual/);
      expect(page.url()).toMatch(/deposit=250/);
      await page.getByRole("link", { name: "Clear filters" }).click();
      await expect.poll(() => resultCount(page)).toBe(all);
    });

    test("the empty state offers a way to widen the search", async ({ page }) => {
      await searchFromHome(page, MERIDA);
      // Llanos has no car in Mérida.
      await page.getByRole("group", { name: "Suppliers" }).getByLabel("Llanos Rent a Car").check();
      if (!mode.javaScriptEnabled) await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page.getByRole("heading", { name: "No cars available" })).toBeVisible();
      expect(await resultCount(page)).toBe(0);
      await page.getByRole("link", { name: "Remove all filters" }).click();
      await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
      await expect(page.getByRole("group", { name: "Suppliers" }).getByLabel("Llanos Rent a Car")).not.toBeChecked();
    });
  });
}
