import { share } from "./worker-servers";
import type { Locator, Page } from "@playwright/test";
import postgres from "postgres";
import { caracas, expect, jsModes, MAIQUETIA, money, test } from "./support";

/*
 * Catalogue and search against the demo data (14 Venezuelan locations, 6 suppliers,
 * 66 cars). Mérida is served by Andes Drive alone; Maiquetía by every supplier, with more
 * than one page of cars. Map tiles never load from the network: the tile server is
 * blocked, as it would be offline, and the page must stay free of console errors.
 */
const MERIDA = "Mérida – City centre";
const VALENCIA = "Valencia Airport (VLN)";

const sql = postgres(share.databaseUrl ?? "postgres://postgres@127.0.0.1:5432/rueda_e2e", { max: 1 });
test.afterAll(async () => {
  await sql.end();
});

const FROM = caracas(10, "10:00");
// Three days and two hours: four rental days.
const TO = caracas(13, "12:00");
const DAYS = 4;

async function blockTiles(page: Page) {
  await page.route(/tile\.openstreetmap\.org/, (route) => route.abort("blockedbyclient"));
}

async function resultCount(page: Page): Promise<number> {
  // With JavaScript the URL changes before the new results are on screen.
  await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
  const heading = page.getByRole("heading", { level: 2, name: /cars? available/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())!.replace(/\D/g, ""));
}

/** A button of one entry of the server-rendered list of locations. */
function listButton(page: Page, place: string, action: string): Locator {
  return page
    .locator(".location-list__item", { has: page.getByRole("heading", { name: place, exact: true }) })
    .getByRole("button", { name: new RegExp(`^${action}`) });
}

/** The drawn map of the home page, and one of its pins. */
function drawnMap(page: Page): Locator {
  return page.getByRole("region", { name: "Map of Venezuela with our locations" });
}
function pin(page: Page, place: string): Locator {
  return drawnMap(page).getByRole("button", { name: `Set as pick-up: ${place}`, exact: true });
}

function cards(page: Page): Locator {
  return page.locator("article.car-card");
}

async function searchFromHome(page: Page, place: string, { dropoff }: { dropoff?: string } = {}) {
  await page.goto("/?l=en");
  await page.getByLabel("Pick-up location").selectOption({ label: place });
  if (dropoff) {
    await page.getByLabel("Return to the same location").uncheck();
    await page.getByLabel("Drop-off location").selectOption({ label: dropoff });
  }
  await page.getByLabel("Pick-up date and time").fill(FROM);
  await page.getByLabel("Drop-off date and time").fill(TO);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search\?/);
  await resultCount(page);
}

/** The place and dates of a Maiquetía search, as a URL (what a bookmark holds). */
async function baseSearchUrl(page: Page): Promise<string> {
  await searchFromHome(page, MAIQUETIA);
  await resultCount(page);
  return page.url();
}

