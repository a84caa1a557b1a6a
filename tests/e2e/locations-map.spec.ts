import type { Locator, Page } from "@playwright/test";
import { expect, MAIQUETIA, test } from "./support";
import { FROM, MERIDA, TO, VALENCIA } from "./search-results";

/* The home page's map of locations and its list of places, filling in the search form. */

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

test.describe("map of locations", () => {
  test("with JavaScript the drawn map's pins and the list fill the form in place; the interactive map loads on request", async ({
    page,
  }) => {
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

  test("on a 360 px phone no pin of the drawn map covers another's target, in any language", async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    for (const language of ["es", "en", "fr", "el"]) {
      await page.goto(`/?l=${language}`);
      // Each pin is a target of at least 24 px (WCAG 2.5.8) that no other target covers, even in
      // part: what Lighthouse's target-size checks (docs/decisions/0008).
      const pins = await page
        .locator(".places-map__pin")
        .evaluateAll((els) =>
          els
            .map((el) => el.getBoundingClientRect())
            .map(({ left, right, top, bottom }) => ({ left, right, top, bottom })),
        );
      expect(pins).toHaveLength(14);
      for (const [i, a] of pins.entries()) {
        expect(Math.min(a.right - a.left, a.bottom - a.top)).toBeGreaterThanOrEqual(24);
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
