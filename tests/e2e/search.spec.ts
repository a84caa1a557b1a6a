import { caracas, expect, hydrated, jsModes, MAIQUETIA, money, test } from "./support";
import { specSql } from "./seed-database";
import { baseSearchUrl, cards, FROM, MERIDA, resultCount, searchFromHome, TO, VALENCIA } from "./search-results";

/* The search form and its results: the places and dates asked, the totals, the one-way fee and the pages. */

const sql = specSql();

const DAYS = 4;
/** The English results page of 15 cards, in bytes of HTML (issue 42 asks 30 KB; what is left: docs/decisions/0005). */
const HTML_BUDGET = 37.5 * 1024;

for (const mode of jsModes) {
  test.describe(`search ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });

    test("the home form finds cars at that place only, with the days and totals", async ({ page }) => {
      await searchFromHome(page, MERIDA);
      const count = await resultCount(page);
      expect(count).toBeGreaterThan(0);
      await expect(page.getByText(`${MERIDA}, `)).toBeVisible();
      await expect(page.getByText("4 days", { exact: false }).first()).toBeVisible();
      // Described for search engines in the reader's language.
      await expect(page.locator('meta[name="description"]')).toHaveAttribute(
        "content",
        /^The rental cars free at your pick-up place and dates/,
      );
      // Mérida is served by Andes Drive only.
      await expect(cards(page)).toHaveCount(Math.min(count, 15));
      for (const card of await cards(page).all()) {
        await expect(card.locator(".car-card__supplier")).toHaveText(/Andes Drive/);
        await expect(card.getByText(`Total for ${DAYS} days`)).toBeVisible();
        const daily = money((await card.locator(".car-card__day").textContent())!);
        const total = money((await card.locator(".car-card__total").textContent())!);
        expect(total).toBe(daily * DAYS);
      }

      await searchFromHome(page, MAIQUETIA);
      const suppliers = new Set(await page.locator(".car-card__supplier").allTextContents());
      expect(suppliers.size).toBeGreaterThan(1);
      // Cheapest first.
      const totals = (await page.locator(".car-card__total").allTextContents()).map(money);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
    });

    test("the drop-off place shows only when the car goes back elsewhere, and nothing on the home page moves as it loads", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/?l=en");
      if (mode.javaScriptEnabled) {
        // Once interactive, the page has not moved: layout shifts since it started, before any input.
        await expect(page.getByRole("button", { name: "Show interactive map" })).toBeVisible();
        const shifted = await page.evaluate(
          () =>
            new Promise<number>((resolve) => {
              new PerformanceObserver((list) =>
                resolve(
                  list.getEntries().reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
                ),
              ).observe({
                type: "layout-shift",
                buffered: true,
              });
              setTimeout(() => resolve(0), 1000);
            }),
        );
        expect(shifted).toBe(0);
      }
      await expect(page.getByLabel("Return to the same location")).toBeChecked();
      await expect(page.getByLabel("Drop-off location")).toBeHidden();
      await page.getByLabel("Return to the same location").uncheck();
      await expect(page.getByLabel("Drop-off location")).toBeVisible();
      await expect(page.getByText("Only used when the car is returned to another location.")).toBeVisible();
    });

    test("missing or wrong parameters bring the form back with messages", async ({ page }) => {
      const blank = await page.goto("/search?l=en");
      expect(blank?.status()).toBe(200);
      await expect(page.getByText("Choose a pick-up location and dates")).toBeVisible();
      await expect(page.getByRole("alert")).toHaveCount(0);

      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page.getByRole("alert")).toHaveText("Please fill in the field: Pick-up location");

      const bad = await page.goto(`/search?l=en&pickup=99999&from=${caracas(-3, "10:00")}&to=soon`);
      expect(bad?.status()).toBe(200);
      await expect(page.getByRole("alert")).toHaveText("Please fix errors");
      await expect(page.getByText("Choose a location from the list")).toBeVisible();
      await expect(page.getByText("Enter a valid date and time")).toBeVisible();

      await page.goto(`/search?l=en&pickup=1&same=1&from=${caracas(-3, "10:00")}&to=${caracas(2, "10:00")}`);
      await expect(page.getByText("The pick-up cannot be in the past")).toBeVisible();
      await page.goto(`/search?l=en&pickup=1&same=1&from=${FROM}&to=${FROM}`);
      await expect(page.getByText("The drop-off must be after the pick-up")).toBeVisible();
      await expect(page.getByLabel("Drop-off date and time")).toHaveAttribute("aria-invalid", "true");
    });
  });
}

/*
 * The results page's weight (issue 42, docs/architecture.md#budgets): each card is sent once, as
 * HTML, not again in the data the browser hydrates from; a card stays within 25 elements and
 * the English page of 15 cards within its bytes. With JavaScript the first page's cards stay as
 * the server drew them, and a client navigation draws the next page's from its data.
 */
test("the results page sends each card once, compact, and the browser keeps them", async ({ page }) => {
  await baseSearchUrl(page);
  const url = new URL(page.url());
  url.searchParams.set("l", "en");
  const html = await (await page.request.get(url.href)).text();
  const cardsHtml = html.match(/<article class="car-card"[\s\S]*?<\/article>/g) ?? [];
  expect(cardsHtml).toHaveLength(15);
  for (const card of cardsHtml) expect((card.match(/<[a-z]/g) ?? []).length).toBeLessThanOrEqual(25);
  const hydration = html.match(/window\.__remixContext = (.*?);<\/script>/)?.[1];
  expect(hydration).toBeDefined();
  expect(hydration).toContain('"cars":null');
  expect(hydration).not.toContain('"supplierName"');
  // Nor the places the form's two lists are drawn from.
  expect(hydration).toContain('"locations":null');
  expect(Buffer.byteLength(html)).toBeLessThanOrEqual(HTML_BUDGET);
  // A client navigation's data still carries the cards it draws.
  const dataUrl = new URL(url);
  dataUrl.searchParams.set("_data", "routes/search");
  const data = (await (await page.request.get(dataUrl.href)).json()) as {
    locations: unknown[];
    results: { cars: unknown[] };
  };
  expect(data.results.cars).toHaveLength(15);
  expect(data.locations.length).toBeGreaterThan(1);

  await page.goto(url.href);
  await hydrated(page);
  const firstPage = await cards(page).locator("h3").allTextContents();
  expect(firstPage).toHaveLength(15);
  await expect(cards(page).first().getByRole("link", { name: "Book" })).toHaveAttribute("href", /^\/checkout\?car=/);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(cards(page).first().locator(".car-card__total")).toHaveText(/^\$\d/);
  await page.getByRole("link", { name: "Page 1" }).click();
  await expect(cards(page).locator("h3")).toHaveText(firstPage);
  // The places' list, drawn by the server or by the browser, still searches.
  const places = await page.getByLabel("Pick-up location").locator("option").allTextContents();
  await page.goto(url.href);
  await hydrated(page);
  await expect(page.getByLabel("Pick-up location").locator("option")).toHaveText(places);
  await expect(page.getByLabel("Pick-up location")).toHaveValue(url.searchParams.get("pickup")!);
  await page.getByLabel("Pick-up location").selectOption({ label: MERIDA });
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("pickup")).not.toBe(url.searchParams.get("pickup"));
  await resultCount(page);
  await expect(cards(page).first().locator(".car-card__supplier")).toHaveText(/Andes Drive/);
});

/*
 * Links, totals and pages written by the server, the same with JavaScript on or off; the search form itself is submitted without JavaScript above (docs/operations.md#tests).
 */
test.describe("search: what the server writes", () => {
  test("each Book link carries the car, both places and the dates", async ({ page }) => {
    await searchFromHome(page, MAIQUETIA, { dropoff: VALENCIA });
    await expect(page.getByText(`Return to ${VALENCIA}`)).toBeVisible();
    const links = page.getByRole("link", { name: "Book", exact: true });
    expect(await links.count()).toBe(15);
    const pickup = new URL(page.url()).searchParams.get("pickup");
    const dropoff = new URL(page.url()).searchParams.get("dropoff");
    expect(pickup).not.toBe(dropoff);
    const cars = new Set<string>();
    for (const link of await links.all()) {
      const href = new URL((await link.getAttribute("href"))!, "http://x");
      expect(href.pathname).toBe("/checkout");
      expect(href.searchParams.get("pickup")).toBe(pickup);
      expect(href.searchParams.get("dropoff")).toBe(dropoff);
      expect(href.searchParams.get("from")).toBe(FROM);
      expect(href.searchParams.get("to")).toBe(TO);
      expect(href.searchParams.get("car")).toMatch(/^\d+$/);
      cars.add(href.searchParams.get("car")!);
    }
    expect(cars.size).toBe(15);
  });
  test("a drop-off elsewhere adds the supplier's one-way fee to every total and names it", async ({ page }) => {
    // Mérida's cars are all Andes Drive's: a $30 one-way fee for this test, put back after it.
    const [andes] = await sql<{ id: number; fee: number | null }[]>`
      select id, one_way_fee_cents as fee from suppliers where name = 'Andes Drive'`;
    await sql`update suppliers set one_way_fee_cents = 3000 where id = ${andes.id}`;
    try {
      const totals = async () => (await page.locator(".car-card__total").allTextContents()).map((text) => money(text));
      await searchFromHome(page, MERIDA);
      const same = await totals();
      expect(same.length).toBeGreaterThan(0);
      await expect(page.getByText(/One-way fee/)).toHaveCount(0);
      await searchFromHome(page, MERIDA, { dropoff: VALENCIA });
      expect(await totals()).toEqual(same.map((cents) => cents + 3000));
      // The car page, opened from a result, names the fee in what the total includes.
      await cards(page).first().getByRole("heading").getByRole("link").click();
      await expect(page.locator(".car-page__price .car-price__terms")).toContainText(
        /One-way fee \(different drop-off place\) \$30(?![\d.])/,
      );
    } finally {
      await sql`update suppliers set one_way_fee_cents = ${andes.fee} where id = ${andes.id}`;
    }
  });
  test("pages through the results, cheapest first across pages", async ({ page }) => {
    await baseSearchUrl(page);
    const count = await resultCount(page);
    expect(count).toBeGreaterThan(15);
    const firstPage = (await page.locator(".car-card__total").allTextContents()).map(money);
    const firstIds = await page.locator("article.car-card h3").allTextContents();
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    const secondPage = (await page.locator(".car-card__total").allTextContents()).map(money);
    expect(secondPage.length).toBe(Math.min(15, count - 15));
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]);
    expect(await resultCount(page)).toBe(count);
    await page.getByRole("link", { name: "Page 1" }).click();
    await expect(page.locator("article.car-card h3")).toHaveText(firstIds);
  });
});