for (const mode of jsModes) {
  test.describe(`search ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.beforeEach(async ({ page }) => blockTiles(page));

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
        const daily = money((await card.locator(".car-card__price strong").first().textContent())!);
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
      const base = await baseSearchUrl(page);
      const all = await resultCount(page);
      for (const f of filterCases) {
        await page.goto(base);
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
      await expect(cards(page).first()).toContainText(/One-way fee \(different drop-off place\) \$30(?![\d.])/);
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

test.describe("map of locations", () => {
  test("with JavaScript the drawn map's pins and the list fill the form in place; the interactive map loads on request", async ({
    page,
  }) => {
    await blockTiles(page);
    const leaflet: string[] = [];
    page.on("request", (request) => {
      if (/locations-map\.client/.test(request.url())) leaflet.push(request.url());
    });
    await page.goto("/?l=en");
    await expect(drawnMap(page).getByRole("button", { name: /^Set as pick-up: / })).toHaveCount(14);
    await pin(page, MERIDA).click();
    await expect(page.getByLabel("Pick-up location").locator("option:checked")).toHaveText(MERIDA);
    await listButton(page, VALENCIA, "Set as drop-off").click();
    await expect(page.getByLabel("Return to the same location")).not.toBeChecked();
    await expect(page.getByLabel("Drop-off location").locator("option:checked")).toHaveText(VALENCIA);
    await expect(page).toHaveURL(/\/\?l=en$/);
    // Leaflet's script is not part of the home page until the visitor asks for the map.
    expect(leaflet).toEqual([]);
    await expect(page.locator(".leaflet-container")).toHaveCount(0);

    await page.getByRole("button", { name: "Show interactive map" }).click();
    const map = page.getByRole("region", { name: "Map of locations" });
    await expect(map.locator(".leaflet-container")).toBeVisible();
    expect(leaflet.length).toBeGreaterThan(0);
    await expect(map.locator(".leaflet-marker-icon")).toHaveCount(14);
    // The tiles are blocked: the page says so quietly, and the list is still there.
    await expect(page.getByText("The map is unavailable right now")).toBeVisible();
    await expect(page.locator(".location-list__item")).toHaveCount(14);

    await map.locator(`.leaflet-marker-icon[title="${VALENCIA}"]`).click();
    await map.locator(".leaflet-popup", { hasText: VALENCIA }).getByRole("button", { name: "Set as pick-up" }).click();
    await expect(page.getByLabel("Pick-up location").locator("option:checked")).toHaveText(VALENCIA);
    await map.locator(`.leaflet-marker-icon[title="${MERIDA}"]`).click();
    await map.locator(".leaflet-popup", { hasText: MERIDA }).getByRole("button", { name: "Set as drop-off" }).click();
    await expect(page.getByLabel("Drop-off location").locator("option:checked")).toHaveText(MERIDA);
    await expect(page).toHaveURL(/\/\?l=en$/);
  });

  test("the interactive map's button arriving with JavaScript moves nothing below the map", async ({ browser }) => {
    const brandsTop = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      await page.goto("/?l=en");
      const upgrade = page.getByRole("button", { name: "Show interactive map" });
      if (javaScriptEnabled) await expect(upgrade).toBeVisible();
      else await expect(upgrade).toHaveCount(0);
      const box = await page.getByRole("heading", { name: "Our rental brands" }).boundingBox();
      await context.close();
      return box?.y;
    };
    expect(await brandsTop(true)).toBe(await brandsTop(false));
  });

  test("on a 360 px phone no pin of the drawn map covers another, in any language", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    for (const language of ["es", "en", "fr", "el"]) {
      await page.goto(`/?l=${language}`);
      // Each pin is a 44 px target; the pin drawn in it is its ::before (app/styles/maps.css), whose
      // place on the map must not cover another's.
      const pins = await page.locator(".places-map__pin").evaluateAll((els) =>
        els.map((el) => {
          const target = el.getBoundingClientRect();
          const drawn = getComputedStyle(el, "::before");
          const [left, right, bottom] = [drawn.left, drawn.right, drawn.bottom].map(parseFloat);
          const height = parseFloat(drawn.height);
          return {
            target: Math.min(target.width, target.height),
            left: target.left + left,
            right: target.right - right,
            top: target.bottom - bottom - height,
            bottom: target.bottom - bottom,
          };
        }),
      );
      expect(pins).toHaveLength(14);
      for (const [i, a] of pins.entries()) {
        expect(a.target).toBeGreaterThanOrEqual(24);
        for (const b of pins.slice(i + 1)) {
          const overlap = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          expect(overlap, `${language}: pins at ${a.left},${a.top} and ${b.left},${b.top}`).toBe(false);
        }
      }
    }
    await context.close();
  });

  test("without JavaScript the drawn map's pins and the list's buttons keep the dates typed", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/?l=en");
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Show interactive map" })).toHaveCount(0);
    await expect(page.locator(".location-list__item")).toHaveCount(14);

    await page.getByLabel("Pick-up date and time").fill(FROM);
    await page.getByLabel("Drop-off date and time").fill(TO);
    await listButton(page, MERIDA, "Set as pick-up").click();
    await expect(page.getByLabel("Pick-up location").locator("option:checked")).toHaveText(MERIDA);
    await expect(page.getByLabel("Pick-up date and time")).toHaveValue(FROM);
    await expect(page.getByLabel("Drop-off date and time")).toHaveValue(TO);

    await listButton(page, VALENCIA, "Set as drop-off").click();
    await expect(page.getByLabel("Pick-up location").locator("option:checked")).toHaveText(MERIDA);
    await expect(page.getByLabel("Drop-off location").locator("option:checked")).toHaveText(VALENCIA);
    await expect(page.getByLabel("Return to the same location")).not.toBeChecked();
    await expect(page.getByLabel("Pick-up date and time")).toHaveValue(FROM);

    // A pin of the drawn map does the same for the pick-up place.
    await pin(page, MAIQUETIA).click();
    await expect(page.getByLabel("Pick-up location").locator("option:checked")).toHaveText(MAIQUETIA);
    await expect(page.getByLabel("Drop-off location").locator("option:checked")).toHaveText(VALENCIA);
    await expect(page.getByLabel("Drop-off date and time")).toHaveValue(TO);

    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText(`Return to ${VALENCIA}`)).toBeVisible();
    await expect(page.getByText(`${MAIQUETIA}, `)).toBeVisible();
    expect(new URL(page.url()).searchParams.get("from")).toBe(FROM);
    expect(new URL(page.url()).searchParams.get("to")).toBe(TO);
    await context.close();
  });
});

for (const mode of jsModes) {
  test.describe(`locations and suppliers ${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.beforeEach(async ({ page }) => blockTiles(page));

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
  await blockTiles(page);
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
