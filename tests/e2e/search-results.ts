import type { Locator, Page } from "@playwright/test";
import { caracas, expect, MAIQUETIA } from "./support";

/*
 * Catalogue and search against the demo data (14 Venezuelan locations, 6 suppliers,
 * 66 cars). Mérida is served by Andes Drive alone; Maiquetía by every supplier, with more
 * than one page of cars. Map tiles never load from the network: the tile server is
 * blocked, as it would be offline, and the page must stay free of console errors. What the
 * specs of the search and its pages share: search, search-filters, locations-map and catalogue-pages.
 */
export const MERIDA = "Mérida – City centre";
export const VALENCIA = "Valencia Airport (VLN)";

export const FROM = caracas(10, "10:00");
// Three days and two hours: four rental days.
export const TO = caracas(13, "12:00");

export async function resultCount(page: Page): Promise<number> {
  // With JavaScript the URL changes before the new results are on screen.
  await expect(page.locator('.results[aria-busy="true"]')).toHaveCount(0);
  const heading = page.getByRole("heading", { level: 2, name: /cars? available/ });
  await expect(heading).toBeVisible();
  return Number((await heading.textContent())!.replace(/\D/g, ""));
}

export function cards(page: Page): Locator {
  return page.locator("article.car-card");
}

export async function searchFromHome(page: Page, place: string, { dropoff }: { dropoff?: string } = {}) {
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
export async function baseSearchUrl(page: Page): Promise<string> {
  await searchFromHome(page, MAIQUETIA);
  await resultCount(page);
  return page.url();
}
