import type { Page } from "@playwright/test";
import { expect, test } from "./support";

/*
 * The Greek terms of service and about page once said less than the English ones: every section
 * was there, but each paragraph dropped a clause (Rueda's role, the right to suspend accounts, the
 * bolívar rate, the supplier's fuel and damage conditions). Counting sections alone would not have
 * seen it, so each paragraph is also compared with its English counterpart by length: Greek runs
 * longer than English, and the cut paragraphs were 45–85 % of it.
 */
async function readPage(page: Page, path: string, language: string) {
  await page.goto(`${path}?l=${language}`);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  const article = page.locator("article");
  return {
    headings: await article.getByRole("heading", { level: 2 }).allInnerTexts(),
    paragraphs: await article.locator("section p").allInnerTexts(),
  };
}

for (const [path, title] of [
  ["/tos", "Όροι χρήσης"],
  ["/about", "Σχετικά με τη Rueda"],
] as const) {
  test(`${path} in Greek has as many sections and paragraphs as in English, each paragraph whole`, async ({ page }) => {
    const english = await readPage(page, path, "en");
    const greek = await readPage(page, path, "el");
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

    expect(english.headings.length).toBeGreaterThanOrEqual(4);
    expect(greek.headings).toHaveLength(english.headings.length);
    expect(greek.paragraphs).toHaveLength(english.paragraphs.length);
    greek.paragraphs.forEach((paragraph, i) => {
      const ratio = paragraph.length / english.paragraphs[i].length;
      expect(ratio, `paragraph ${i + 1} of ${path}: “${paragraph}”`).toBeGreaterThanOrEqual(0.9);
    });
  });
}
