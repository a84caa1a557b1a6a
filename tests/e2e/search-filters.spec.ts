import type { Locator } from "@playwright/test";
import { expect, hydrated, jsModes, test } from "./support";
import { baseSearchUrl, cards, MERIDA, resultCount, searchFromHome } from "./search-results";

/* The search's filters: each kind narrows the list, they combine, and they clear. */

for (const mode of jsModes) {
  test.describe(`search ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    const specs = (card: Locator) => card.locator(".car-card__specs");
    const specsNumber = async (card: Locator, pattern: RegExp) =>
      Number((await specs(card).textContent())!.match(pattern)![1].replace(/,/g, ""));
    const filterCases: Array<{
      group: string;
      option: string;
      param: RegExp;
      check: (card: Locator) => Promise<void>;
    }> = [
      {
        group: "Suppliers",
        option: "Llanos Rent a Car",
        param: /supplier=\d+/,
        check: (c) => expect(c.locator(".car-card__supplier")).toHaveText(/Llanos Rent a Car/),
      },
      {
        group: "Car specs",
        option: "Air conditioning",
        param: /spec=aircon/,
        // "No air conditioning" does not contain it: the chip's text starts with a capital.
        check: (c) => expect(specs(c)).toContainText("Air conditioning"),
      },
      {
        group: "Car specs",
        option: "5 seats or more",
        param: /spec=seats5/,
        check: async (c) => expect(await specsNumber(c, /^(\d+) seats?/)).toBeGreaterThanOrEqual(5),
      },
      {
        group: "Fuel type",
        option: "Diesel",
        param: /fuel=diesel/,
        check: (c) => expect(specs(c)).toContainText("Fuel: Diesel"),
      },
      {
        group: "Gearbox",
        option: "Automatic",
        param: /gearbox=automatic/,
        check: (c) => expect(specs(c)).toContainText("Gearbox: Automatic"),
      },
      {
        group: "Mileage",
        option: "Unlimited",
        param: /mileage=unlimited/,
        check: (c) => expect(specs(c)).toContainText("Mileage: Unlimited"),
      },
      {
        group: "Fuel policy",
        option: "Free tank",
        param: /policy=freeTank/,
        check: (c) => expect(specs(c)).toContainText("Fuel policy: Free tank"),
      },
      {
        group: "Deposit",
        option: "Up to $250",
        param: /deposit=250/,
        // The price block's terms say "Deposit $X (how)"; a car without a deposit says none.
        check: async (c) =>
          expect(
            Number(
              ((await c.locator(".car-price__terms").textContent())!.match(/Deposit \$([\d,.]+)/)?.[1] ?? "0").replace(
                /,/g,
                "",
              ),
            ),
          ).toBeLessThanOrEqual(250),
      },
    ];

    test("every kind of filter narrows the list and the count", async ({ page }) => {
      // Nine searches, each result card checked: over the default 30 s when two workers share a busy two-core machine.
      test.slow();
      const base = await baseSearchUrl(page);
      const all = await resultCount(page);
      // Each kind filters on the server the same way with or without JavaScript; without it what
      // differs is the form's own submission (the "Apply filters" button, a plain GET), so two
      // kinds show it — the first and the deposit, whose parameter the combined step below keeps.
      const cases = mode.javaScriptEnabled ? filterCases : [filterCases[0], filterCases[filterCases.length - 1]];
      for (const f of cases) {
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
